import type { ReactNode } from 'react';
import { Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconMinus, IconSparkles } from '@tabler/icons-react';
import type { ReportFigures } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import {
  compare,
  formatChange,
  formatCount,
  formatMinutes,
  formatMoney,
  formatShare,
  type Change,
} from './report-format';

/** The headline figures of the range, each with its change against the previous range of the same length. */
export function FigureCards({ current, previous }: { current: ReportFigures; previous: ReportFigures }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const money = (n: number) => formatMoney(n, lang);
  const minutes = (n: number | null) =>
    n === null ? '—' : t('reports.figures.minutes', { n: formatMinutes(n, lang) });
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
        <Figure
          label={t('reports.figures.revenue')}
          value={money(current.revenue)}
          before={money(previous.revenue)}
          change={compare(current.revenue, previous.revenue, true)}
        />
        <Figure
          label={t('reports.figures.orders')}
          value={formatCount(current.orders, lang)}
          before={formatCount(previous.orders, lang)}
          change={compare(current.orders, previous.orders)}
        />
        <Figure
          label={t('reports.figures.averageCheck')}
          value={money(current.averageCheck)}
          before={money(previous.averageCheck)}
          change={compare(current.averageCheck, previous.averageCheck, true)}
        />
        <Figure
          label={t('reports.figures.tips')}
          value={money(current.tips)}
          before={money(previous.tips)}
          change={compare(current.tips, previous.tips, true)}
        />
        <Figure
          label={t('reports.figures.cancelled')}
          value={`${formatCount(current.cancelled, lang)} · ${formatShare(current.cancelledShare, lang)}`}
          before={`${formatCount(previous.cancelled, lang)} · ${formatShare(previous.cancelledShare, lang)}`}
          change={compare(current.cancelled, previous.cancelled)}
          lowerIsBetter
        />
        <Figure
          label={t('reports.figures.discounts')}
          value={money(current.discounts)}
          before={money(previous.discounts)}
          change={compare(current.discounts, previous.discounts, true)}
          lowerIsBetter
        />
        <Figure
          label={t('reports.figures.minutesToReady')}
          value={minutes(current.minutesToReady)}
          before={minutes(previous.minutesToReady)}
          change={minutesChange(current.minutesToReady, previous.minutesToReady)}
          lowerIsBetter
        />
        <Figure
          label={t('reports.figures.minutesToServed')}
          value={minutes(current.minutesToServed)}
          before={minutes(previous.minutesToServed)}
          change={minutesChange(current.minutesToServed, previous.minutesToServed)}
          lowerIsBetter
        />
      </SimpleGrid>
      <PaymentMethods figures={current} />
    </Stack>
  );
}

/** Times are compared only when both ranges have one. */
const minutesChange = (cur: number | null, prev: number | null): Change | null =>
  cur === null || prev === null ? null : compare(cur, prev);

function Figure({
  label,
  value,
  before,
  change,
  lowerIsBetter = false,
}: {
  label: string;
  value: ReactNode;
  before: string;
  change: Change | null;
  /** Cancellations, discounts and waiting times: a rise is bad news (red), a fall good news (green). */
  lowerIsBetter?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Card data-testid="report-figure" aria-label={label} component="section" p={{ base: 'sm', sm: 'md' }}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={{ base: 18, sm: 24 }} fw={700} mt={4} style={{ overflowWrap: 'anywhere' }} data-testid="figure-value">
        {value}
      </Text>
      <Group gap={6} mt={4} wrap="wrap">
        {change && <ChangeMark change={change} lowerIsBetter={lowerIsBetter} />}
        <Text size="xs" c="dimmed">
          {t('reports.figures.before', { value: before })}
        </Text>
      </Group>
    </Card>
  );
}

/** An arrow, a sign and a colour: the direction reads without the colour (WCAG 1.4.1). */
export function ChangeMark({ change, lowerIsBetter }: { change: Change; lowerIsBetter: boolean }) {
  const { t, i18n } = useTranslation();
  if (change.trend === 'new') {
    return (
      <Group gap={2} c="blue.8" data-testid="figure-change" data-trend="new">
        <IconSparkles size={16} aria-hidden />
        <Text size="sm" fw={600} c="inherit">
          {t('reports.change.new')}
        </Text>
      </Group>
    );
  }
  const good = change.trend === 'same' ? null : (change.trend === 'up') !== lowerIsBetter;
  const color = good === null ? 'gray.7' : good ? 'teal.9' : 'red.8';
  const Icon = change.trend === 'up' ? IconArrowUpRight : change.trend === 'down' ? IconArrowDownRight : IconMinus;
  return (
    <Group
      gap={2}
      c={color}
      data-testid="figure-change"
      data-trend={change.trend}
      // One spoken phrase ("up 12 %") instead of an arrow and a number read apart.
      role="img"
      aria-label={t(`reports.change.${change.trend}`, { percent: formatChange(change.percent ?? 0, i18n.language) })}
    >
      <Icon size={16} aria-hidden />
      <Text size="sm" fw={600} c="inherit" aria-hidden>
        {formatChange(change.percent ?? 0, i18n.language)}
      </Text>
    </Group>
  );
}

function PaymentMethods({ figures }: { figures: ReportFigures }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Card component="section" aria-labelledby="report-methods">
      <Text id="report-methods" size="sm" c="dimmed" fw={500} mb="xs">
        {t('reports.figures.byMethod')}
      </Text>
      {figures.byMethod.length === 0 ? (
        <Text size="sm">{t('reports.figures.noPayments')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={280}>
          <Table data-testid="report-methods">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('reports.figures.method')}</Table.Th>
                <Table.Th ta="right">{t('reports.figures.amount')}</Table.Th>
                <Table.Th ta="right">{t('reports.figures.tips')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {figures.byMethod.map((m) => (
                <Table.Tr key={m.method}>
                  <Table.Td>{t(`reports.method.${m.method}`)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(m.amount, lang)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(m.tips, lang)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
