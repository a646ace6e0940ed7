import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KitchenMove } from '@qr-menu/contract';
import { renderWithProviders } from '../../../../test/render';
import { stubFetch } from '../live/fetch-router';
import { makeItem, makeOrder } from '../live/order-fixture';
import { MoveNotices } from './MoveNotices';
import { DISMISSED_MOVES_KEY } from './use-dismissed-moves';

const NOW = Date.parse('2026-11-24T10:00:00.000Z');
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();
const dolma = (status: KitchenMove['items'][number]['status'], kitchenDepartmentId: number | null = 2) => ({
  itemId: 11,
  name: 'Dolma',
  names: { az: 'Dolma', en: 'Dolma', ru: 'Долма' },
  quantity: 1,
  status,
  kitchenDepartmentId,
});
const move = (id: number, fields: Partial<KitchenMove> = {}): KitchenMove => ({
  id,
  kind: 'MOVE',
  fromOrderId: 1,
  toOrderId: 1,
  fromOrderNumber: 12,
  toOrderNumber: 12,
  fromTable: '3',
  toTable: '7',
  items: [dolma('PREPARING')],
  createdAt: ago(2),
  ...fields,
});
const MOVES = [move(1), move(2, { items: [dolma('SERVED')] }), move(3, { createdAt: ago(30) })];

let qc: QueryClient | undefined;
function CaptureClient() {
  qc = useQueryClient();
  return null;
}

async function renderNotices(station: number | null) {
  const api = stubFetch({ 'GET /api/eatery/5/kitchen/moves': MOVES });
  await renderWithProviders(
    <>
      <CaptureClient />
      <MoveNotices eateryId={5} station={station} now={NOW} />
    </>,
    { lang: 'en' },
  );
  return api;
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('kitchen move notices', () => {
  it('shows recent moves with dishes the station still cooks; "Got it" hides one on this device', async () => {
    await renderNotices(null);
    const line = await screen.findByTestId('move-line');
    expect(line.textContent).toBe('Order 12: moved from table 3 to table 7');
    expect(screen.getAllByTestId('move-line')).toHaveLength(1);
    expect(screen.getByText('1× Dolma · 2 min ago')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Got it: Order 12: moved from table 3 to table 7' }));
    expect(screen.queryByTestId('move-notices')).toBeNull();
    expect(JSON.parse(localStorage.getItem(DISMISSED_MOVES_KEY)!)).toEqual([1]);
  });

  it("another station's dishes are not this station's notice", async () => {
    const api = await renderNotices(4);
    await waitFor(() => expect(api.requests('GET')).toHaveLength(1));
    expect(screen.queryByTestId('move-notices')).toBeNull();
  });

  it('reads the moves again when the board changes as a move does, not for an ordinary change', async () => {
    const api = await renderNotices(null);
    await screen.findByTestId('move-line');
    const board = ['kitchen', 5, 'all'];
    const order = makeOrder(1, ago(5), { tableNumber: '3', items: [makeItem(11, 1, { quantity: 2 })] });
    qc!.setQueryData(board, { amberMinutes: 10, redMinutes: 20, orders: [order] });
    qc!.setQueryData(board, {
      amberMinutes: 10,
      redMinutes: 20,
      orders: [{ ...order, items: [...order.items, makeItem(12, 1)] }],
    });
    expect(api.requests('GET')).toHaveLength(1);
    qc!.setQueryData(board, { amberMinutes: 10, redMinutes: 20, orders: [{ ...order, tableNumber: '7' }] });
    await waitFor(() => expect(api.requests('GET')).toHaveLength(2));
  });
});
