import { useEffect, useState } from 'react';
import type { GuestMenuCategory, GuestMenuDish } from '@qr-menu/contract';
import { isAvailableAt, nextAvailableStart, type AvailabilityHours } from '@qr-menu/contract/constants';

/**
 * Availability hours on the guest menu: a dish outside its own or its category's hours, in the
 * restaurant's time zone, is greyed "from 08:00" and cannot be added. The server refuses it anyway.
 */

/** When a dish that cannot be ordered now can be again: later today (inDays 0), on a weekday, or never (null). */
export interface NotNow {
  inDays: number;
  weekday: number;
  time: string;
}

/** Null: it can be ordered at `now`; else when it can next (start null: its hours have no days). */
export function notNow(
  dish: Pick<GuestMenuDish, 'availableHours'>,
  category: Pick<GuestMenuCategory, 'availableHours'> | null,
  timeZone: string,
  now: Date,
): { start: NotNow | null } | null {
  const closed = [category?.availableHours, dish.availableHours].filter(
    (h): h is AvailabilityHours => !!h && !isAvailableAt(h, timeZone, now),
  );
  if (closed.length === 0) return null;
  // Both closed: the later of their next starts (a breakfast dish in a lunch category waits for both).
  let start: NotNow | null = null;
  for (const hours of closed) {
    const next = nextAvailableStart(hours, timeZone, now);
    if (!next) return { start: null };
    if (!start || next.inDays > start.inDays || (next.inDays === start.inDays && next.time > start.time)) start = next;
  }
  return { start };
}

/** "from 08:00" / "from Mon 08:00" / "not available" in the guest's language. */
export function notNowLabel(start: NotNow | null, t: (key: string, values?: Record<string, unknown>) => string) {
  if (!start) return t('client.availability.never');
  if (start.inDays === 0) return t('client.availability.from', { time: start.time });
  return t('client.availability.fromDay', { day: t(`client.weekdays.${start.weekday}`), time: start.time });
}

const MINUTE = 60_000;

/** Does any category or dish of the menu have availability hours? Without any, no clock is needed. */
export function menuHasHours(menu: { categories: GuestMenuCategory[] } | undefined): boolean {
  return !!menu?.categories.some((c) => c.availableHours || c.dishes.some((d) => d.availableHours));
}

/**
 * The current time, for rules that depend on it: null on the server and in the first client render (so that the
 * hydrated HTML is the server's), then the time, refreshed every minute. `enabled` false: always null (no re-render
 * of the page after hydration when nothing depends on the time: Total Blocking Time on a phone).
 */
export function useNow(enabled = true): Date | null {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    if (!enabled) return;
    // The first tick in a task of its own: the formatters it needs (Intl, tens of milliseconds the first time on a
    // phone) are not made in the task that hydrates or mounts the page (Total Blocking Time).
    const first = setTimeout(() => setNow(new Date()), 0);
    const timer = setInterval(() => setNow(new Date()), MINUTE);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [enabled]);
  return enabled ? now : null;
}
