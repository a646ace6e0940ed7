import { describe, expect, it } from 'vitest';
import type { PrinterStatus } from '@qr-menu/contract';
import { printsForStation, SLOW_PRINT_MS, stuckPrinters, trackWaiting } from './print-queue';

const printer = (id: number, fields: Partial<PrinterStatus> = {}): PrinterStatus => ({
  id,
  name: `Printer ${id}`,
  state: 'ONLINE',
  waiting: 0,
  kitchen: true,
  departmentIds: [],
  ...fields,
});

describe('stuck printers', () => {
  it('warns at once about jobs waiting on a printer offline or out of paper, never about one with nothing waiting', () => {
    const printers = [
      printer(1, { state: 'OFFLINE', waiting: 2 }),
      printer(2, { state: 'NO_PAPER', waiting: 1 }),
      printer(3, { state: 'OFFLINE', waiting: 0 }),
    ];
    expect(stuckPrinters(printers, new Map(), 0).map((p) => p.id)).toEqual([1, 2]);
  });

  it('warns about jobs on a printer that looks fine only once they waited SLOW_PRINT_MS', () => {
    const since = new Map<number, number>();
    let printers = [printer(1, { waiting: 2 }), printer(2, { state: 'UNKNOWN', waiting: 1 })];
    trackWaiting(since, printers, 1000);
    expect(stuckPrinters(printers, since, 1000 + SLOW_PRINT_MS - 1)).toEqual([]);
    expect(stuckPrinters(printers, since, 1000 + SLOW_PRINT_MS).map((p) => p.id)).toEqual([1, 2]);
    // Printed meanwhile: the wait starts over with the next job.
    printers = [printer(1, { waiting: 0 }), printer(2, { state: 'UNKNOWN', waiting: 1 })];
    trackWaiting(since, printers, 30_000);
    printers = [printer(1, { waiting: 1 }), printer(2, { state: 'UNKNOWN', waiting: 1 })];
    trackWaiting(since, printers, 31_000);
    expect(since.get(1)).toBe(31_000);
    expect(since.get(2)).toBe(1000);
  });

  it("takes a station's kitchen printers: those of the station and those of every station", () => {
    expect(printsForStation(printer(1, { departmentIds: [5] }), 5)).toBe(true);
    expect(printsForStation(printer(1, { departmentIds: [] }), 5)).toBe(true);
    expect(printsForStation(printer(1, { departmentIds: [6] }), 5)).toBe(false);
    expect(printsForStation(printer(1, { departmentIds: [6] }), null)).toBe(true);
    expect(printsForStation(printer(1, { kitchen: false }), null)).toBe(false);
  });
});
