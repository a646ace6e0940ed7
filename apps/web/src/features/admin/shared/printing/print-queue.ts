import type { PrinterStatus } from '@qr-menu/contract';

/**
 * How long jobs may wait on a printer that looks fine (ONLINE, or not tried yet) before the banner says so: a job
 * normally prints within a second or two, so a shorter wait would flash the banner with every new order.
 */
export const SLOW_PRINT_MS = 20_000;

/** Whether a printer prints the kitchen tickets of `station` (null: the "All" station sees every kitchen printer). */
export const printsForStation = (printer: PrinterStatus, station: number | null) =>
  printer.kitchen &&
  (station === null || printer.departmentIds.length === 0 || printer.departmentIds.includes(station));

/**
 * The printers to warn about: jobs waiting on one that is OFFLINE or out of paper at once; jobs waiting on one
 * that looks fine once they have waited SLOW_PRINT_MS (`waitingSince`: since when each printer has had jobs
 * waiting, by id, in ms).
 */
export function stuckPrinters(
  printers: readonly PrinterStatus[],
  waitingSince: ReadonlyMap<number, number>,
  now: number,
): PrinterStatus[] {
  return printers.filter((p) => {
    if (p.waiting <= 0) return false;
    if (p.state === 'OFFLINE' || p.state === 'NO_PAPER') return true;
    const since = waitingSince.get(p.id);
    return since !== undefined && now - since >= SLOW_PRINT_MS;
  });
}

/** Brings `waitingSince` up to date with the printers' latest state: a printer starts waiting now, or stops. */
export function trackWaiting(waitingSince: Map<number, number>, printers: readonly PrinterStatus[], now: number) {
  const waiting = new Set(printers.filter((p) => p.waiting > 0).map((p) => p.id));
  for (const id of waitingSince.keys()) if (!waiting.has(id)) waitingSince.delete(id);
  for (const id of waiting) if (!waitingSince.has(id)) waitingSince.set(id, now);
}
