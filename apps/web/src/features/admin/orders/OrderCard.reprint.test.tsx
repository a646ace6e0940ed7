import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order, Role } from '@qr-menu/contract';
import { renderWithProviders } from '../../../test/render';
import { stubFetch } from '../shared/live/fetch-router';
import { makeItem, makeOrder } from '../shared/live/order-fixture';
import { orderPermissions } from './order-format';
import { OrderCard } from './OrderCard';
import './index';

afterEach(() => vi.restoreAllMocks());

const order = makeOrder(7, '2026-11-24T10:00:00Z', { status: 'PREPARING', items: [makeItem(11, 7)] });

async function renderCard(roles: Role[], shown: Order = order) {
  await renderWithProviders(
    <OrderCard
      order={shown}
      now={new Date('2026-11-24T10:05:00Z')}
      perms={orderPermissions(roles)}
      flashing={false}
      deleting={false}
      stepping={() => false}
      onAddItem={vi.fn()}
      onEditItem={vi.fn()}
      onVoidItem={vi.fn()}
      onStepItem={vi.fn()}
      onStatus={vi.fn()}
      onDelete={vi.fn()}
    />,
  );
}

describe('order card: reprint', () => {
  it("lists the order's print jobs from its Reprint button", async () => {
    const api = stubFetch({
      'GET /api/eatery/3/print-jobs': [
        {
          id: 5,
          printerId: 1,
          printerName: 'Grill',
          kind: 'TICKET',
          orderId: 7,
          title: 'Table 1 · No. 107',
          status: 'DONE',
          attempts: 1,
          lastError: null,
          createdAt: '2026-11-24T10:00:00Z',
          printedAt: '2026-11-24T10:00:01Z',
          reprintOf: null,
        },
      ],
    });
    await renderCard(['WAITER']);
    fireEvent.click(screen.getByRole('button', { name: 'Reprint a ticket of order #107' }));
    expect(await screen.findByRole('menuitem', { name: /Table 1 · No. 107/ })).toBeTruthy();
    expect(api.calls[0].url).toBe('/api/eatery/3/print-jobs?orderId=7');
  });

  it('has none on a guest order still waiting for confirmation', async () => {
    await renderCard(['WAITER'], { ...order, status: 'NEEDS_CONFIRMATION' });
    expect(screen.queryByRole('button', { name: /Reprint/ })).toBeNull();
  });
});
