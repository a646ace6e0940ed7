import { formatInZone, zonedParts } from '@qr-menu/contract/constants';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A moment on the restaurant's clock, 24-hour: "11.01.2026 23:30" in az and ru, "Jan 11, 2026, 23:30" in en. az and
 * ru are written out, since browsers often ship no Azerbaijani calendar data.
 */
export function formatZonedDateTime(iso: string, lang: string, timeZone: string): string {
  const at = new Date(iso);
  if (lang === 'en') {
    const options: Intl.DateTimeFormatOptions = {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    };
    return formatInZone(at, 'en', options, timeZone);
  }
  const p = zonedParts(at, timeZone);
  return `${pad(p.day)}.${pad(p.month)}.${p.year} ${pad(p.hour)}:${pad(p.minute)}`;
}

/** A business day "2026-01-11" as a date, not shifted by any zone: "11.01.2026" in az and ru, "Jan 11, 2026" in en. */
export function formatDayDate(day: string, lang: string): string {
  if (lang === 'en') {
    return formatInZone(new Date(`${day}T00:00:00Z`), 'en', { day: 'numeric', month: 'short', year: 'numeric' }, 'UTC');
  }
  const [year, month, date] = day.split('-');
  return `${date}.${month}.${year}`;
}
