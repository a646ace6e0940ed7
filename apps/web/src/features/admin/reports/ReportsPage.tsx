import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Chip, Group, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconChartBar, IconDownload, IconLock, IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/PageLoader';
import { useErrorText } from '../../../components/use-error-text';
import { currentLanguage } from '../../../i18n';
import { RestaurantScreen, type RestaurantScreenProps } from '../shared/ChooseRestaurant';
import { ScreenHeader } from '../shared/ScreenHeader';
import { DateField } from '../shared/forms/DateField';
import { useRestaurants } from '../shared/restaurants-api';
import { businessDayOf, dayIn } from '@qr-menu/contract';
import { FigureCards } from './FigureCards';
import { formatDay } from './report-format';
import { presetRange, RANGE_PRESETS, rangeError, type DayRange, type RangePreset } from './report-range';
import { downloadCsv, useReport, type CsvKind } from './reports-api';

// Recharts is large: it loads with the charts, not with every admin screen of the admin chunk.
const ReportCharts = lazy(() => import('./ReportCharts').then((m) => ({ default: m.ReportCharts })));

/** `/admin/reports`: the owner's sales figures, charts and CSV downloads for a range of days (EATERY_ADMIN only). */
export function ReportsPage() {
  return <RestaurantScreen titleKey="reports.title" screen={ReportsGate} />;
}

/** Reports are the restaurant admin's: other roles are told so instead of getting a 403 from every call. */
function ReportsGate(props: RestaurantScreenProps) {
  const { t } = useTranslation();
  const restaurants = useRestaurants();
  if (restaurants.isPending) return <PageLoader rows={2} />;
  const restaurant = restaurants.data?.find((r) => r.id === props.restaurantId);
  if (!props.canManage) {
    return (
      <>
        <ScreenHeader title={t('reports.title')} restaurantName={props.restaurantName} />
        <Alert color="yellow" icon={<IconLock />} title={t('reports.adminOnly')} data-testid="reports-admin-only">
          {t('reports.adminOnlyHint')}
        </Alert>
      </>
    );
  }
  return (
    <ReportsScreen
      {...props}
      timeZone={restaurant?.timeZone ?? 'Asia/Baku'}
      dayStartHour={restaurant?.dayStartHour ?? 0}
    />
  );
}

function ReportsScreen({
  restaurantId,
  restaurantName,
  timeZone,
  dayStartHour,
}: RestaurantScreenProps & { timeZone: string; dayStartHour: number }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const lang = i18n.language;
  const today = dayIn(new Date(), timeZone);
  const [preset, setPreset] = useState<RangePreset>('today');
  const [custom, setCustom] = useState<DayRange>({ from: today, to: today });
  const customError = preset === 'custom' ? rangeError(custom) : null;
  const range: DayRange | null = preset === 'custom' ? (customError ? null : custom) : presetRange(preset, today);
  const report = useReport(restaurantId, range);
  const [downloading, setDownloading] = useState<CsvKind | null>(null);

  // "Close the day" closes the day on screen when only one is shown, else today's business day (before the day-start
  // hour, the night still belongs to yesterday).
  const businessToday = businessDayOf(new Date(), timeZone, dayStartHour);
  const zDay = range && range.from === range.to && range.from !== today ? range.from : businessToday;

  async function download(kind: CsvKind) {
    if (!range) return;
    setDownloading(kind);
    try {
      await downloadCsv(restaurantId, kind, range, currentLanguage());
    } catch (err) {
      notifications.show({ color: 'red', title: t('reports.csv.failed'), message: errorText(err) });
    } finally {
      setDownloading(null);
    }
  }

  const rangeText = (r: { from: string; to: string }) =>
    r.from === r.to
      ? formatDay(r.from, lang, true)
      : `${formatDay(r.from, lang, r.from.slice(0, 4) !== r.to.slice(0, 4))} – ${formatDay(r.to, lang, true)}`;

  return (
    <Stack gap="md">
      <ScreenHeader
        title={t('reports.title')}
        restaurantName={restaurantName}
        action={
          <Button
            component={Link}
            to={`/admin/reports/z?day=${zDay}&restaurantId=${restaurantId}`}
            leftSection={<IconReceipt size={18} />}
          >
            {t('reports.closeDay')}
          </Button>
        }
      />

      <Stack gap="xs">
        <Chip.Group multiple={false} value={preset} onChange={(v) => setPreset(v as RangePreset)}>
          <Group gap="xs" role="radiogroup" aria-label={t('reports.range.label')}>
            {RANGE_PRESETS.map((p) => (
              <Chip key={p} value={p} type="radio">
                {t(`reports.range.${p}`)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        {preset === 'custom' && (
          <Group gap="sm" align="flex-start" wrap="wrap">
            <DateField
              label={t('reports.range.from')}
              value={custom.from}
              max={custom.to || undefined}
              onChange={(from) => setCustom((c) => ({ ...c, from }))}
              w={180}
              data-testid="report-range-from"
            />
            <DateField
              label={t('reports.range.to')}
              value={custom.to}
              min={custom.from || undefined}
              onChange={(to) => setCustom((c) => ({ ...c, to }))}
              error={customError ? t(customError) : undefined}
              w={180}
              data-testid="report-range-to"
            />
          </Group>
        )}
        {report.data && (
          <Text size="sm" c="dimmed" data-testid="report-range">
            {t('reports.range.shown', {
              range: rangeText(report.data.current),
              previous: rangeText(report.data.previous),
              timeZone: report.data.timeZone,
            })}
          </Text>
        )}
      </Stack>

      <Group gap="sm" wrap="wrap">
        {(['orders', 'items'] as const).map((kind) => (
          <Button
            key={kind}
            variant="default"
            leftSection={<IconDownload size={18} />}
            onClick={() => void download(kind)}
            loading={downloading === kind}
            disabled={!range}
          >
            {t(`reports.csv.${kind}`)}
          </Button>
        ))}
      </Group>

      {!range ? null : report.isPending ? (
        <PageLoader rows={3} />
      ) : report.error ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} title={t('reports.loadFailed')} role="alert">
          {errorText(report.error)}
        </Alert>
      ) : (
        <>
          <FigureCards current={report.data.current} previous={report.data.previous} />
          {report.data.current.orders === 0 && report.data.byHour.length === 0 ? (
            <Alert color="gray" icon={<IconChartBar />} title={t('reports.empty')} data-testid="reports-empty">
              {t('reports.emptyHint')}
            </Alert>
          ) : (
            <Suspense fallback={<Skeleton height={260} radius="md" />}>
              <ReportCharts report={report.data} />
            </Suspense>
          )}
        </>
      )}
    </Stack>
  );
}
