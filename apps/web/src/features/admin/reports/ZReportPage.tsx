import { Alert, Button, Group, SegmentedControl, TextInput } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { dayIn, formatInZone, toCents, type ZReport } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/PageLoader';
import { useErrorText } from '../../../components/use-error-text';
import { RestaurantScreen, type RestaurantScreenProps } from '../shared/ChooseRestaurant';
import { ScreenHeader } from '../shared/ScreenHeader';
import { useRestaurants } from '../shared/restaurants-api';
import { formatAmount, formatDay } from './report-format';
import { isDay } from './report-range';
import { useZReport } from './reports-api';
import classes from './z-report.module.css';
import slip from '../shared/slip.module.css';

export type PaperSize = '80mm' | 'a4';

/** `/admin/reports/z?day=YYYY-MM-DD`: "close the day", the Z report of one business day, printable on 80 mm or A4. */
export function ZReportPage() {
  return <RestaurantScreen titleKey="reports.z.title" screen={ZReportGate} />;
}

function ZReportGate(props: RestaurantScreenProps) {
  const { t } = useTranslation();
  const restaurants = useRestaurants();
  if (restaurants.isPending) return <PageLoader rows={1} />;
  if (!props.canManage) {
    return (
      <>
        <ScreenHeader title={t('reports.z.title')} restaurantName={props.restaurantName} />
        <Alert color="yellow" title={t('reports.adminOnly')} data-testid="reports-admin-only">
          {t('reports.adminOnlyHint')}
        </Alert>
      </>
    );
  }
  const timeZone = restaurants.data?.find((r) => r.id === props.restaurantId)?.timeZone ?? 'Asia/Baku';
  return <ZReportScreen {...props} timeZone={timeZone} />;
}

function ZReportScreen({ restaurantId, restaurantName, timeZone }: RestaurantScreenProps & { timeZone: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('day') ?? '';
  // No day or a malformed one: today in the restaurant's zone (the usual "close the day" at closing time).
  const day = isDay(asked) ? asked : dayIn(new Date(), timeZone);
  const paper: PaperSize = search.get('paper') === 'a4' ? 'a4' : '80mm';
  const z = useZReport(restaurantId, day);

  const update = (changes: Record<string, string>) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) next.set(k, v);
        return next;
      },
      { replace: true },
    );

  return (
    <div className={classes.screen}>
      <div className={`${slip.noPrint} ${classes.controls}`}>
        <ScreenHeader title={t('reports.z.title')} restaurantName={restaurantName} />
        <Group gap="sm" align="flex-end" wrap="wrap" mb="md">
          <Button
            component={Link}
            to={`/admin/reports?restaurantId=${restaurantId}`}
            variant="default"
            leftSection={<IconArrowLeft size={18} />}
          >
            {t('reports.z.back')}
          </Button>
          <TextInput
            type="date"
            label={t('reports.z.day')}
            value={day}
            onChange={(e) => isDay(e.currentTarget.value) && update({ day: e.currentTarget.value })}
            w={180}
          />
          <SegmentedControl
            value={paper}
            onChange={(v) => update({ paper: v })}
            aria-label={t('reports.z.paper')}
            data={[
              { value: '80mm', label: t('reports.z.paper80') },
              { value: 'a4', label: t('reports.z.paperA4') },
            ]}
          />
          <Button leftSection={<IconPrinter size={18} />} onClick={() => window.print()} disabled={!z.data}>
            {t('reports.z.print')}
          </Button>
        </Group>
      </div>
      {z.isPending ? (
        <PageLoader rows={1} />
      ) : z.error ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} title={t('reports.loadFailed')} role="alert">
          {errorText(z.error)}
        </Alert>
      ) : (
        <ZReportSheet report={z.data} paper={paper} />
      )}
    </div>
  );
}

/**
 * The Z report itself, in the RESTAURANT's language (not the interface's) and its time zone: what the day took by
 * payment method, tips, discounts, cancellations and the orders still open.
 */
export function ZReportSheet({ report, paper }: { report: ZReport; paper: PaperSize }) {
  const { i18n } = useTranslation();
  const lang = report.eatery.language;
  const t = i18n.getFixedT(lang);
  const money = (amount: number) => formatAmount(amount, lang);
  const dayText = formatDay(report.day, lang, true);
  const generated = formatInZone(
    new Date(report.generatedAt),
    lang,
    { dateStyle: 'short', timeStyle: 'short' },
    report.eatery.timeZone,
  );
  const paymentsTotal = report.byMethod.reduce((sum, m) => sum + toCents(m.amount), 0) / 100;
  return (
    <article
      className={`${classes.sheet} ${paper === 'a4' ? classes.a4 : classes.roll}`}
      data-z-report
      data-print-slip
      data-paper={paper}
      lang={lang}
      aria-label={t('reports.z.title')}
    >
      <h1 className={classes.name}>{report.eatery.name}</h1>
      <p className={classes.heading}>{t('reports.z.title')}</p>
      <Row label={t('reports.z.day')} value={dayText} />
      <Row label={t('reports.z.generatedAt')} value={generated} />
      <Row label={t('reports.z.timeZone')} value={report.eatery.timeZone} />
      <hr className={slip.rule} />
      <Row label={t('reports.z.orders')} value={String(report.orders)} testId="z-orders" />
      <Row label={t('reports.z.revenue')} value={`${money(report.revenue)} AZN`} testId="z-revenue" strong />
      <hr className={slip.rule} />
      <p className={classes.section}>{t('reports.z.byMethod')}</p>
      {report.byMethod.length === 0 && <p className={classes.muted}>{t('reports.z.noPayments')}</p>}
      {report.byMethod.map((m) => (
        <div key={m.method} data-testid="z-method">
          <Row label={`${t(`reports.method.${m.method}`)} (${m.count})`} value={money(m.amount)} />
          {toCents(m.tips) > 0 && <Row label={t('reports.z.tipsOf')} value={money(m.tips)} indent />}
        </div>
      ))}
      {report.byMethod.length > 0 && <Row label={t('reports.z.paymentsTotal')} value={money(paymentsTotal)} strong />}
      <hr className={slip.rule} />
      <Row label={t('reports.z.tips')} value={money(report.tips)} testId="z-tips" />
      <Row label={t('reports.z.discounts')} value={money(report.discounts)} testId="z-discounts" />
      <Row label={t('reports.z.cancelledOrders')} value={String(report.cancelledOrders)} testId="z-cancelled" />
      <Row
        label={t('reports.z.cancelledItems', { n: report.cancelledItems.count })}
        value={money(report.cancelledItems.value)}
        testId="z-cancelled-items"
      />
      <hr className={slip.rule} />
      <Row
        label={t('reports.z.openOrders', { n: report.openOrders.count })}
        value={money(report.openOrders.value)}
        testId="z-open"
        strong={report.openOrders.count > 0}
      />
      {report.openOrders.count > 0 && <p className={classes.warning}>{t('reports.z.openWarning')}</p>}
      <hr className={slip.rule} />
      <div className={classes.signature}>
        <span>{t('reports.z.signature')}</span>
        <span className={classes.line} />
      </div>
    </article>
  );
}

function Row({
  label,
  value,
  testId,
  strong = false,
  indent = false,
}: {
  label: string;
  value: string;
  testId?: string;
  strong?: boolean;
  indent?: boolean;
}) {
  return (
    <div className={`${slip.row} ${strong ? classes.strong : ''} ${indent ? classes.indent : ''}`} data-testid={testId}>
      <span>{label}</span>
      <span>{value}</span>
    </div>
  );
}
