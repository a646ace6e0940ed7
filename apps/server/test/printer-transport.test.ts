import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PrintLine } from '@qr-menu/contract';
import { renderDocument } from '../src/modules/printing/escpos/render.js';
import {
  PAPER_STATUS_REQUEST,
  queryPrinterState,
  sendToPrinter,
  statusSaysPaperEnd,
} from '../src/modules/printing/escpos/transport.js';
import { startFakePrinter, type FakePrinter } from './fake-printer.js';

/**
 * Sending jobs to a network printer (the fake one): printed and read back, held when the printer says its paper
 * ran out, and the failures the print queue retries (refused, a printer that stops reading), each with its short
 * message and without a socket or timer left behind.
 */

let printer: FakePrinter;
beforeEach(async () => {
  printer = await startFakePrinter();
});
afterEach(async () => {
  await printer.close();
});

const addr = () => ({ host: printer.host, port: printer.port });
const job = (...texts: string[]) =>
  renderDocument(
    { lines: texts.map((text): PrintLine => ({ kind: 'text', text })) },
    { paper: 80, textMode: 'CODEPAGE' },
  );

/** The sockets and timers of this process, to check that a send leaves none behind. */
function openResources() {
  const all = process.getActiveResourcesInfo();
  return {
    sockets: all.filter((r) => r === 'TCPSocketWrap').length,
    timers: all.filter((r) => r === 'Timeout').length,
  };
}

/**
 * Waits until the process has at most `sockets` sockets open (a destroyed socket's handle closes a few turns of
 * the event loop later), then checks it has no more timers than `timers`.
 */
async function expectAtMost(limit: { sockets: number; timers: number }) {
  for (let turn = 0; turn < 100 && openResources().sockets > limit.sockets; turn++) {
    await new Promise((resolve) => setImmediate(resolve));
  }
  const now = openResources();
  expect(now.sockets).toBeLessThanOrEqual(limit.sockets);
  expect(now.timers).toBeLessThanOrEqual(limit.timers);
}

describe('sendToPrinter', () => {
  it('asks for the paper status, prints the job and closes the connection', async () => {
    const result = await sendToPrinter(addr(), job('Стол 4', 'Şiş kabab', 'Dolma (ət)'));
    expect(result).toEqual({ printed: true, state: 'ONLINE' });
    const [printed] = await printer.waitForJobs(1);
    expect(printed.lines.slice(0, 3)).toEqual(['Стол 4', 'Şiş kabab', '[image 576x24]']);
    expect(printed.cut).toBe(true);
    // The status request comes first, before the job.
    expect(printed.raw.subarray(0, 3)).toEqual(Buffer.from(PAPER_STATUS_REQUEST));
    expect(printer.statusRequests).toBe(1);
  });

  it('prints to a printer that never answers status requests', async () => {
    printer.setAnswersStatus(false);
    const result = await sendToPrinter(addr(), job('Борщ'), { statusTimeoutMs: 50 });
    expect(result).toEqual({ printed: true, state: 'ONLINE' });
    const [printed] = await printer.waitForJobs(1);
    expect(printed.lines[0]).toBe('Борщ');
  });

  it('sends several jobs one after another, each read whole', async () => {
    for (let i = 1; i <= 3; i++) await sendToPrinter(addr(), job(`Order ${i}`, 'x'.repeat(40)));
    const jobs = await printer.waitForJobs(3);
    expect(jobs.map((j) => j.lines[0])).toEqual(['Order 1', 'Order 2', 'Order 3']);
  });

  it('does not send the job when the printer says its paper ran out', async () => {
    printer.setPaperOut(true);
    expect(await sendToPrinter(addr(), job('First'))).toEqual({ printed: false, state: 'NO_PAPER' });
    // Paper back: the next job is the first one the printer gets.
    printer.setPaperOut(false);
    expect(await sendToPrinter(addr(), job('Second'))).toEqual({ printed: true, state: 'ONLINE' });
    const [first] = await printer.waitForJobs(1);
    expect(first.lines[0]).toBe('Second');
    expect(printer.jobs).toHaveLength(1);
  });

  it('throws "connection refused" at once when nothing listens, leaving nothing open', async () => {
    await printer.refuse();
    const before = openResources();
    const started = Date.now();
    await expect(sendToPrinter(addr(), job('Çay'))).rejects.toThrow('connection refused');
    expect(Date.now() - started).toBeLessThan(1000);
    await expectAtMost(before);

    // Listening again on the same port, the printer prints.
    await printer.resume();
    expect(await sendToPrinter(addr(), job('Çay'))).toEqual({ printed: true, state: 'ONLINE' });
    expect((await printer.waitForJobs(1))[0].lines[0]).toBe('Çay');
  });

  it('throws "timed out" when the printer stops reading, after the write timeout', async () => {
    printer.goSilent();
    const before = openResources();
    const started = Date.now();
    await expect(sendToPrinter(addr(), job('Çay'), { statusTimeoutMs: 50, writeTimeoutMs: 300 })).rejects.toThrow(
      'timed out',
    );
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(300);
    expect(elapsed).toBeLessThan(3000);
    // Its socket closed and its timers cleared; the silent printer's end of the connection stays until it closes.
    await expectAtMost({ sockets: before.sockets + 1, timers: before.timers });
    expect(printer.jobs).toEqual([]);
  });

  it('times out a job bigger than the buffers on the way to a printer that stopped reading', async () => {
    printer.goSilent();
    const big = new Uint8Array(32 * 1024 * 1024).fill(0x41);
    await expect(sendToPrinter(addr(), big, { statusTimeoutMs: 20, writeTimeoutMs: 300 })).rejects.toThrow('timed out');
  });
});

describe('queryPrinterState', () => {
  it('is ONLINE for a printer with paper, NO_PAPER without, OFFLINE when refused', async () => {
    expect(await queryPrinterState(addr())).toBe('ONLINE');
    printer.setPaperOut(true);
    expect(await queryPrinterState(addr())).toBe('NO_PAPER');
    await printer.refuse();
    expect(await queryPrinterState(addr())).toBe('OFFLINE');
    // Status queries print nothing.
    expect(printer.jobs).toEqual([]);
  });

  it('is ONLINE for a printer that takes the connection but does not answer', async () => {
    printer.goSilent();
    expect(await queryPrinterState(addr(), { statusTimeoutMs: 50 })).toBe('ONLINE');
  });

  it('is OFFLINE for an address where nothing answers, without throwing', async () => {
    // 192.0.2.0/24 is reserved for documentation: connecting there fails (unreachable) or times out.
    expect(await queryPrinterState({ host: '192.0.2.1', port: 9100 }, { connectTimeoutMs: 200 })).toBe('OFFLINE');
  });
});

describe('statusSaysPaperEnd', () => {
  it('reads the paper end bits of an Epson status byte, and ignores bytes not shaped like one', () => {
    expect(statusSaysPaperEnd(0x12)).toBe(false); // paper present
    expect(statusSaysPaperEnd(0x1e)).toBe(false); // near end only
    expect(statusSaysPaperEnd(0x72)).toBe(true); // paper end
    expect(statusSaysPaperEnd(0x7e)).toBe(true); // near end and end
    expect(statusSaysPaperEnd(0x60)).toBe(false); // not a status byte
    expect(statusSaysPaperEnd(0xff)).toBe(false);
  });
});
