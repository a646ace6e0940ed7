import { clockTime, dayIn, weekdayMinuteIn, WEEKDAYS } from '@qr-menu/contract';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * When a dish sold out "until the next business day" comes back, in the restaurant's time zone: "today at 08:00",
 * "tomorrow at 08:00" or "Monday at 08:00" (the card adds "Back …").
 */
export function backWhen(availableAgainAt: string, timeZone: string, t: Translate, now = new Date()): string {
  const at = new Date(availableAgainAt);
  const { weekday } = weekdayMinuteIn(at, timeZone);
  const time = clockTime(at, timeZone);
  const days = (Date.parse(dayIn(at, timeZone)) - Date.parse(dayIn(now, timeZone))) / 86_400_000;
  if (days <= 0) return t('dishes.card.backToday', { time });
  if (days === 1) return t('dishes.card.backTomorrow', { time });
  return t('dishes.card.backOn', { day: t(`menuHours.dayLong.${WEEKDAYS[weekday]}`), time });
}
