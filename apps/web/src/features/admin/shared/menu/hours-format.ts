import { WEEKDAYS, type AvailabilityHours } from '@qr-menu/contract';
/** The translator of useTranslation (only keys with options are used). */
type Translate = (key: string, options?: Record<string, unknown>) => string;
import './menu-texts';

/** Days of the week as runs of consecutive days: [0,1,2,3,4] -> [[0,4]], [0,2,4] -> [[0,0],[2,2],[4,4]]. */
function dayRuns(days: readonly number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const d of [...days].sort((a, b) => a - b)) {
    const last = runs[runs.length - 1];
    if (last && last[1] === d - 1) last[1] = d;
    else runs.push([d, d]);
  }
  return runs;
}

/** "Mon–Fri", "Mon, Wed, Sat–Sun" in the admin's language. */
export function formatDays(days: readonly number[], t: Translate): string {
  const short = (d: number) => t(`menuHours.dayShort.${WEEKDAYS[d]}`);
  return dayRuns(days)
    .map(([a, b]) => (a === b ? short(a) : b === a + 1 ? `${short(a)}, ${short(b)}` : `${short(a)}–${short(b)}`))
    .join(', ');
}

/** Does the range run past midnight into the next day (22:00–02:00)? The same time twice is the whole day. */
export const passesMidnight = (hours: Pick<AvailabilityHours, 'from' | 'to'>) =>
  !!hours.from && !!hours.to && hours.to < hours.from;

/** One line for a card: "Mon–Fri, 08:00–11:30", "Every day, 22:00–02:00", "Sat, Sun, all day". */
export function formatHours(hours: AvailabilityHours, t: Translate): string {
  if (hours.from === hours.to) return t('menuHours.summaryWholeDay', { days: formatDays(hours.days, t) });
  if (hours.days.length === 7) return t('menuHours.summaryAllDays', { from: hours.from, to: hours.to });
  return t('menuHours.summary', { days: formatDays(hours.days, t), from: hours.from, to: hours.to });
}
