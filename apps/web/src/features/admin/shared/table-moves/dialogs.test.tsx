import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order, Table, TableMoveResult } from '@qr-menu/contract';
import { jsonResponse as json, renderWithProviders } from '../../../../test/render';
import { stubFetch } from '../live/fetch-router';
import { makeItem, makeOrder } from '../live/order-fixture';
import { MoveOrderModal } from './MoveOrderModal';
import { SplitCheckModal } from './SplitCheckModal';

const AT = '2026-11-24T10:00:00.000Z';
const order = makeOrder(1, AT, {
  tableId: 3,
  tableNumber: '3',
  eateryId: 5,
  items: [
    makeItem(11, 1, { quantity: 3, names: { az: 'Dolma', en: 'Dolma', ru: 'Долма' } }),
    makeItem(12, 1, { quantity: 1, names: { az: 'Çay', en: 'Tea', ru: 'Чай' } }),
  ],
});
const table = (id: number, number: string) => ({ id, number, status: 'ACTIVE', seats: 4 }) as unknown as Table;
const answer = (orders: Order[], toOrderId: number): TableMoveResult => ({ orders, toOrderId, deletedOrderIds: [] });

afterEach(() => vi.restoreAllMocks());

describe('split dialog', () => {
  it('sends 1 of 3 Dolma to a new check', async () => {
    const check = makeOrder(2, AT, { number: 13, tableNumber: '3' });
    const api = stubFetch({ 'POST /api/eatery/5/orders/1/split': answer([order, check], 2) });
    const onClose = vi.fn();
    await renderWithProviders(<SplitCheckModal eateryId={5} order={order} onClose={onClose} />, { lang: 'en' });
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'One more Dolma' }));
    expect(within(dialog).getByTestId('split-summary').textContent).toBe('To the new check: 1 of 4 dishes');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Split' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.requests('POST')[0].body).toEqual({ lines: [{ itemId: 11, quantity: 1 }] });
  });

  it('says in place what is wrong: every dish taken (before sending), a line the server refuses', async () => {
    const api = stubFetch({});
    api.spy.mockImplementation(async () =>
      json(
        {
          messageKey: 'validation',
          message: 'x',
          details: [{ field: 'lines.0.quantity', messageKey: 'validation.moveQuantity' }],
        },
        400,
      ),
    );
    await renderWithProviders(<SplitCheckModal eateryId={5} order={order} onClose={vi.fn()} />, { lang: 'ru' });
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Все: 3 × Долма' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Все: 1 × Чай' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Разделить' }));
    expect(await within(dialog).findByText('Оставьте на этом счёте хотя бы одно блюдо')).toBeTruthy();
    expect(api.calls).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Все: 1 × Чай' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Разделить' }));
    const line = await within(dialog).findByText('Выберите от 1 до количества в строке');
    expect(line.closest('[data-item-id]')?.getAttribute('data-item-id')).toBe('11');
  });
});

describe('move dialog', () => {
  function stubFloor(open: Order[]) {
    return stubFetch({
      'GET /api/eatery/5/table': [table(3, '3'), table(7, '7'), table(9, '9')],
      'GET /api/eatery/5/orders': (_body: unknown, url: string) =>
        new URL(url, 'http://x').searchParams.get('status') === 'CREATED' ? open : [],
      'POST /api/eatery/5/orders/1/move': answer([order], 1),
    });
  }

  it('moves the whole order to a free table', async () => {
    const api = stubFloor([order]);
    const onClose = vi.fn();
    await renderWithProviders(
      <MoveOrderModal eateryId={5} order={order} onClose={onClose} onMergeInstead={vi.fn()} />,
      { lang: 'en' },
    );
    const dialog = screen.getByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('radio', { name: /^9/ }));
    expect(within(dialog).getByText(/goes to table 9/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.requests('POST')[0].body).toEqual({ toTableId: 9 });
  });

  it('at a table with an open order: offers the merge, or sends picked dishes into that order', async () => {
    const there = makeOrder(4, AT, { tableId: 7, tableNumber: '7', number: 15 });
    const api = stubFloor([order, there]);
    const onMergeInstead = vi.fn();
    await renderWithProviders(
      <MoveOrderModal eateryId={5} order={order} onClose={vi.fn()} onMergeInstead={onMergeInstead} />,
      { lang: 'en' },
    );
    const dialog = screen.getByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('radio', { name: /^7/ }));
    expect(within(dialog).getByTestId('occupied').textContent).toContain('order #15');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merge into #15 instead' }));
    expect(onMergeInstead).toHaveBeenCalledWith(4);

    fireEvent.click(within(dialog).getByText('Some dishes'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'One more Dolma' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(api.requests('POST')).toHaveLength(1));
    expect(api.requests('POST')[0].body).toEqual({
      toTableId: 7,
      lines: [{ itemId: 11, quantity: 1 }],
      intoOrderId: 4,
    });
  });
});
