import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GuestMenu } from '@qr-menu/contract';
import { jsonResponse, renderGuest } from '../test-render';
import { cartActions, getCart, resetCartStoreForTests } from '../cart/cart-store';
import { testDish } from '../cart/test-dish';
import { clearGuestQueriesForTests } from '../lib/query';
import { MenuPage } from './MenuPage';
import { CartPage } from './CartPage';

/**
 * "Guests order only within opening hours": while the restaurant is closed the menu stays browsable under a banner
 * saying when it opens, and the cart's order button is off with that reason; a refusal by the server (the phone's
 * clock said open) is worded on the restaurant's clock. 2026-01-12 is a Monday; Asia/Baku is UTC+4.
 */

const day = (open: string, close: string, closed = false) => ({ closed, open, close });
/** 09:00–23:00, Sunday closed. */
const hours = [...Array.from({ length: 6 }, () => day('09:00', '23:00')), day('09:00', '23:00', true)];

const plov = testDish(3, { nameEn: 'Pilaf', nameRu: 'Плов', price: 7.35 });
const menu = (over: Partial<GuestMenu> = {}): GuestMenu => ({
  eateryId: 1,
  tableId: 2,
  eateryName: 'Dadlı Ev',
  tableName: '7',
  timeZone: 'Asia/Baku',
  openingHours: hours,
  ordersWithinHours: true,
  categories: [{ id: 10, nameAz: '', nameEn: 'Mains', nameRu: 'Горячее', image: null, dishes: [plov] }],
  ...over,
});

/** The phone's clock at this instant (ISO, UTC); timers stay real, so the page's clock ticks at once. */
const clockAt = (iso: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
};

const serveMenu = (m: GuestMenu, order?: () => Response) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url.endsWith('/orders') && order ? order() : jsonResponse(m))),
  );

beforeEach(() => {
  clearGuestQueriesForTests();
  localStorage.clear();
  sessionStorage.clear();
  resetCartStoreForTests();
  vi.stubGlobal('scrollTo', vi.fn());
  Element.prototype.scrollTo = vi.fn();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('menu page', () => {
  it('closed: a banner says when it opens, and the dishes can still be browsed and added', async () => {
    clockAt('2026-01-12T20:00:00Z'); // Tuesday 00:00 in Baku
    serveMenu(menu());
    await renderGuest(<MenuPage eateryId={1} tableId={2} />, { lang: 'en' });
    const banner = await screen.findByTestId('closed-banner');
    expect(banner.textContent).toBe('Closed now · opens today at 09:00');
    expect(banner.getAttribute('role')).toBe('status');
    expect(screen.getByRole('article', { name: 'Pilaf' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Pilaf to the cart' })).toBeTruthy();
  });

  it.each([
    ['en', '2026-01-12T19:30:00Z', 'Closed now · opens tomorrow at 09:00'], // Monday 23:30
    ['ru', '2026-01-17T19:30:00Z', 'Сейчас закрыто · откроется в понедельник в 09:00'], // Saturday 23:30
    ['az', '2026-01-17T19:30:00Z', 'İndi bağlıdır · açılış: bazar ertəsi, saat 09:00'],
  ] as const)('words the next opening on the restaurant’s clock (%s, %s)', async (lang, now, text) => {
    clockAt(now);
    serveMenu(menu());
    await renderGuest(<MenuPage eateryId={1} tableId={2} />, { lang });
    expect((await screen.findByTestId('closed-banner')).textContent).toBe(text);
  });

  it('the switch off: no banner, only the opening-hours line', async () => {
    clockAt('2026-01-12T19:30:00Z');
    serveMenu(menu({ ordersWithinHours: false }));
    await renderGuest(<MenuPage eateryId={1} tableId={2} />, { lang: 'en' });
    expect((await screen.findByTestId('open-state')).textContent).toBe('Closed now, opens Tue 09:00');
    expect(screen.queryByTestId('closed-banner')).toBeNull();
  });
});

describe('cart page', () => {
  const placeButton = () => screen.getByRole('button', { name: 'Place order' });

  it('closed: "Place order" is off, with the reason; the cart stays', async () => {
    clockAt('2026-01-12T19:30:00Z'); // Monday 23:30 in Baku
    serveMenu(menu());
    cartActions.setTableAndEatery({ eateryId: 1, tableId: 2 });
    cartActions.add(plov);
    await renderGuest(<CartPage />, { lang: 'en' });
    const hint = await screen.findByTestId('closed-hint');
    expect(hint.textContent).toBe('Closed now · opens tomorrow at 09:00. Orders are taken during opening hours.');
    expect(placeButton()).toHaveProperty('disabled', true);
    expect(placeButton().getAttribute('aria-describedby')).toBe(hint.id);
    expect(getCart().items).toHaveLength(1);
  });

  it('open, or every day closed: the button follows', async () => {
    clockAt('2026-01-12T08:00:00Z'); // Monday 12:00: open
    serveMenu(menu());
    cartActions.setTableAndEatery({ eateryId: 1, tableId: 2 });
    cartActions.add(plov);
    const view = await renderGuest(<CartPage />, { lang: 'en' });
    await waitFor(() => expect(placeButton()).toHaveProperty('disabled', false));
    expect(screen.queryByTestId('closed-hint')).toBeNull();
    view.unmount();

    clearGuestQueriesForTests();
    serveMenu(menu({ openingHours: hours.map((d) => ({ ...d, closed: true })) }));
    await renderGuest(<CartPage />, { lang: 'ru' });
    expect((await screen.findByTestId('closed-hint')).textContent).toBe(
      'Сейчас закрыто. Заказы принимаются в часы работы.',
    );
  });

  it('the server still refuses (closedNow): its next opening is shown, translated, and the cart is kept', async () => {
    clockAt('2026-01-12T18:59:30Z'); // Monday 22:59:30: open on the phone's clock
    serveMenu(menu(), () =>
      jsonResponse(
        { messageKey: 'closedNow', message: 'closed', params: { opensAt: '2026-01-13T05:00:00.000Z' } },
        409,
      ),
    );
    cartActions.setTableAndEatery({ eateryId: 1, tableId: 2 });
    cartActions.add(plov);
    await renderGuest(<CartPage />, { lang: 'en' });
    await waitFor(() => expect(placeButton()).toHaveProperty('disabled', false));
    await userEvent.setup().click(placeButton());
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Closed now · opens tomorrow at 09:00. Orders are taken during opening hours.',
    );
    expect(getCart().items.map((i) => i.dish.id)).toEqual([3]);
  });
});
