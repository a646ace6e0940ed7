import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language, Order, OrderItemOption, Role } from '@qr-menu/contract';
import { jsonResponse as json, renderWithProviders } from '../../../test/render';
import { makeItem, makeOrder } from '../shared/live/order-fixture';
import { orderPermissions, waitingFirst } from './order-format';
import { OrderCard } from './OrderCard';
import { RejectOrderModal } from './RejectOrderModal';
import './index';

const NOW = new Date('2026-11-24T10:05:00Z');
const size: OrderItemOption = {
  groupId: 1,
  optionId: 10,
  groupNames: { az: 'Ölçü', en: 'Size', ru: 'Размер' },
  names: { az: '0,5 L', en: '0.5 L', ru: '0,5 л' },
  priceDelta: 1.5,
};
const ice: OrderItemOption = {
  groupId: 2,
  optionId: 20,
  groupNames: { az: 'Əlavələr', en: 'Extras', ru: 'Добавки' },
  names: { az: 'Buz', en: 'Ice', ru: 'Лёд' },
  priceDelta: 0,
};
const lemonade = makeItem(11, 7, { names: { az: 'Limonad', en: 'Lemonade', ru: 'Лимонад' }, options: [size, ice] });
const waiting = makeOrder(7, '2026-11-24T10:00:00Z', {
  status: 'NEEDS_CONFIRMATION',
  tableNumber: '5',
  items: [lemonade],
});

async function renderCard(roles: Role[], shown: Order = waiting, lang: Language = 'en') {
  const on = {
    onAddItem: vi.fn(),
    onEditItem: vi.fn(),
    onVoidItem: vi.fn(),
    onStepItem: vi.fn(),
    onStatus: vi.fn(),
    onDelete: vi.fn(),
    onAccept: vi.fn(),
    onReject: vi.fn(),
  };
  await renderWithProviders(
    <OrderCard
      order={shown}
      now={NOW}
      perms={orderPermissions(roles)}
      flashing={false}
      deleting={false}
      stepping={() => false}
      {...on}
    />,
    { lang },
  );
  return on;
}

afterEach(() => vi.unstubAllGlobals());

describe('guest orders waiting for confirmation on the board', () => {
  it('come first, in the order the list has them', () => {
    const list = [
      makeOrder(9, '2026-11-24T10:04:00Z'),
      makeOrder(8, '2026-11-24T10:03:00Z', { status: 'NEEDS_CONFIRMATION' }),
      makeOrder(6, '2026-11-24T10:01:00Z'),
      makeOrder(5, '2026-11-24T10:00:00Z', { status: 'NEEDS_CONFIRMATION' }),
    ];
    expect(waitingFirst(list).map((o) => o.id)).toEqual([8, 5, 9, 6]);
    const none = [makeOrder(1, '2026-11-24T10:00:00Z')];
    expect(waitingFirst(none)).toBe(none);
  });

  it.each([
    ['en', 'Waiting for confirmation', 'Accept', 'Reject'],
    ['az', 'Təsdiq gözləyir', 'Qəbul et', 'Rədd et'],
    ['ru', 'Ждёт подтверждения', 'Принять', 'Отклонить'],
  ] as const)(
    'say so with their own icon and words, and a waiter accepts or rejects (%s)',
    async (lang, label, a, r) => {
      const on = await renderCard(['WAITER'], waiting, lang);
      const badge = document.querySelector('[data-status="NEEDS_CONFIRMATION"] [data-status="NEEDS_CONFIRMATION"]')!;
      expect(badge.textContent).toBe(label);
      expect(badge.getAttribute('style')).toContain('violet');
      expect(screen.getByTestId('waiting-mark')).toBeTruthy();
      fireEvent.click(screen.getByText(a));
      expect(on.onAccept).toHaveBeenCalledTimes(1);
      fireEvent.click(screen.getByText(r));
      expect(on.onReject).toHaveBeenCalledTimes(1);
      // Nothing else to do with it yet: no status dialog, no dishes to add, no bill, no kitchen step.
      expect(document.querySelector('[data-next-status]')).toBeNull();
      expect(screen.queryByRole('link')).toBeNull();
      expect(screen.getAllByRole('button').map((b) => b.getAttribute('data-action') ?? b.textContent)).toEqual([
        'accept',
        'reject',
      ]);
    },
  );

  it('the kitchen cannot accept or reject', async () => {
    await renderCard(['KITCHEN_ADMIN']);
    expect(screen.queryByRole('button', { name: /Accept|Reject/ })).toBeNull();
  });

  it('show the chosen options under the item with their price deltas', async () => {
    await renderCard(['WAITER'], waiting, 'ru');
    expect(screen.getByTestId('item-options').textContent).toBe('Размер: 0,5 л (+1,50) · Добавки: Лёд');
  });

  it('a rejected order shows its reason', async () => {
    await renderCard(['WAITER'], { ...waiting, status: 'CANCELLED', rejectionReason: 'Sold out' });
    expect(screen.getByTestId('rejection-reason').textContent).toBe('Rejected: Sold out');
    expect(screen.queryByRole('button', { name: /Accept/ })).toBeNull();
  });
});

describe('reject dialog', () => {
  function stubApi(status = 200) {
    const posts: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        posts.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        if (status !== 200) return json({ messageKey: 'orderClosed', message: 'closed' }, status);
        return json({ ...waiting, status: 'CANCELLED', rejectionReason: 'x' });
      }),
    );
    return posts;
  }

  it('asks for a reason and sends nothing without one', async () => {
    const posts = stubApi();
    const onClose = vi.fn();
    await renderWithProviders(<RejectOrderModal eateryId={3} order={waiting} onClose={onClose} />, { lang: 'az' });
    fireEvent.click(screen.getByRole('button', { name: 'Sifarişi rədd et' }));
    expect(await screen.findByText('Zəhmət olmasa, səbəbi yazın')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sifarişi rədd et' }));
    expect(posts).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a quick pick fills the reason, which can be edited, and sends it', async () => {
    const posts = stubApi();
    const onClose = vi.fn();
    await renderWithProviders(<RejectOrderModal eateryId={3} order={waiting} onClose={onClose} />);
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByText('Sorry, the kitchen is closing.'));
    const reason = within(dialog).getByRole('textbox') as HTMLTextAreaElement;
    expect(reason.value).toBe('Sorry, the kitchen is closing.');
    fireEvent.change(reason, { target: { value: 'Sorry, the kitchen is closing. Come back tomorrow!' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject order' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts).toEqual([
      { url: '/api/eatery/3/orders/7/reject', body: { reason: 'Sorry, the kitchen is closing. Come back tomorrow!' } },
    ]);
  });

  it('shows the server refusal translated and stays open', async () => {
    stubApi(409);
    const onClose = vi.fn();
    await renderWithProviders(<RejectOrderModal eateryId={3} order={waiting} onClose={onClose} />, { lang: 'ru' });
    fireEvent.click(screen.getByText('Этот заказ уже сделан.'));
    fireEvent.click(screen.getByRole('button', { name: 'Отклонить заказ' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Этот заказ закрыт');
    expect(onClose).not.toHaveBeenCalled();
  });
});
