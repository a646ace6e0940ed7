import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Language, Order, Role } from '@qr-menu/contract';
import { renderWithProviders } from '../../../test/render';
import { makeItem, makeOrder } from '../shared/live/order-fixture';
import { orderPermissions } from './order-format';
import { OrderCard } from './OrderCard';
import './index';

const NOW = new Date('2026-11-24T10:05:00Z');

const pilaf = makeItem(11, 7, {
  status: 'CREATED',
  dishName: 'Plov',
  name: 'Plov',
  names: { az: 'Plov', en: 'Pilaf', ru: 'Плов' },
});
const tea = makeItem(12, 7, { status: 'READY', dishName: 'Çay', name: 'Çay', names: { az: 'Çay', en: 'Tea', ru: '' } });
const order = makeOrder(7, '2026-11-24T10:00:00Z', { status: 'PREPARING', tableNumber: '5', items: [pilaf, tea] });

async function renderCard(roles: Role[], { lang = 'en' as Language, shown = order as Order } = {}) {
  const handlers = {
    onAddItem: vi.fn(),
    onEditItem: vi.fn(),
    onVoidItem: vi.fn(),
    onStepItem: vi.fn(),
    onStatus: vi.fn(),
    onDelete: vi.fn(),
  };
  await renderWithProviders(
    <OrderCard
      order={shown}
      now={NOW}
      perms={orderPermissions(roles)}
      flashing={false}
      deleting={false}
      stepping={() => false}
      {...handlers}
    />,
    { lang },
  );
  return handlers;
}

const row = (itemId: number) => document.querySelector<HTMLElement>(`[data-item-id="${itemId}"]`)!;

