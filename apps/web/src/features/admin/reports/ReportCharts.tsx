// The charts' stylesheet comes with this lazily loaded module, like recharts itself (guest pages never load either).
import '@mantine/charts/styles.css';
import { useState, type ReactNode } from 'react';
import { BarChart, MatrixChart } from '@mantine/charts';
import {
  Card,
  Group,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { DishFigure, Report } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { dishName, formatCount, formatDay, formatMoney } from './report-format';

/** The charts of a report (all from @mantine/charts): by day, weekday × hour, dishes, tables and serving waiters. */
export function ReportCharts({ report }: { report: Report }) {
  return (
    <Stack gap="md">
      <RevenueByDay report={report} />
      <OrdersHeatmap report={report} />
      <DishesChart report={report} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <RevenueByTable report={report} />
        <RevenueByWaiter report={report} />
      </SimpleGrid>
    </Stack>
  );
}

function ChartCard({
  title,
  testId,
  action,
  children,
}: {
  title: string;
  testId: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-label={title} data-testid={testId}>
      <Group justify="space-between" align="flex-start" gap="sm" mb="sm">
        <Title order={3} size="h4">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}

function NoData() {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="dimmed">
      {t('reports.charts.noData')}
    </Text>
  );
}

function RevenueByDay({ report }: { report: Report }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const data = report.byDay.map((d) => ({ day: formatDay(d.day, lang), revenue: d.revenue, orders: d.orders }));
  return (
    <ChartCard title={t('reports.charts.byDay')} testId="chart-by-day">
      <BarChart
        h={260}
        data={data}
        dataKey="day"
        series={[{ name: 'revenue', label: t('reports.figures.revenue'), color: 'teal.6' }]}
        valueFormatter={(v) => formatMoney(v, lang)}
        yAxisProps={{ width: 80, tickFormatter: (v: number) => formatCount(v, lang) }}
        tickLine="y"
        maxBarWidth={48}
      />
    </ChartCard>
  );
}

const HOURS = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));

function OrdersHeatmap({ report }: { report: Report }) {
  const { t } = useTranslation();
  // Weekday names from the translations: browsers may lack Azerbaijani ones.
  const days = Array.from({ length: 7 }, (_, i) => t(`reports.weekday.${i + 1}`));
  const count = new Map(report.byHour.map((c) => [`${c.weekday}-${c.hour}`, c.orders]));
  // Every cell of the grid, so that the week reads as a full table; hours without orders are empty (null, grey).
  const data = days.flatMap((day, d) =>
    HOURS.map((hour, h) => ({ x: hour, y: day, value: count.get(`${d + 1}-${h}`) ?? null })),
  );
  const busiest = report.byHour.reduce<(typeof report.byHour)[number] | null>(
    (best, c) => (!best || c.orders > best.orders ? c : best),
    null,
  );
  return (
    <ChartCard title={t('reports.charts.byHour')} testId="chart-by-hour">
      {busiest ? (
        <>
          <Text size="sm" mb="xs" data-testid="busiest-hour">
            {t('reports.charts.busiest', {
              day: days[busiest.weekday - 1],
              hour: `${HOURS[busiest.hour]}:00`,
              n: busiest.orders,
            })}
          </Text>
          <ScrollArea type="auto" offsetScrollbars>
            <MatrixChart
              data={data}
              xLabels={HOURS}
              yLabels={days}
              withXLabels
              withYLabels
              xLabelsRotation={0}
              xLabelsHeight={24}
              yLabelsWidth={44}
              cellSize={22}
              gap={2}
              withTooltip
              getTooltipLabel={(cell) =>
                t('reports.charts.cell', { day: cell.y, hour: `${cell.x}:00`, n: cell.value ?? 0 })
              }
              withLegend
              legendLabels={[t('reports.charts.less'), t('reports.charts.more')]}
              colors={['orange.1', 'orange.3', 'orange.5', 'orange.8']}
              // The library sizes the legend for Latin letters: longer words must not be cut at the edge.
              style={{ overflow: 'visible' }}
              aria-label={t('reports.charts.byHour')}
              role="img"
            />
          </ScrollArea>
        </>
      ) : (
        <NoData />
      )}
    </ChartCard>
  );
}

type DishSide = 'top' | 'bottom';
type DishMeasure = 'quantity' | 'revenue';

function pickDishes(report: Report, side: DishSide, measure: DishMeasure): DishFigure[] {
  if (side === 'top') return measure === 'quantity' ? report.topByQuantity : report.topByRevenue;
  return measure === 'quantity' ? report.bottomByQuantity : report.bottomByRevenue;
}

