import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PrintJob, Role } from '@qr-menu/contract';
import { jsonResponse } from '../../../../test/render';
import { stubFetch } from '../live/fetch-router';
import { renderAdmin } from '../test-utils';
import { ReprintMenu } from './ReprintMenu';

afterEach(() => vi.restoreAllMocks());

const job = (id: number, fields: Partial<PrintJob> = {}): PrintJob => ({
  id,
  printerId: 1,
  printerName: 'Grill',
  kind: 'TICKET',
  orderId: 12,
  title: 'Table 4 · No. 112',
  status: 'DONE',
  attempts: 1,
  lastError: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  printedAt: '2026-11-24T10:00:01.000Z',
  reprintOf: null,
  ...fields,
});

const JOBS = [
  job(78, { kind: 'RECEIPT', title: 'Receipt · Table 4', printerName: 'Till' }),
  job(77, { kind: 'ADDON', title: 'ADD-ON · Table 4 · No. 112', status: 'PENDING' }),
  job(76),
];

async function show(roles: Role[], routes: Record<string, unknown> = {}, kitchenOnly = false) {
  const api = stubFetch({ 'GET /api/eatery/3/print-jobs': JOBS, ...routes });
  await renderAdmin(
    <ReprintMenu eateryId={3} orderId={12} orderNumber={112} roles={roles} kitchenOnly={kitchenOnly} />,
  );
  return api;
}

const open = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Reprint a ticket of order #112' }));
  return screen.findByRole('menu');
};

describe('reprint menu', () => {
  it('lists what was printed for the order and prints one again on a click, with a note', async () => {
    const show$ = vi.spyOn(notifications, 'show').mockReturnValue('id');
    const api = await show(['WAITER'], { 'POST /api/eatery/3/print-jobs/77/reprint': job(79, { reprintOf: 77 }) });
    const menu = await open();
    await within(menu).findByRole('menuitem', { name: /Receipt/ });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Receipt · Table 4Till · printed',
      'ADD-ON · Table 4 · No. 112Grill · waiting',
      'Table 4 · No. 112Grill · printed',
    ]);
    expect(api.calls[0].url).toBe('/api/eatery/3/print-jobs?orderId=12');
    fireEvent.click(items[1]);
    await waitFor(() => expect(api.requests('POST')).toHaveLength(1));
    expect(api.requests('POST')[0].url).toBe('/api/eatery/3/print-jobs/77/reprint');
    await waitFor(() =>
      expect(show$).toHaveBeenCalledWith(expect.objectContaining({ message: 'Sent to Grill again' })),
    );
  });

  it('on a kitchen ticket offers the kitchen jobs only', async () => {
    await show(['KITCHEN_ADMIN'], {}, true);
    const menu = await open();
    await within(menu).findByRole('menuitem', { name: /ADD-ON/ });
    expect(within(menu).getAllByRole('menuitem')).toHaveLength(2);
    expect(within(menu).queryByText('Receipt · Table 4')).toBeNull();
  });

  it('says why a reprint failed', async () => {
    const show$ = vi.spyOn(notifications, 'show').mockReturnValue('id');
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) =>
      init?.method === 'POST'
        ? jsonResponse({ messageKey: 'notFound', message: 'gone' }, 404)
        : jsonResponse([job(76)]),
    );
    await renderAdmin(<ReprintMenu eateryId={3} orderId={12} orderNumber={112} roles={['CASHIER']} />);
    const menu = await open();
    fireEvent.click(await within(menu).findByRole('menuitem', { name: /Table 4/ }));
    await waitFor(() => expect(show$).toHaveBeenCalledWith(expect.objectContaining({ color: 'red' })));
  });

  it('is not there for a role that may not print', async () => {
    await show([]);
    expect(screen.queryByRole('button', { name: /Reprint/ })).toBeNull();
  });

  it('speaks Russian', async () => {
    stubFetch({ 'GET /api/eatery/3/print-jobs': [] });
    await renderAdmin(<ReprintMenu eateryId={3} orderId={12} orderNumber={112} roles={['WAITER']} />, 'ru');
    fireEvent.click(screen.getByRole('button', { name: 'Напечатать снова тикет заказа #112' }));
    expect(await screen.findByText('По этому заказу ещё ничего не печаталось.')).toBeTruthy();
  });
});
