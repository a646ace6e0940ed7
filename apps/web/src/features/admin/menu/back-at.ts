import { weekdayMinuteIn, WEEKDAYS } from '@qr-menu/contract';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The local calendar day of an instant in a time zone, as a day number (for "today" / "tomorrow"). */
function localDay(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(at)
    .reduce<Record<string, number>>((acc, p) => ({ ...acc, [p.type]: Number(p.value) }), {});
  return Date.UTC(parts.year, parts.month - 1, parts.day) / 86_400_000;
}

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/**
 * When a dish sold out "until the next business day" comes back, in the restaurant's time zone: "today at 08:00",
 * "tomorrow at 08:00" or "Monday at 08:00" (the card adds "Back …").
 */
export function backWhen(availableAgainAt: string, timeZone: string, t: Translate, now = new Date()): string {
  const at = new Date(availableAgainAt);
  const { weekday, minute } = weekdayMinuteIn(at, timeZone);
  const time = hhmm(minute);
  const days = localDay(at, timeZone) - localDay(now, timeZone);
  if (days <= 0) return t('dishes.card.backToday', { time });
  if (days === 1) return t('dishes.card.backTomorrow', { time });
  return t('dishes.card.backOn', { day: t(`menuHours.dayLong.${WEEKDAYS[weekday]}`), time });
}