function DishesChart({ report }: { report: Report }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [side, setSide] = useState<DishSide>('top');
  const [measure, setMeasure] = useState<DishMeasure>('quantity');
  const dishes = pickDishes(report, side, measure);
  const data = dishes.map((d) => ({ dish: dishName(d.names, lang), value: d[measure] }));
  const action = (
    <Group gap="xs" wrap="wrap">
      <SegmentedControl
        size="xs"
        value={side}
        onChange={(v) => setSide(v as DishSide)}
        aria-label={t('reports.charts.dishSide')}
        data={[
          { value: 'top', label: t('reports.charts.top') },
          { value: 'bottom', label: t('reports.charts.bottom') },
        ]}
      />
      <SegmentedControl
        size="xs"
        value={measure}
        onChange={(v) => setMeasure(v as DishMeasure)}
        aria-label={t('reports.charts.dishMeasure')}
        data={[
          { value: 'quantity', label: t('reports.charts.byQuantity') },
          { value: 'revenue', label: t('reports.charts.byRevenue') },
        ]}
      />
    </Group>
  );
  return (
    <ChartCard title={t('reports.charts.dishes')} testId="chart-dishes" action={action}>
      {data.length === 0 ? (
        <NoData />
      ) : (
        <>
          <BarChart
            h={48 + data.length * 30}
            data={data}
            dataKey="dish"
            orientation="vertical"
            series={[
              {
                name: 'value',
                label: t(measure === 'quantity' ? 'reports.charts.quantity' : 'reports.figures.revenue'),
                color: measure === 'quantity' ? 'blue.6' : 'teal.6',
              },
            ]}
            valueFormatter={(v) => (measure === 'revenue' ? formatMoney(v, lang) : formatCount(v, lang))}
            yAxisProps={{ width: 130 }}
            // Quantities are whole: no "0.5" ticks; room on the right for the value after the longest bar.
            xAxisProps={{ allowDecimals: measure === 'revenue' }}
            barChartProps={{ margin: { right: 48 } }}
            gridAxis="x"
            withBarValueLabel
          />
          {/* The names and numbers as text too, for screen readers and for a quick read on a phone. */}
          <VisuallyHidden component="ol" data-testid="dish-list">
            {data.map((d, i) => (
              <li key={i}>
                {d.dish}: {measure === 'revenue' ? formatMoney(d.value, lang) : formatCount(d.value, lang)}
              </li>
            ))}
          </VisuallyHidden>
        </>
      )}
    </ChartCard>
  );
}

function RevenueByTable({ report }: { report: Report }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const data = report.byTable.map((r) => ({
    table: t('reports.charts.table', { n: r.tableNumber }),
    revenue: r.revenue,
  }));
  return (
    <ChartCard title={t('reports.charts.byTable')} testId="chart-by-table">
      {data.length === 0 ? (
        <NoData />
      ) : (
        <BarChart
          h={Math.max(160, 48 + data.length * 28)}
          data={data}
          dataKey="table"
          orientation="vertical"
          series={[{ name: 'revenue', label: t('reports.figures.revenue'), color: 'teal.6' }]}
          valueFormatter={(v) => formatMoney(v, lang)}
          xAxisProps={{ tickFormatter: (v: number) => formatCount(v, lang) }}
          yAxisProps={{ width: 80 }}
          gridAxis="x"
        />
      )}
    </ChartCard>
  );
}

/** Each order is credited once, to the waiter who served it; orders nobody marked served from a screen stand apart. */
function RevenueByWaiter({ report }: { report: Report }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const data = report.byWaiter.map((r) => ({ waiter: r.name ?? t('reports.charts.notServed'), revenue: r.revenue }));
  return (
    <ChartCard title={t('reports.charts.byWaiter')} testId="chart-by-waiter">
      <Text size="sm" c="dimmed" mb="xs" data-testid="waiter-hint">
        {t('reports.charts.waiterHint')}
      </Text>
      {data.length === 0 ? (
        <NoData />
      ) : (
        <>
          <BarChart
            h={Math.max(160, 48 + data.length * 28)}
            data={data}
            dataKey="waiter"
            orientation="vertical"
            series={[{ name: 'revenue', label: t('reports.figures.revenue'), color: 'grape.6' }]}
            valueFormatter={(v) => formatMoney(v, lang)}
            xAxisProps={{ tickFormatter: (v: number) => formatCount(v, lang) }}
            yAxisProps={{ width: 130 }}
            gridAxis="x"
          />
          <VisuallyHidden component="ol" data-testid="waiter-list">
            {data.map((d, i) => (
              <li key={i}>
                {d.waiter}: {formatMoney(d.revenue, lang)}
              </li>
            ))}
          </VisuallyHidden>
        </>
      )}
    </ChartCard>
  );
}
