/**
 * What the admin's time and date fields accept and show. Stored values never change shape: a time is 'HH:mm'
 * (24-hour, 00:00–23:59), a day 'yyyy-mm-dd'. Shown: the same 24-hour time, and the day as dd.mm.yyyy in every
 * language (the browser's own inputs follow the computer's locale instead: "09:00 AM", "11/28/2026").
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** A stored time: 'HH:mm', 00:00–23:59. */
export const isTime = (value: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value);

/**
 * A typed time as 'HH:mm', or null when it is none. Accepts "9", "09", "9:", "9:30", "09.30", "9 30", "930" and
 * "0930"; refuses hours over 23, minutes over 59 and anything else ("9:5", "25:00", "noon").
 */
export function parseTimeText(text: string): string | null {
  const s = text.trim();
  const m = /^(\d{1,2})[:.]?()$/.exec(s) ?? /^(\d{1,2})[:. ](\d{2})$/.exec(s) ?? /^(\d{1,2})(\d{2})$/.exec(s) ?? null;
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = m[2] ? Number(m[2]) : 0;
  if (hour > 23 || minute > 59) return null;
  return `${pad(hour)}:${pad(minute)}`;
}

/** A stored day: 'yyyy-mm-dd' of a real calendar date. */
export const isDayValue = (value: string) => parseDayText(value) === value;

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * A typed date as 'yyyy-mm-dd', or null when it is none. Day first, as az and ru write it: "28.11.2026", "28/11/2026",
 * "28-11-2026", "8.3.2026", "28.11.26" (20yy), "28112026"; a pasted "2026-11-28" too. A date the calendar does not
 * have ("31.02.2026") is none.
 */
export function parseDayText(text: string): string | null {
  const s = text.trim();
  let year: number;
  let month: number;
  let day: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  const dayFirst = /^(\d{1,2})[./\- ](\d{1,2})[./\- ](\d{4}|\d{2})$/.exec(s) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(s);
  if (iso) {
    [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  } else if (dayFirst) {
    [day, month, year] = [Number(dayFirst[1]), Number(dayFirst[2]), Number(dayFirst[3])];
    if (dayFirst[3].length === 2) year += 2000;
  } else {
    return null;
  }
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** A stored day as the field shows it: '2026-11-28' → '28.11.2026'; anything else as it is (a half-typed text). */
export function formatDayText(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : value;
}

/**
 * The text of a time field after a key: only digits and separators are kept, and a colon follows two typed digits
 * that make an hour ("09" → "09:"), so "0930" reads "09:30" as it is typed; a second separator typed after it is
 * dropped. Deleting adds nothing.
 */
export function typedTime(previous: string, next: string): string {
  const text = next
    .replace(/[^\d:. ]/g, '')
    .replace(/([:. ])[:. ]+/g, '$1')
    .slice(0, 5);
  if (text.length > previous.length && text.startsWith(previous) && /^\d{2}$/.test(text) && Number(text) <= 23) {
    return `${text}:`;
  }
  return text;
}

/** The text of a date field after a key: digits and separators only, a dot after two typed day and month digits. */
export function typedDate(previous: string, next: string): string {
  const text = next
    .replace(/[^\d./\- ]/g, '')
    .replace(/([./\- ])[./\- ]+/g, '$1')
    .slice(0, 10);
  const forward = text.length > previous.length && text.startsWith(previous);
  if (forward && /^\d{2}$/.test(text) && Number(text) >= 1 && Number(text) <= 31) return `${text}.`;
  if (forward && /^\d{2}\.\d{2}$/.test(text) && Number(text.slice(3)) >= 1 && Number(text.slice(3)) <= 12) {
    return `${text}.`;
  }
  return text;
}
