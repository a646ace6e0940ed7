import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { GuestOrder, Language } from '@qr-menu/contract';
import { jsonResponse, renderGuest } from '../test-render';
import { cartActions, resetCartStoreForTests } from '../cart/cart-store';
import { clearGuestQueriesForTests } from '../lib/query';
import { ConfirmationPage } from './ConfirmationPage';
import { OrdersPage } from './OrdersPage';

/**
 * What the guest's order pages say must be true: the total due after a discount, and a rejection's reason in the
 * guest's language when staff picked a common one.
 */
const order = (over: Partial<GuestOrder> = {}): GuestOrder => ({
  id: 12,
  number: 2,
  status: 'CREATED',
  tableId: 2,
  tableNumber: '7',
  note: null,
  createdAt: '2026-01-05T12:00:00.000Z',
  updatedAt: '2026-01-05T12:00:00.000Z',
  items: [
    {
      id: 1,
      dishId: 5,
      dishName: 'Plov',
      name: 'Plov',
      orderId: 12,
      quantity: 2,
      note: null,
      status: 'CREATED',
      price: 10,
      options: [],
      category: null,
      kitchenDepartmentId: null,
      names: { az: 'Plov', en: 'Pilaf', ru: 'Плов' },
      batch: 1,
      createdAt: '2026-01-05T12:00:00.000Z',
      readyAt: null,
      voidReason: null,
      voidedFrom: null,
      voidedAt: null,
      seat: null,
      course: null,
      held: false,
    },
  ],
  eateryId: 1,
  orderPrice: 20,
  estimatedTime: 10,
  version: 1,
  discount: 0,
  serviceChargeRate: 0,
  paidAt: null,
  rejectionReason: null,
  kind: 'DINE_IN',
  customerName: null,
  customerPhone: null,
  ...over,
});

let served: GuestOrder;

beforeEach(() => {
  clearGuestQueriesForTests();
  localStorage.clear();
  resetCartStoreForTests();
  cartActions.setTableAndEatery({ eateryId: 1, tableId: 2 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.endsWith('/menu')) return jsonResponse({ messageKey: 'internal', message: 'down' }, 503);
      if (/\/orders\/\d+$/.test(url)) return jsonResponse(served);
      return jsonResponse([served]);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const renderConfirmation = (lang: Language) =>
  renderGuest(<ConfirmationPage />, {
    lang,
    path: '/client/order-confirmation/12',
    route: '/client/order-confirmation/:orderId',
  });

describe('the total the guest sees is what is due', () => {
  it('after a 10 % discount: the dishes, the discount and the total due', async () => {
    served = order({ discount: 2 });
    await renderConfirmation('en');
    expect((await screen.findByTestId('order-total')).textContent).toBe('Total18.00 AZN');
    expect(screen.getByTestId('order-subtotal').textContent).toBe('Subtotal20.00 AZN');
    expect(screen.getByTestId('order-discount').textContent).toBe('Discount-2.00 AZN');
  });

  it('without a discount: just the total', async () => {
    served = order();
    await renderConfirmation('en');
    expect((await screen.findByTestId('order-total')).textContent).toBe('Total20.00 AZN');
    expect(screen.queryByTestId('order-subtotal')).toBeNull();
    expect(screen.queryByTestId('order-discount')).toBeNull();
  });

  it('my orders shows the total due, and the discount that made it (ru)', async () => {
    served = order({ discount: 2.5, status: 'PAID', paidAt: '2026-01-05T12:30:00.000Z' });
    await renderGuest(<OrdersPage />, { lang: 'ru' });
    expect((await screen.findByTestId('order-total')).textContent).toBe('17,50 AZN');
    expect(screen.getByTestId('order-discount').textContent).toBe('Подытог 20,00 AZN · Скидка -2,50 AZN');
  });
});

describe('the service charge the order was placed under', () => {
  it('after a discount: the dishes, the discount, the charge on what is left and the total due', async () => {
    served = order({ discount: 2, serviceChargeRate: 1000 });
    await renderConfirmation('en');
    expect((await screen.findByTestId('order-total')).textContent).toBe('Total19.80 AZN');
    expect(screen.getByTestId('order-subtotal').textContent).toBe('Subtotal20.00 AZN');
    expect(screen.getByTestId('order-discount').textContent).toBe('Discount-2.00 AZN');
    expect(screen.getByTestId('order-service-charge').textContent).toBe('Service charge 10 %1.80 AZN');
  });

  it('is named as the restaurant names it, in the guest’s language, at the order’s own rate', async () => {
    // The restaurant charges 10 % now; the order was placed under 12.5 %.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.endsWith('/menu')) {
          return jsonResponse({
            eateryId: 1,
            tableId: 2,
            eateryName: 'Nar',
            tableName: '7',
            timeZone: 'Asia/Baku',
            serviceChargePercent: 10,
            serviceChargeNames: { az: 'Servis', en: 'Service', ru: 'Сервисный сбор' },
            categories: [],
          });
        }
        return jsonResponse(served);
      }),
    );
    served = order({ serviceChargeRate: 1250 });
    await renderConfirmation('ru');
    // The name arrives with the menu (the guest pages' own word until then).
    await screen.findByText('Сервисный сбор 12,5 %');
    expect(screen.getByTestId('order-service-charge').textContent).toBe('Сервисный сбор 12,5 %2,50 AZN');
    expect(screen.getByTestId('order-total').textContent).toBe('Итого22,50 AZN');
  });

  it('none at rate 0: no line', async () => {
    served = order({ serviceChargeRate: 0 });
    await renderConfirmation('en');
    expect((await screen.findByTestId('order-total')).textContent).toBe('Total20.00 AZN');
    expect(screen.queryByTestId('order-service-charge')).toBeNull();
  });

  it('my orders shows the total with the charge, and the charge that made it (az)', async () => {
    served = order({ serviceChargeRate: 1000, status: 'PAID', paidAt: '2026-01-05T12:30:00.000Z' });
    await renderGuest(<OrdersPage />, { lang: 'az' });
    expect((await screen.findByTestId('order-total')).textContent).toBe('22,00 AZN');
    expect(screen.getByTestId('order-discount').textContent).toBe('Ara cəm 20,00 AZN · Xidmət haqqı 10 % 2,00 AZN');
  });
});

describe('the reason of a rejected order', () => {
  it.each([
    ['en', 'Reason: Sorry, some of these dishes are sold out.'],
    ['ru', 'Причина: Извините, некоторые блюда закончились.'],
    ['az', 'Səbəb: Bağışlayın, bu yeməklərin bəziləri qurtarıb.'],
  ] as const)('a common reason reads in the guest’s language (%s)', async (lang, text) => {
    served = order({ status: 'CANCELLED', rejectionReason: 'preset:soldOut' });
    await renderConfirmation(lang);
    expect((await screen.findByText(text, { exact: false })).textContent).toContain(text);
    expect(document.body.textContent).not.toContain('preset:');
  });

  it('a reason staff wrote reads as they wrote it, whatever the language', async () => {
    served = order({ status: 'CANCELLED', rejectionReason: 'Bu gün plov yoxdur' });
    await renderConfirmation('ru');
    expect((await screen.findByText(/Причина: Bu gün plov yoxdur/)).textContent).toContain('Bu gün plov yoxdur');
  });
});
