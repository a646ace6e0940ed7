import { dayIn, formatInZone, safeTimeZone } from '@qr-menu/contract/constants';

/**
 * Order times on the guest pages, on the restaurant's clock (the guest menu's `timeZone`), never the phone's: a
 * tourist's phone may be set to another zone, and staff see the restaurant's time. The zone is named after the time
 * ("14:05 (Asia/Baku)") so the guest knows whose clock it is.
 */

/** "Asia/Baku", "America/New York": the IANA name as people read it. */
export const timeZoneLabel = (timeZone: string) => timeZone.replace(/_/g, ' ');

/**
 * "14:05 (Asia/Baku)" for today's orders, "21 Nov, 14:05 (Asia/Baku)" for older ones, in the chosen language and
 * on the restaurant's clock. Without a (valid) zone: the phone's clock and no zone name.
 */
export function formatOrderDate(iso: string, lang: string, timeZone?: string | null, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const zone = safeTimeZone(timeZone);
  const sameDay = dayIn(date, zone) === dayIn(now, zone);
  const options: Intl.DateTimeFormatOptions = sameDay
    ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
    : { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
  const text = formatInZone(date, lang, options, zone);
  return zone ? `${text} (${timeZoneLabel(zone)})` : text;
}
