import { useId } from 'react';
import { Badge, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateField } from '../shared/forms/DateField';
import { isDayValue } from '../shared/forms/time-date-text';
import { STATUS_FILTERS, type DateRange, type StatusFilter, type StatusGroup } from './order-format';
import { STATUS_ICONS, useStatusColors } from './status-style';
import type { OrderFilterState } from './use-order-filters';
import classes from './orders.module.css';

const SHORTCUTS = ['today', 'yesterday', 'last7'] as const;

/** The filters that stand for one status (the others: open, closed, all). */
const isStatusGroup = (f: StatusFilter): f is StatusGroup => f !== 'open' && f !== 'closed' && f !== 'all';

/**
 * The filter strip of the orders board: status buttons with their counts (open orders first, closed ones behind
 * their own button), the date shortcuts and the two days, plus the message of a range that cannot be fetched.
 */
export function OrderFilters({ filters, counts }: { filters: OrderFilterState; counts: Record<StatusFilter, number> }) {
  const { t } = useTranslation();
  const colors = useStatusColors();
  const { range } = filters;
  const problem = rangeProblem(range);
  return (
    <>
      <div className={classes.filterBar} role="toolbar" aria-label={t('orders.filters')}>
        <div className={classes.filterGroup} role="group" aria-label={t('orders.statusFilter')}>
          {STATUS_FILTERS.map((f) => {
            const active = filters.status === f;
            // Only restaurants where staff confirm guest orders have waiting ones: no button with 0 elsewhere.
            if (f === 'NEEDS_CONFIRMATION' && counts[f] === 0 && !active) return null;
            const group = isStatusGroup(f);
            const color = group ? colors.order(f) : undefined;
            const FilterIcon = group ? STATUS_ICONS[f] : null;
            return (
              <Button
                key={f}
                size="sm"
                radius="xl"
                variant={active ? 'filled' : 'light'}
                color={color}
                autoContrast
                aria-pressed={active}
                data-filter={f}
                onClick={() => filters.setStatus(f)}
                leftSection={FilterIcon ? <FilterIcon size={16} aria-hidden /> : undefined}
                rightSection={
                  <Badge size="sm" circle={counts[f] < 10} variant={active ? 'white' : 'filled'} color={color}>
                    {counts[f]}
                  </Badge>
                }
              >
                {t(group ? `orders.status.${f}` : `orders.filter.${f}`)}
              </Button>
            );
          })}
        </div>
        <div className={classes.separator} aria-hidden />
        <div className={classes.filterGroup} role="group" aria-label={t('orders.dateShortcuts')}>
          {SHORTCUTS.map((s) => (
            <Button
              key={s}
              size="sm"
              radius="xl"
              variant={filters.shortcut === s ? 'filled' : 'default'}
              color="dark"
              aria-pressed={filters.shortcut === s}
              onClick={() => filters.setShortcut(s)}
            >
              {t(`orders.shortcut.${s}`)}
            </Button>
          ))}
        </div>
        <div className={classes.filterGroup}>
          <RangeEnd end="from" label={t('orders.from')} filters={filters} />
          <RangeEnd end="to" label={t('orders.to')} filters={filters} />
        </div>
      </div>
      {problem && (
        <Text c="red" size="sm" mb="sm" role="alert">
          {t(problem === 'required' ? 'orders.dateRequired' : 'orders.dateOrder')}
        </Text>
      )}
    </>
  );
}

/**
 * What the message under the strip says: an empty end, or a start after the end. A half-typed end has no message
 * here: its field says what a date looks like once it is left.
 */
function rangeProblem(range: DateRange): 'required' | 'order' | null {
  if (!range.from || !range.to) return 'required';
  if (isDayValue(range.from) && isDayValue(range.to) && range.from > range.to) return 'order';
  return null;
}

/** An end is marked when it is empty or out of order; a half-typed one shows its field's own message instead. */
const endMarked = (range: DateRange, end: keyof DateRange) =>
  !range[end] || (isDayValue(range[end]) && rangeProblem(range) === 'order');

/**
 * One end of the date range as a compact dd.mm.yyyy field (the browser's date input follows the computer's locale):
 * the label sits beside it so the filters fit one strip on phones; the other end bounds the calendar.
 */
function RangeEnd({ end, label, filters }: { end: keyof DateRange; label: string; filters: OrderFilterState }) {
  const id = useId();
  const { range } = filters;
  return (
    <Group gap={6} wrap="nowrap">
      <Text component="label" htmlFor={id} size="sm" fw={600} c="dimmed">
        {label}
      </Text>
      <DateField
        id={id}
        value={range[end]}
        min={end === 'to' ? range.from || undefined : undefined}
        max={end === 'from' ? range.to || undefined : undefined}
        onChange={(day) => filters.setDay(end, day)}
        radius="xl"
        size="sm"
        w={165}
        error={endMarked(range, end)}
      />
    </Group>
  );
}
