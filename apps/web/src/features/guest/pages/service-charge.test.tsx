import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { GuestMenu, Language } from '@qr-menu/contract';
import { jsonResponse, renderGuest } from '../test-render';
import { cartActions, resetCartStoreForTests } from '../cart/cart-store';
import { testDish } from '../cart/test-dish';
import { clearGuestQueriesForTests } from '../lib/query';
import { CartPage } from './CartPage';
import { MenuPage } from './MenuPage';

/** A service charge is lawful only when guests are told before they order: the menu and the cart say it. */

const plov = testDish(5, { nameEn: 'Plov', price: 12.25 });
const tea = testDish(6, { nameEn: 'Tea', price: 3.5 });

const menu = (serviceChargePercent: number): GuestMenu => ({
  eateryId: 1,
  tableId: 2,
  eateryName: 'Nar',
  tableName: '7',
  timeZone: 'Asia/Baku',
  serviceChargePercent,
  serviceChargeNames: { az: 'Xidmət haqqı', en: 'Service', ru: 'Обслуживание' },
  categories: [{ id: 10, nameAz: '', nameEn: 'Food', nameRu: '', image: null, dishes: [plov, tea] }],
});

let served: GuestMenu;

beforeEach(() => {
  clearGuestQueriesForTests();
  localStorage.clear();
  resetCartStoreForTests();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(served)),
  );
  vi.stubGlobal('scrollTo', vi.fn());
  Element.prototype.scrollTo = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

describe('the menu’s service charge notice', () => {
  it.each([
    ['en', 'A 10 % service charge is added to the bill'],
    ['az', 'Hesaba 10 % xidmət haqqı əlavə olunur'],
    ['ru', 'К счёту добавляется 10 % за обслуживание'],
  ] as const)('states the charge at the foot of the menu (%s)', async (lang, text) => {
    served = menu(10);
    await renderGuest(<MenuPage eateryId={1} tableId={2} />, { lang });
    await screen.findByRole('article', { name: 'Plov' });
    expect(screen.getByTestId('service-charge-notice').textContent).toBe(text);
  });

  it('says nothing without a charge', async () => {
    served = menu(0);
    await renderGuest(<MenuPage eateryId={1} tableId={2} />, { lang: 'en' });
    await screen.findByRole('article', { name: 'Plov' });
    expect(screen.queryByTestId('service-charge-notice')).toBeNull();
    expect(document.body.textContent).not.toMatch(/service charge/i);
  });
});

describe('the cart’s total with the service charge', () => {
  /** 2 × 12.25 + 6 × 3.50 = 45.50. */
  const fillCart = () => {
    cartActions.setTableAndEatery({ eateryId: 1, tableId: 2 });
    for (let i = 0; i < 2; i++) cartActions.add(plov);
    for (let i = 0; i < 6; i++) cartActions.add(tea);
  };
  const renderCart = (lang: Language) => renderGuest(<CartPage />, { lang });

  it('dishes 45.50 at 10 %: a service charge of 4.55 named as the restaurant names it, total 50.05', async () => {
    served = menu(10);
    fillCart();
    await renderCart('en');
    expect((await screen.findByTestId('cart-total')).textContent).toBe('50.05 AZN');
    expect(screen.getByTestId('cart-dishes').textContent).toBe('Dishes45.50 AZN');
    expect(screen.getByTestId('cart-service-charge').textContent).toBe('Service 10 %4.55 AZN');
    expect(screen.getByTestId('service-charge-notice').textContent).toBe('A 10 % service charge is added to the bill');
  });

  it('reads in the guest’s language (ru), to the cent at a rate with a fraction', async () => {
    served = menu(12.5);
    fillCart();
    await renderCart('ru');
    // 12.5 % of 45.50 = 5.6875: 5.69.
    expect((await screen.findByTestId('cart-total')).textContent).toBe('51,19 AZN');
    expect(screen.getByTestId('cart-service-charge').textContent).toBe('Обслуживание 12,5 %5,69 AZN');
    expect(screen.getByTestId('service-charge-notice').textContent).toBe('К счёту добавляется 12,5 % за обслуживание');
  });

  it('without a charge: just the dishes’ total, no line and no notice', async () => {
    served = menu(0);
    fillCart();
    // A dish no longer on the menu: its badge shows once the menu (and so its charge) has arrived.
    cartActions.add(testDish(7, { nameEn: 'Gone', price: 1 }));
    await renderCart('en');
    await screen.findByText('No longer available');
    expect(screen.getByTestId('cart-total').textContent).toBe('46.50 AZN');
    expect(screen.queryByTestId('cart-service-charge')).toBeNull();
    expect(screen.queryByTestId('cart-dishes')).toBeNull();
    expect(screen.queryByTestId('service-charge-notice')).toBeNull();
  });
});
