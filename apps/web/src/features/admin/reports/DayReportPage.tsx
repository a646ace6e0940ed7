import { useState } from 'react';
import { flushSync } from 'react-dom';
import { Alert, Badge, Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconDownload,
  IconLock,
  IconLockOpen,
  IconPrinter,
  IconReceipt2,
} from '@tabler/icons-react';
import { businessDayOf, DEFAULT_TIME_ZONE, mayDo, type Eatery } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/PageLoader';
import { useErrorText } from '../../../components/use-error-text';
import { currentLanguage } from '../../../i18n';
import { RestaurantScreen, type RestaurantScreenProps } from '../shared/ChooseRestaurant';
import { PrintOnPrinterButton } from '../shared/print-preview/PrintOnPrinterButton';
import { ScreenHeader } from '../shared/ScreenHeader';
import { DateField } from '../shared/forms/DateField';
import { useRestaurants } from '../shared/restaurants-api';
import { CloseDayModal } from './CloseDayModal';
import { DayReportSheet, type PaperSize } from './DayReportSheet';
import { isDay } from './report-range';
import { downloadDayCsv, useDayReport } from './reports-api';
import { ReopenDayModal } from './ReopenDayModal';
import { ZReportList } from './ZReportList';
import classes from './day-report.module.css';
import slip from '../shared/slip.module.css';

/**
 * `/admin/reports/z?day=YYYY-MM-DD`: the X report of a business day while it is open, its Z report once closed;
 * closing the day (Z), reopening it (EATERY_ADMIN, with a reason), printing at 80 mm or A4, the CSV, and the recent Z
 * reports. For the restaurant's admin and its cashiers (ROLE_MATRIX.zReport); the other reports stay the admin's.
 */
export function DayReportPage() {
  return <RestaurantScreen titleKey="reports.z.title" screen={DayReportGate} />;
}

/** Other roles are told who may close the day instead of getting a 403 from the call. */
function DayReportGate(props: RestaurantScreenProps) {
  const { t } = useTranslation();
  const restaurants = useRestaurants();
  if (restaurants.isPending) return <PageLoader rows={1} />;
  const restaurant = restaurants.data?.find((r) => r.id === props.restaurantId);
  if (!restaurant || !mayDo(restaurant.roles, 'zReport')) {
    return (
      <>
        <ScreenHeader title={t('reports.z.title')} restaurantName={props.restaurantName} />
        <Alert color="yellow" icon={<IconLock />} title={t('reports.z.notAllowed')} data-testid="reports-admin-only">
          {t('reports.z.notAllowedHint')}
        </Alert>
      </>
    );
  }
  return <DayReportScreen {...props} restaurant={restaurant} />;
}

function DayReportScreen({
  restaurantId,
  restaurantName,
  canManage,
  restaurant,
}: RestaurantScreenProps & { restaurant: Eatery }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [search, setSearch] = useSearchParams();
  const timeZone = restaurant.timeZone || DEFAULT_TIME_ZONE;
  // "Today" is the business day: before the day-start hour the night still belongs to yesterday.
  const today = businessDayOf(new Date(), timeZone, restaurant.dayStartHour ?? 0);
  const asked = search.get('day') ?? '';
  const day = isDay(asked) ? asked : today;
  const [paper, setPaper] = useState<PaperSize>(search.get('paper') === 'a4' ? 'a4' : '80mm');
  const [dialog, setDialog] = useState<'close' | 'reopen' | null>(null);
  const [downloading, setDownloading] = useState(false);
  const report = useDayReport(restaurantId, day);

  const showDay = (next: string) =>
    setSearch(
      (prev) => {
        const params = new URLSearchParams(prev);
        params.set('day', next);
        return params;
      },
      { replace: true },
    );

  /** The sheet is laid out for the paper first (synchronously), then the browser's print dialog opens. */
  const print = (size: PaperSize) => {
    flushSync(() => setPaper(size));
    window.print();
  };

  async function downloadCsv() {
    setDownloading(true);
    try {
      await downloadDayCsv(restaurantId, day, currentLanguage());
    } catch (err) {
      notifications.show({ color: 'red', title: t('reports.z.csvFailed'), message: errorText(err) });
    } finally {
      setDownloading(false);
    }
  }

  const z = report.data?.z ?? null;
  return (
    <div className={classes.screen}>
      <div className={`${slip.noPrint} ${classes.controls}`}>
        <ScreenHeader title={t('reports.z.title')} restaurantName={restaurantName} />
        <Group gap="sm" align="flex-end" wrap="wrap" mb="sm">
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
          <DateField
            label={t('reports.z.day')}
            value={day}
            max={today}
            // A day still being typed, or one after today, leaves the report where it is.
            onChange={(next) => isDay(next) && next <= today && showDay(next)}
            w={180}
            data-testid="z-report-day"
          />
          {report.data && (
            <Badge size="lg" variant="light" color={z ? 'teal' : 'blue'} mb={6} data-testid="day-status">
              {z ? t('reports.z.statusClosed', { number: z.number }) : t('reports.z.statusOpen')}
            </Badge>
          )}
        </Group>
        <Group gap="sm" wrap="wrap" mb="md">
          {report.data && !z && (
            <Button color="red" leftSection={<IconReceipt2 size={18} />} onClick={() => setDialog('close')}>
              {t('reports.z.close')}
            </Button>
          )}
          {report.data && z && mayDo(restaurant.roles, 'reopenDay') && (
            <Button
              variant="light"
              color="orange"
              leftSection={<IconLockOpen size={18} />}
              onClick={() => setDialog('reopen')}
            >
              {t('reports.z.reopen')}
            </Button>
          )}
          <Button leftSection={<IconPrinter size={18} />} onClick={() => print('80mm')} disabled={!report.data}>
            {t('reports.z.print80')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconPrinter size={18} />}
            onClick={() => print('a4')}
            disabled={!report.data}
          >
            {t('reports.z.printA4')}
          </Button>
          {/* The X report while the day is open, the Z report once closed: on every printer that prints reports. */}
          <PrintOnPrinterButton
            eateryId={restaurantId}
            request={{ what: 'DAY_REPORT', day }}
            variant="default"
            disabled={!report.data}
          />
          <Button
            variant="default"
            leftSection={<IconDownload size={18} />}
            onClick={() => void downloadCsv()}
            loading={downloading}
            disabled={!report.data}
          >
            {t('reports.z.csv')}
          </Button>
        </Group>
      </div>
      {report.isPending ? (
        <PageLoader rows={1} />
      ) : report.error ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} title={t('reports.loadFailed')} role="alert">
          {errorText(report.error)}
        </Alert>
      ) : (
        <DayReportSheet report={report.data} paper={paper} />
      )}
      <div className={`${slip.noPrint} ${classes.controls}`}>
        <ZReportList restaurantId={restaurantId} today={today} timeZone={timeZone} onShow={showDay} />
      </div>
      {dialog === 'close' && report.data && (
        <CloseDayModal restaurantId={restaurantId} report={report.data} onClose={() => setDialog(null)} />
      )}
      {dialog === 'reopen' && <ReopenDayModal restaurantId={restaurantId} day={day} onClose={() => setDialog(null)} />}
    </div>
  );
}
