import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language, PrinterStatus } from '@qr-menu/contract';
import { stubFetch } from '../live/fetch-router';
import { renderAdmin } from '../test-utils';
import { PrintQueueBanner } from './PrintQueueBanner';
import type { StaffSocketOptions } from './staff-signals';

// A banner that listens on its own gets the server's printers message through the socket's options.
const socket = vi.hoisted(() => ({ options: null as StaffSocketOptions | null }));
vi.mock('../live/use-orders-socket', () => ({
  useOrdersSocket: (_id: number, options: StaffSocketOptions) => {
    socket.options = options;
    return { live: true, state: 'live' };
  },
}));

afterEach(() => vi.restoreAllMocks());

const printer = (id: number, name: string, fields: Partial<PrinterStatus> = {}): PrinterStatus => ({
  id,
  name,
  state: 'OFFLINE',
  waiting: 0,
  kitchen: true,
  departmentIds: [],
  ...fields,
});

async function show(printers: PrinterStatus[], lang: Language = 'en', station?: number | null) {
  stubFetch({ 'GET /api/eatery/3/printers/status': printers });
  await renderAdmin(<PrintQueueBanner eateryId={3} station={station} listen={false} />, lang);
}

const lines = async () => [...(await screen.findByTestId('print-queue')).children].map((l) => l.textContent);

describe('print queue banner', () => {
  it('counts the waiting tickets in Russian plural forms: one, few, many', async () => {
    await show(
      [
        printer(1, 'Гриль', { waiting: 1 }),
        printer(2, 'Холодный цех', { state: 'NO_PAPER', waiting: 3 }),
        printer(3, 'Тандыр', { waiting: 5 }),
        printer(4, 'Мангал', { waiting: 21 }),
        printer(5, 'Касса', { kitchen: false, waiting: 12 }),
      ],
      'ru',
    );
    expect(await lines()).toEqual([
      '1 тикет ждёт печати на «Гриль» — принтер не в сети',
      '3 тикета ждут печати на «Холодный цех» — в принтере нет бумаги',
      '5 тикетов ждут печати на «Тандыр» — принтер не в сети',
      '21 тикет ждёт печати на «Мангал» — принтер не в сети',
      '12 документов ждут печати на «Касса» — принтер не в сети',
    ]);
  });

  it('speaks English and Azerbaijani', async () => {
    await show([printer(1, 'Grill', { waiting: 1 }), printer(2, 'Bar', { waiting: 3 })]);
    expect(await lines()).toEqual([
      '1 ticket waiting for Grill — printer offline',
      '3 tickets waiting for Bar — printer offline',
    ]);
    document.body.innerHTML = '';
    await show([printer(1, 'Qril', { waiting: 3 })], 'az');
    expect(await lines()).toEqual(['3 bilet «Qril» printerində çapı gözləyir — printer şəbəkədə deyil']);
  });

  it('shows a station only its own kitchen printers, and nothing while they print', async () => {
    await show(
      [
        printer(1, 'Grill', { waiting: 2, departmentIds: [5] }),
        printer(2, 'Cold', { waiting: 2, departmentIds: [6] }),
        printer(3, 'Till', { waiting: 2, kitchen: false }),
        printer(4, 'Pass', { state: 'ONLINE', waiting: 1 }),
      ],
      'en',
      5,
    );
    expect(await lines()).toEqual(['2 tickets waiting for Grill — printer offline']);
  });

  it('listens on its own socket unless told not to: a printers message reads the state again', async () => {
    let printers: PrinterStatus[] = [];
    stubFetch({ 'GET /api/eatery/3/printers/status': () => printers });
    await renderAdmin(<PrintQueueBanner eateryId={3} />);
    await screen.findByRole('status', { name: 'Printers' });
    expect(screen.queryByTestId('print-queue')).toBeNull();
    printers = [printer(1, 'Grill', { waiting: 4 })];
    act(() => socket.options?.onPrintersEvent?.(3));
    expect(await lines()).toEqual(['4 tickets waiting for Grill — printer offline']);
  });
});
