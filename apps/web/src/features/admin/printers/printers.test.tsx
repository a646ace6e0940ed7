import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { io } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language, Printer, PrintJob, PrintPreview } from '@qr-menu/contract';
import { renderWithProviders } from '../../../test/render';
import { jsonResponse } from '../shared/test-utils';
import appEn from '../../../i18n/en.json';
import './index';
import { PrintersPage } from './PrintersPage';

vi.mock('socket.io-client', () => ({ io: vi.fn() }));
const fakeSocket = { on: vi.fn(), emit: vi.fn(), disconnect: vi.fn(), removeAllListeners: vi.fn(), connected: false };

const printer = (over: Partial<Printer>): Printer => ({
  id: 1,
  name: 'Grill',
  transport: 'DIRECT',
  host: '192.168.1.50',
  port: 9100,
  paper: 80,
  textMode: 'CODEPAGE',
  language: 'az',
  kitchen: true,
  departmentIds: [],
  prebills: false,
  receipts: false,
  reports: false,
  enabled: true,
  state: 'UNKNOWN',
  stateAt: null,
  lastError: null,
  waiting: 0,
  ...over,
});

/** A station printer that stopped answering with 3 tickets waiting, the till behind the agent, and two more. */
const fourPrinters = (): Printer[] => [
  printer({
    id: 1,
    departmentIds: [3],
    state: 'OFFLINE',
    stateAt: '2026-01-11T10:15:00.000Z',
    lastError: 'connect ECONNREFUSED 192.168.1.50:9100',
    waiting: 3,
  }),
  printer({
    id: 2,
    name: 'Till',
    transport: 'AGENT',
    host: '10.0.0.7',
    paper: 58,
    textMode: 'IMAGE',
    kitchen: false,
    prebills: true,
    receipts: true,
    reports: true,
    state: 'ONLINE',
    stateAt: '2026-01-11T10:20:00.000Z',
  }),
  printer({ id: 3, name: 'Bar', host: '192.168.1.51', enabled: false }),
  printer({ id: 4, name: 'Pass', host: '192.168.1.52', state: 'NO_PAPER', stateAt: '2026-01-11T10:21:00.000Z' }),
];

const job = (over: Partial<PrintJob>): PrintJob => ({
  id: 50,
  printerId: 1,
  printerName: 'Grill',
  kind: 'TICKET',
  orderId: 12,
  title: 'TICKET · Table 4 · No. 12',
  status: 'PENDING',
  attempts: 2,
  lastError: 'timeout',
  createdAt: '2026-01-11T10:10:00.000Z',
  printedAt: null,
  reprintOf: null,
  ...over,
});

