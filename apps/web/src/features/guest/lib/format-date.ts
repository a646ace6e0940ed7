/**
 * Order times on the guest pages, on the restaurant's clock (the guest menu's `timeZone`), never the phone's: a
 * tourist's phone may be set to another zone, and staff see the restaurant's time. The zone is named after the time
 * ("14:05 (Asia/Baku)") so the guest knows whose clock it is.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(lang: string, timeZone: string | undefined, options: Intl.DateTimeFormatOptions) {
  const key = `${lang}|${timeZone ?? ''}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(lang, { ...options, timeZone });
    formatters.set(key, f);
  }
  return f;
}

/** The zone when this browser knows it (an unknown name would make Intl throw), else undefined (the phone's). */
export function knownTimeZone(timeZone: string | null | undefined): string | undefined {
  if (!timeZone) return undefined;
  try {
    formatter('en', timeZone, { hour: 'numeric' });
    return timeZone;
  } catch {
    return undefined;
  }
}

/** "Asia/Baku", "America/New York": the IANA name as people read it. */
export const timeZoneLabel = (timeZone: string) => timeZone.replace(/_/g, ' ');

/** The calendar day of an instant in `timeZone` (YYYY-MM-DD), to tell "today" on the restaurant's clock. */
function dayIn(date: Date, timeZone: string | undefined): string {
  return formatter('en-CA', timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

/**
 * "14:05 (Asia/Baku)" for today's orders, "21 Nov, 14:05 (Asia/Baku)" for older ones, in the chosen language and
 * on the restaurant's clock. Without a (valid) zone: the phone's clock and no zone name.
 */
export function formatOrderDate(iso: string, lang: string, timeZone?: string | null, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const zone = knownTimeZone(timeZone);
  const sameDay = dayIn(date, zone) === dayIn(now, zone);
  const options: Intl.DateTimeFormatOptions = sameDay
    ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
    : { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
  const text = formatter(lang, zone, options).format(date);
  return zone ? `${text} (${timeZoneLabel(zone)})` : text;
}
