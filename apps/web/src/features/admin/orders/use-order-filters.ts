import { useState } from 'react';
import { isDayValue } from '../shared/forms/time-date-text';
import {
  DEFAULT_STATUS_FILTER,
  rangeShortcut,
  shortcutRange,
  type DateRange,
  type DateShortcut,
  type StatusFilter,
} from './order-format';

/**
 * The filters of the orders board: a status button (open orders unless another is chosen) and a date range (a shortcut or two typed days, in the
 * restaurant's time zone). A shortcut follows the clock (a board left open over midnight moves to the new day);
 * typed dates stay put.
 */
export function useOrderFilters(now: Date, timeZone?: string) {
  const [status, setStatus] = useState<StatusFilter>(DEFAULT_STATUS_FILTER);
  const [dates, setDates] = useState<DateShortcut | DateRange>('today');
  const range = typeof dates === 'string' ? shortcutRange(dates, now, timeZone) : dates;
  return {
    status,
    setStatus,
    range,
    /**
     * Both ends must be real days (not empty, not half typed), and `from` may not come after `to`: no list is
     * fetched until they are right.
     */
    rangeInvalid: !isDayValue(range.from) || !isDayValue(range.to) || range.from > range.to,
    /** The shortcut button to show pressed: the chosen one, or the one the typed days happen to match. */
    shortcut: typeof dates === 'string' ? dates : rangeShortcut(range, now, timeZone),
    setShortcut: (shortcut: DateShortcut) => setDates(shortcut),
    /** Types one end of the range: YYYY-MM-DD, '' when the field was cleared, else the text as half typed. */
    setDay: (end: keyof DateRange, day: string) => setDates({ ...range, [end]: day }),
    /** The open orders of today (after creating one, so that it shows). */
    showToday: () => {
      setStatus(DEFAULT_STATUS_FILTER);
      setDates('today');
    },
  };
}

export type OrderFilterState = ReturnType<typeof useOrderFilters>;
