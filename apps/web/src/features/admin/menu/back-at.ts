import { dayAndTime, WEEKDAYS } from '@qr-menu/contract';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * When a dish sold out "until the next business day" comes back, in the restaurant's time zone: "today at 08:00",
 * "tomorrow at 08:00" or "Monday at 08:00" (the card adds "Back …").
 */
export function backWhen(availableAgainAt: string, timeZone: string, t: Translate, now = new Date()): string {
  const { inDays, weekday, time } = dayAndTime(new Date(availableAgainAt), now, timeZone);
  if (inDays <= 0) return t('dishes.card.backToday', { time });
  if (inDays === 1) return t('dishes.card.backTomorrow', { time });
  return t('dishes.card.backOn', { day: t(`menuHours.dayLong.${WEEKDAYS[weekday]}`), time });
}