let printers: Printer[];
let saveAnswer: () => Response;
let fetchSpy: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.mocked(io)
    .mockReset()
    .mockReturnValue(fakeSocket as never);
  fakeSocket.on.mockReset();
  printers = fourPrinters();
  saveAnswer = () => jsonResponse(printers[0], 201);
  fetchSpy = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/eatery') {
      return jsonResponse([{ id: 7, name: 'Şirvan', roles: ['EATERY_ADMIN'], language: 'ru', timeZone: 'Asia/Baku' }]);
    }
    if (url === '/api/eatery/7/kitchen-department') {
      return jsonResponse([
        { id: 3, name: 'Mangal', eateryId: 7, restaurantId: 7 },
        { id: 4, name: 'Salads', eateryId: 7, restaurantId: 7 },
      ]);
    }
    if (url === '/api/eatery/7/printers' && method === 'GET') return jsonResponse(printers);
    if (/^\/api\/eatery\/7\/printers(\/\d+)?$/.test(url)) return saveAnswer();
    const preview = /^\/api\/eatery\/7\/printers\/(\d+)\/preview\?kind=(\w+)$/.exec(url);
    if (preview) {
      const answer: PrintPreview = {
        paper: 80,
        document: { lines: [{ kind: 'pair', left: `${preview[2]} line`, right: '6.00' }] },
      };
      return jsonResponse(answer);
    }
    if (url === '/api/eatery/7/print-jobs?printerId=1') {
      return jsonResponse([job({}), job({ id: 49, status: 'DONE', title: 'Printed already' })]);
    }
    if (url === '/api/eatery/7/print-jobs/50' && method === 'DELETE') return new Response(null, { status: 204 });
    return jsonResponse({ messageKey: 'notFound', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = (lang: Language = 'en') =>
  renderWithProviders(<PrintersPage />, { lang, path: '/admin/printers?restaurantId=7' });

/** The calls made to a path, with their method and body. */
const calls = (path: string) =>
  fetchSpy.mock.calls
    .filter(([url]) => url === path)
    .map(([, init]) => ({
      method: (init as RequestInit | undefined)?.method ?? 'GET',
      body: (init as RequestInit | undefined)?.body
        ? (JSON.parse(String((init as RequestInit).body)) as unknown)
        : null,
    }));

const rowOf = async (name: string) => {
  const rows = await screen.findAllByTestId('printer-row');
  const row = rows.find((r) => within(r).queryByText(name, { exact: true }));
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};

describe('printers list', () => {
  it('shows each printer’s state, address, what it prints and the jobs waiting', async () => {
    await renderPage();
    const grill = await rowOf('Grill');
    expect(within(grill).getByTestId('printer-state').textContent).toBe('Offline');
    expect(within(grill).getByTestId('printer-address').textContent).toBe('192.168.1.50:9100');
    expect(within(grill).getByTestId('printer-prints').textContent).toBe('Kitchen tickets: Mangal');
    expect(within(grill).getByTestId('printer-error').textContent).toBe('connect ECONNREFUSED 192.168.1.50:9100');
    expect(within(grill).getByTestId('printer-waiting').textContent).toContain('Waiting for Grill: 3');
    expect(within(grill).getByRole('button', { name: 'Waiting jobs (3)' })).toBeTruthy();

    const till = await rowOf('Till');
    expect(within(till).getByTestId('printer-state').textContent).toBe('Online');
    expect(within(till).getByTestId('printer-address').textContent).toBe('Print agent · 10.0.0.7:9100');
    expect(within(till).getByTestId('printer-prints').textContent).toBe('Pre-billsReceiptsReports');
    expect(within(till).queryByTestId('printer-waiting')).toBeNull();
    expect(within(till).getByText(/^Last seen /)).toBeTruthy();

    const bar = await rowOf('Bar');
    expect(within(bar).getByTestId('printer-state').textContent).toBe('Not tried yet');
    expect(within(bar).getByTestId('printer-prints').textContent).toBe('Kitchen tickets: All stations');
    expect(within(bar).getByText('Off')).toBeTruthy();
    expect(within(await rowOf('Pass')).getByTestId('printer-state').textContent).toBe('Out of paper');
  });

  it('writes the last-seen time as dd.mm.yyyy on a 24-hour clock in Azerbaijani', async () => {
    await renderPage('az');
    const till = await rowOf('Till');
    expect(within(till).getByText(/^Son görünmə: \d{2}\.\d{2}\.2026 \d{2}:\d{2}$/)).toBeTruthy();
    expect(within(await rowOf('Grill')).getByText(/^Son cəhd: /)).toBeTruthy();
  });

  it('explains printers when there are none, with a button to add one', async () => {
    printers = [];
    await renderPage();
    expect(await screen.findByText('No printers yet')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Add printer' })).toHaveLength(2);
    expect(screen.getByTestId('agent-hint').textContent).toContain('npm run print-agent -- --server');
  });

  it('lists a printer’s waiting jobs and cancels one', async () => {
    await renderPage();
    fireEvent.click(within(await rowOf('Grill')).getByRole('button', { name: 'Waiting jobs (3)' }));
    const jobs = await screen.findAllByTestId('print-job');
    // Printed jobs are not waiting.
    expect(jobs).toHaveLength(1);
    expect(jobs[0].textContent).toContain('TICKET · Table 4 · No. 12');
    expect(jobs[0].textContent).toContain('attempts: 2');
    expect(jobs[0].textContent).toContain('timeout');
    fireEvent.click(within(jobs[0]).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(calls('/api/eatery/7/print-jobs/50')).toEqual([{ method: 'DELETE', body: null }]));
  });
});

describe('printer form', () => {
  it('sends every field of a new printer and shows the server’s message under the address', async () => {
    saveAnswer = () =>
      jsonResponse(
        { messageKey: 'validation', message: 'x', details: [{ field: 'host', messageKey: 'validation.printerHost' }] },
        400,
      );
    await renderPage();
    await rowOf('Grill');
    fireEvent.click(screen.getByRole('button', { name: 'Add printer' }));
    const form = await screen.findByRole('dialog', { name: 'New printer' });
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: ' Till 2 ' } });
    fireEvent.change(within(form).getByLabelText(/^Printer address/), { target: { value: 'printer-2.local' } });
    fireEvent.click(within(form).getByRole('radio', { name: /^Print agent/ }));
    fireEvent.click(within(form).getByRole('radio', { name: '58 mm' }));
    fireEvent.click(within(form).getByRole('radio', { name: 'Graphic' }));
    fireEvent.click(within(form).getByRole('switch', { name: 'Kitchen tickets' }));
    fireEvent.click(within(form).getByRole('switch', { name: 'Receipts' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await within(form).findByText(appEn.validation.printerHost)).toBeTruthy();
    expect(calls('/api/eatery/7/printers').filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        body: {
          name: 'Till 2',
          transport: 'AGENT',
          host: 'printer-2.local',
          port: 9100,
          paper: 58,
          textMode: 'IMAGE',
          // The restaurant's language is the default.
          language: 'ru',
          kitchen: false,
          departmentIds: [],
          prebills: false,
          receipts: true,
          reports: false,
          enabled: true,
        },
      },
    ]);
  });

  it('checks the fields before sending: a name, an address, a port', async () => {
    await renderPage();
    await rowOf('Grill');
    fireEvent.click(screen.getByRole('button', { name: 'Add printer' }));
    const form = await screen.findByRole('dialog', { name: 'New printer' });
    fireEvent.change(within(form).getByLabelText(/^Printer address/), { target: { value: 'http://x/y' } });
    fireEvent.change(within(form).getByLabelText(/^Port/), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(appEn.validation.printerName)).toBeTruthy();
    expect(within(form).getByText(appEn.validation.printerHost)).toBeTruthy();
    expect(within(form).getByText(appEn.validation.printerPort)).toBeTruthy();
    expect(calls('/api/eatery/7/printers').filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('keeps a station printer’s stations when it is edited', async () => {
    saveAnswer = () => jsonResponse(printers[0]);
    await renderPage();
    fireEvent.click(within(await rowOf('Grill')).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('dialog', { name: 'Edit printer' });
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Grill 1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls('/api/eatery/7/printers/1')).toEqual([
        {
          method: 'PUT',
          body: {
            name: 'Grill 1',
            transport: 'DIRECT',
            host: '192.168.1.50',
            port: 9100,
            paper: 80,
            textMode: 'CODEPAGE',
            language: 'az',
            kitchen: true,
            departmentIds: [3],
            prebills: false,
            receipts: false,
            reports: false,
            enabled: true,
          },
        },
      ]),
    );
  });
});

describe('printer preview', () => {
  it('draws the sample the server lays out, in the printer’s columns, for each kind', async () => {
    await renderPage();
    fireEvent.click(within(await rowOf('Grill')).getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview: Grill' });
    const first = await within(dialog).findByTestId('print-row');
    expect(first.textContent).toBe(`TICKET line${' '.repeat(33)}6.00`);
    expect(first.textContent).toHaveLength(48);
    fireEvent.click(within(dialog).getByText('Receipt'));
    await waitFor(() => expect(within(dialog).getByTestId('print-row').textContent).toMatch(/^RECEIPT line +6\.00$/));
    expect(calls('/api/eatery/7/printers/1/preview?kind=RECEIPT')).toHaveLength(1);
  });
});
