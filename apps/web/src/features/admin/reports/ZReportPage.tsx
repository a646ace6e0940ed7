import { Alert, Button, Group, SegmentedControl, TextInput } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconLock, IconPrinter } from '@tabler/icons-react';
import { dayIn, formatInZone, mayDo, toCents, type PaymentMethod, type ZReport } from '@qr-menu/contract';
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

/**
 * `/admin/reports/z?day=YYYY-MM-DD`: "close the day", the Z report of one business day, printable on 80 mm or A4.
 * For the restaurant's admin and its cashiers (ROLE_MATRIX.zReport); the other reports stay the admin's.
 */
export function ZReportPage() {
  return <RestaurantScreen titleKey="reports.z.title" screen={ZReportGate} />;
}

/** Other roles are told who may close the day instead of getting a 403 from the call. */
function ZReportGate(props: RestaurantScreenProps) {
  const { t } = useTranslation();
  const restaurants = useRestaurants();
  if (restaurants.isPending) return <PageLoader rows={1} />;
  const restaurant = restaurants.data?.find((r) => r.id === props.restaurantId);
  if (!mayDo(restaurant?.roles, 'zReport')) {
    return (
      <>
        <ScreenHeader title={t('reports.z.title')} restaurantName={props.restaurantName} />
        <Alert color="yellow" icon={<IconLock />} title={t('reports.z.notAllowed')} data-testid="reports-admin-only">
          {t('reports.z.notAllowedHint')}
        </Alert>
      </>
    );
  }
  return <ZReportScreen {...props} timeZone={restaurant?.timeZone ?? 'Asia/Baku'} />;
}

function ZReportScreen({
  restaurantId,
  restaurantName,
  canManage,
  timeZone,
}: RestaurantScreenProps & { timeZone: string }) {
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
          {/* The other reports are the admin's: a cashier has nowhere to go back to. */}
          {canManage && (
            <Button
              component={Link}
              to={`/admin/reports?restaurantId=${restaurantId}`}
              variant="default"
              leftSection={<IconArrowLeft size={18} />}
            >
              {t('reports.z.back')}
            </Button>
          )}
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

/** The line under a method that says what its drawer, terminal or other till holds at closing. */
const HELD_KEY: Record<PaymentMethod, string> = {
  CASH: 'reports.z.inDrawer',
  CARD: 'reports.z.onTerminal',
  OTHER: 'reports.z.collected',
};

/**
 * The Z report itself, in the RESTAURANT's language (not the interface's) and its time zone: what the day took by
 * payment method, tips, discounts, cancellations and the orders still open.
 *
 * Each method reads top to bottom as a sum a cashier can check: what its payments took for the bills (before
 * refunds), − the refunds, + the tips charged on top of the bills, = what the drawer / terminal holds (amount + tips).
 * Tips are never folded into another line. Below: the payments' total (the methods' amounts: refunds off, tips apart;
 * the day's revenue once all its bills are closed), the tips' total and the refunds' total.
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
  const cents = (pick: (m: ZReport['byMethod'][number]) => number) =>
    report.byMethod.reduce((sum, m) => sum + toCents(pick(m)), 0);
  const paymentsTotal = cents((m) => m.amount) / 100;
  const refundsTotal = cents((m) => m.refunds);
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
      {report.byMethod.map((m) => {
        const refunds = toCents(m.refunds);
        const tips = toCents(m.tips);
        return (
          <div key={m.method} data-testid="z-method" data-method={m.method} className={classes.method}>
            <Row
              label={`${t(`reports.method.${m.method}`)} (${m.count})`}
              value={money((toCents(m.amount) + refunds) / 100)}
            />
            {refunds > 0 && (
              <Row label={t('reports.z.refunds')} value={`−${money(refunds / 100)}`} testId="z-method-refunds" indent />
            )}
            {tips > 0 && (
              <Row label={t('reports.z.tipsOnTop')} value={`+${money(tips / 100)}`} testId="z-method-tips" indent />
            )}
            <Row
              label={t(HELD_KEY[m.method])}
              value={money((toCents(m.amount) + tips) / 100)}
              testId="z-method-held"
              indent
              strong
            />
          </div>
        );
      })}
      {report.byMethod.length > 0 && (
        <>
          <hr className={slip.rule} />
          <Row label={t('reports.z.paymentsTotal')} value={money(paymentsTotal)} testId="z-payments-total" strong />
        </>
      )}
      <Row label={t('reports.z.tipsTotal')} value={money(report.tips)} testId="z-tips" />
      {refundsTotal > 0 && (
        <Row label={t('reports.z.refundsTotal')} value={money(refundsTotal / 100)} testId="z-refunds-total" />
      )}
      <hr className={slip.rule} />
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