describe('order card: only the actions of the role', () => {
  it('the kitchen taps an item to its next step and sees no status button, pencil or bill', async () => {
    const on = await renderCard(['KITCHEN_ADMIN']);
    expect(screen.queryByRole('button', { name: 'Status' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Close the bill/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    // CREATED -> PREPARING with one tap; the READY tea has no kitchen step left.
    fireEvent.click(within(row(11)).getByRole('button', { name: 'Pilaf: mark as Preparing' }));
    expect(on.onStepItem).toHaveBeenCalledWith(pilaf, 'PREPARING');
    expect(within(row(12)).queryByRole('button', { name: /mark as/ })).toBeNull();
  });

  it('the kitchen moves a preparing item to ready', async () => {
    const preparing = { ...pilaf, status: 'PREPARING' as const };
    const on = await renderCard(['KITCHEN_ADMIN'], { shown: { ...order, items: [preparing] } });
    fireEvent.click(screen.getByRole('button', { name: 'Pilaf: mark as Ready' }));
    expect(on.onStepItem).toHaveBeenCalledWith(preparing, 'READY');
  });

  it('the waiter serves a ready item with one tap, opens the status dialog, has no bill to close', async () => {
    const on = await renderCard(['WAITER']);
    // A waiter may set any item status (the server allows it), so a new item has its next step too.
    fireEvent.click(within(row(11)).getByRole('button', { name: 'Pilaf: mark as Preparing' }));
    expect(on.onStepItem).toHaveBeenCalledWith(pilaf, 'PREPARING');
    fireEvent.click(within(row(12)).getByRole('button', { name: 'Tea: mark as Served' }));
    expect(on.onStepItem).toHaveBeenCalledWith(tea, 'SERVED');
    fireEvent.click(screen.getByRole('button', { name: 'Status' }));
    expect(on.onStatus).toHaveBeenCalled();
    expect(screen.queryByRole('link', { name: /Close the bill/ })).toBeNull();
    // The waiter still edits dishes in the dialog.
    fireEvent.click(screen.getByRole('button', { name: 'Edit Pilaf' }));
    expect(on.onEditItem).toHaveBeenCalledWith(pilaf);
  });

  it('the cashier closes the bill on its own screen and has no item steps', async () => {
    await renderCard(['CASHIER']);
    const bill = screen.getByRole('link', { name: 'Close the bill of order #107' });
    expect(bill.getAttribute('href')).toBe('/admin/bill?orderIds=7');
    expect(screen.queryByRole('button', { name: /mark as/ })).toBeNull();
  });

  it('an admin has every step and the bill', async () => {
    await renderCard(['EATERY_ADMIN']);
    expect(screen.getByRole('button', { name: 'Pilaf: mark as Preparing' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tea: mark as Served' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Close the bill of order #107' })).toBeTruthy();
  });

  it('a paid order with every dish served shows details only', async () => {
    const served = order.items.map((i) => ({ ...i, status: 'SERVED' as const }));
    await renderCard(['EATERY_ADMIN'], { shown: { ...order, status: 'PAID', items: served } });
    expect(screen.queryByRole('button', { name: /mark as/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Close the bill/ })).toBeNull();
    expect(screen.queryByTestId('paid-food-coming')).toBeNull();
    expect(screen.getByRole('button', { name: 'Details' })).toBeTruthy();
  });

  it('a paid order whose food is still coming: the dishes still step on, the bill and the dishes stay closed', async () => {
    const on = await renderCard(['WAITER'], { shown: { ...order, status: 'PAID' } });
    expect(screen.getByTestId('paid-food-coming').textContent).toBe('Paid: the food is still coming');
    fireEvent.click(within(row(12)).getByRole('button', { name: 'Tea: mark as Served' }));
    expect(on.onStepItem).toHaveBeenCalledWith(tea, 'SERVED');
    expect(screen.queryByRole('button', { name: 'Edit Pilaf' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add dish' })).toBeNull();
  });
});

describe('order card: the order number', () => {
  it('shows and names the order by its number of the day, never its id', async () => {
    await renderCard(['EATERY_ADMIN'], { shown: { ...order, number: 3 } });
    const card = screen.getByRole('article', { name: 'Order #3, table 5' });
    expect(within(card).getByText('#3')).toBeTruthy();
    expect(within(card).queryByText('#7')).toBeNull();
    expect(screen.getByRole('link', { name: 'Close the bill of order #3' }).getAttribute('href')).toBe(
      '/admin/bill?orderIds=7',
    );
    expect(screen.getByRole('button', { name: 'Delete order #3' })).toBeTruthy();
  });
});

describe('order card: dish names in the interface language', () => {
  it('shows the Russian name, and the guest menu fallback when there is none', async () => {
    await renderCard(['WAITER'], { lang: 'ru' });
    expect(within(row(11)).getByText('1 × Плов')).toBeTruthy();
    // No Russian name for the tea: the Azerbaijani one (az first), as the guest menu does.
    expect(within(row(12)).getByText('1 × Çay')).toBeTruthy();
  });

  it('shows the English name in English', async () => {
    await renderCard(['WAITER'], { lang: 'en' });
    expect(within(row(11)).getByText('1 × Pilaf')).toBeTruthy();
    expect(within(row(12)).getByText('1 × Tea')).toBeTruthy();
  });
});

describe('order card: voided items', () => {
  const voided = makeItem(13, 7, {
    status: 'DELETED',
    names: { az: 'Dolma', en: 'Dolma', ru: 'Долма' },
    voidReason: 'Guest changed their mind',
    voidedFrom: 'PREPARING',
    voidedAt: '2026-11-24T10:04:00Z',
  });

  it('stays listed, struck out, with a "Voided" badge and its reason, and no actions', async () => {
    await renderCard(['EATERY_ADMIN'], { shown: { ...order, items: [pilaf, voided] } });
    const voidedRow = row(13);
    expect(voidedRow.className).toMatch(/deletedItem/);
    expect(within(voidedRow).getByText('Voided')).toBeTruthy();
    expect(within(voidedRow).getByTestId('void-reason').textContent).toBe('Reason: Guest changed their mind');
    expect(within(voidedRow).queryByRole('button')).toBeNull();
    // The live dish keeps its status chip and its void button.
    expect(within(row(11)).queryByText('Voided')).toBeNull();
    expect(within(row(11)).getByRole('button', { name: 'Void Pilaf' })).toBeTruthy();
  });

  it('speaks Russian', async () => {
    await renderCard(['WAITER'], { lang: 'ru', shown: { ...order, items: [voided] } });
    expect(within(row(13)).getByText('Аннулировано')).toBeTruthy();
    expect(within(row(13)).getByText('Причина: Guest changed their mind')).toBeTruthy();
  });

  it('the void button opens the void dialog of the item; the kitchen has none', async () => {
    const on = await renderCard(['CASHIER']);
    fireEvent.click(within(row(12)).getByRole('button', { name: 'Void Tea' }));
    expect(on.onVoidItem).toHaveBeenCalledWith(tea);
    document.body.innerHTML = '';
    await renderCard(['KITCHEN_ADMIN']);
    expect(screen.queryByRole('button', { name: /^Void / })).toBeNull();
  });
});
