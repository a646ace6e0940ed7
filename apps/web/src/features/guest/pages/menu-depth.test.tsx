import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GuestMenu, GuestMenuDish } from '@qr-menu/contract';
import { jsonResponse, renderGuest } from '../test-render';
import { cartActions, getCart, resetCartStoreForTests } from '../cart/cart-store';
import { addDish, cartTotalCents, emptyCart, itemUnitCents, parseCart } from '../cart/cart';
import { clearGuestQueriesForTests } from '../lib/query';
import { rememberTableKey } from '../lib/table-key';
import { openState } from '../lib/opening-hours';
import { StatusSteps } from '../components/StatusSteps';
import { MenuPage } from './MenuPage';
import { CartPage } from './CartPage';

/** The guest pages' menu features: options, availability hours, tags and search, currency, table keys, confirmation. */

const texts = (nameEn: string, nameAz = '', nameRu = '', descriptionEn = '') => ({
  nameAz,
  nameEn,
  nameRu,
  descriptionAz: '',
  descriptionEn,
  descriptionRu: '',
});
const names = (nameEn: string) => ({ nameAz: '', nameEn, nameRu: '' });
const option = (id: number, nameEn: string, priceDelta: number, available = true) => ({
  id,
  ...names(nameEn),
  priceDelta,
  available,
});

const lemonade: GuestMenuDish = {
  id: 1,
  ...texts('Lemonade', 'Limonad', 'Лимонад'),
  price: 3,
  image: null,
  dietaryTags: ['vegan'],
  optionGroups: [
    {
      id: 1,
      ...names('Size'),
      minChoices: 1,
      maxChoices: 1,
      options: [option(11, '0.3 L', 0), option(12, '0.5 L', 1.5)],
    },
    {
      id: 2,
      ...names('Extras'),
      minChoices: 0,
      maxChoices: 3,
      options: [
        option(21, 'Mint', 0.5),
        option(22, 'Honey', 0.5),
        option(23, 'Ginger', 0.5),
        option(24, 'Lime', 0.5),
        option(25, 'Ice', 0.1, false),
      ],
    },
  ],
};
const omelette: GuestMenuDish = {
  id: 2,
  ...texts('Omelette', 'Omlet', 'Омлет'),
  price: 5,
  image: null,
  dietaryTags: ['vegetarian'],
  // Breakfast on weekdays (0 = Monday).
  availableHours: { days: [0, 1, 2, 3, 4], from: '08:00', to: '11:30' },
};
const plov: GuestMenuDish = { id: 3, ...texts('Pilaf', 'Plov', 'Плов', 'Rice with saffron'), price: 7.35, image: null };

const menu: GuestMenu = {
  eateryId: 1,
  tableId: 2,
  eateryName: 'Dadlı Ev',
  tableName: '7',
  timeZone: 'Asia/Baku',
  currency: 'USD',
  categories: [
    { id: 10, ...names('Drinks'), image: null, dishes: [lemonade] },
    { id: 11, ...names('Mains'), image: null, dishes: [omelette, plov] },
  ],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

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

const renderMenu = async (lang: 'en' | 'az' | 'ru' = 'en') => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(menu)),
  );
  await renderGuest(<MenuPage eateryId={1} tableId={2} />, { lang });
  await screen.findByRole('article', { name: lang === 'en' ? 'Lemonade' : lang === 'az' ? 'Limonad' : 'Лимонад' });
};

describe('option picker', () => {
  it('needs the required size, prices the options exactly and adds a line per choice', async () => {
    await renderMenu();
    const user = userEvent.setup();
    // "+" of a dish with options opens its sheet rather than adding it.
    await user.click(screen.getByRole('button', { name: 'Add Lemonade to the cart' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Lemonade' }));
    expect(getCart().items).toEqual([]);
    const add = dialog.getByTestId('sheet-add');
    expect(add).toHaveProperty('disabled', true);
    expect(dialog.getByText('Please choose: Size')).toBeTruthy();
    expect(add.getAttribute('aria-describedby')).toBe('dish-sheet-reason');
    expect(dialog.getByText('Required · Choose 1')).toBeTruthy();
    expect(dialog.getByText('Optional · Up to 3')).toBeTruthy();
    // Prices in the restaurant's currency.
    expect(dialog.getByText('+1.50 USD')).toBeTruthy();
    expect(dialog.getByRole('checkbox', { name: /Ice/ })).toHaveProperty('disabled', true);

    await user.click(dialog.getByRole('radio', { name: /0.5 L/ }));
    await user.click(dialog.getByRole('checkbox', { name: /Mint/ }));
    await user.click(dialog.getByRole('checkbox', { name: /Honey/ }));
    await user.click(dialog.getByRole('checkbox', { name: /Ginger/ }));
    // At most 3 extras: the fourth is disabled.
    expect(dialog.getByRole('checkbox', { name: /Lime/ })).toHaveProperty('disabled', true);
    await user.click(dialog.getByRole('checkbox', { name: /Ginger/ }));
    expect(dialog.getByTestId('sheet-unit-price').textContent).toBe('5.50 USD each');
    await user.click(dialog.getByRole('button', { name: 'One more Lemonade' }));
    expect(add).toHaveProperty('disabled', false);
    expect(add.textContent).toBe('Add · 11.00 USD');
    await user.click(add);
    expect(getCart().items.map((i) => [i.dish.id, i.optionIds, i.quantity])).toEqual([[1, [12, 21, 22], 2]]);

    // Another choice: another line; the same choice again: more of that line.
    await user.click(screen.getByRole('button', { name: 'Add Lemonade to the cart' }));
    const again = within(await screen.findByRole('dialog', { name: 'Lemonade' }));
    await user.click(again.getByRole('radio', { name: /0.3 L/ }));
    await user.click(again.getByTestId('sheet-add'));
    expect(getCart().items.map((i) => [i.optionIds, i.quantity])).toEqual([
      [[12, 21, 22], 2],
      [[11], 1],
    ]);
    expect(cartTotalCents(getCart())).toBe(1400);
    expect(screen.getByText('3 in the cart')).toBeTruthy();
  });

  it('the cart shows each line with its options, unit price and line total', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(menu)),
    );
    cartActions.setTableAndEatery({ eateryId: 1, tableId: 2 });
    cartActions.add(lemonade, [12, 21, 22], 2);
    cartActions.add(lemonade, [11]);
    cartActions.add(plov);
    await renderGuest(<CartPage />, { lang: 'en' });
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toBe('21.35 USD'));
    expect(screen.getByText('0.5 L, Mint, Honey')).toBeTruthy();
    expect(screen.getByText('0.3 L')).toBeTruthy();
    expect(screen.getAllByTestId('cart-unit-price').map((e) => e.textContent)).toEqual([
      '5.50 USD each',
      '3.00 USD each',
      '7.35 USD each',
    ]);
    expect(screen.getAllByTestId('cart-line-total').map((e) => e.textContent)).toEqual([
      '11.00 USD',
      '3.00 USD',
      '7.35 USD',
    ]);
    // Each line is its own: removing one leaves the other.
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove Lemonade (0.3 L)' }));
    expect(getCart().items.map((i) => i.optionIds)).toEqual([[12, 21, 22], []]);
  });
});

describe('cart lines with options', () => {
  it('sums in integer cents and keeps carts stored before options', () => {
    let cart = addDish(emptyCart(), lemonade, [22, 12, 21]);
    cart = addDish(cart, lemonade, [12, 21, 22]);
    expect(cart.items).toHaveLength(1);
    expect(itemUnitCents(cart.items[0])).toBe(550);
    // 0.1 + 0.2 style sums stay exact.
    cart = addDish(cart, { ...plov, price: 0.1, optionGroups: [{ ...lemonade.optionGroups![1], id: 9 }] }, [25]);
    expect(cartTotalCents(cart)).toBe(1100 + 20);

    const old = JSON.stringify({
      items: [{ dish: { id: 3, nameEn: 'Pilaf', price: 7.35 }, quantity: 2, note: 'hot' }],
      eateryId: 1,
      tableId: 2,
    });
    const parsed = parseCart(old);
    expect(parsed.items.map((i) => [i.dish.id, i.optionIds, i.quantity, i.note])).toEqual([[3, [], 2, 'hot']]);
    expect(parsed.totalAmount).toBe(14.7);
    // A stored line with options comes back as it was.
    expect(parseCart(JSON.stringify(cart)).items.map((i) => i.optionIds)).toEqual([[12, 21, 22], [25]]);
  });
});

describe('availability hours', () => {
  it('greys a dish outside its hours after hydration, with when it comes back, and the sheet cannot add it', async () => {
    // Saturday 2026-01-10 12:00 in Baku (UTC+4): breakfast is back on Monday.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-10T08:00:00Z'));
    await renderMenu();
    const row = screen.getByRole('article', { name: 'Omelette' });
    await waitFor(() => expect(row.dataset.notNow).toBe('true'));
    expect(within(row).getByText('from Mon 08:00')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Add Omelette to the cart' })).toBeNull();
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Omelette: photo and details' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Omelette' }));
    expect(dialog.getByTestId('sheet-add')).toHaveProperty('disabled', true);
    expect(dialog.getByText('from Mon 08:00')).toBeTruthy();
  });

  it('says "from 08:00" on a weekday morning before it opens, in Russian too', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Monday 2026-01-12 07:00 in Baku.
    vi.setSystemTime(new Date('2026-01-12T03:00:00Z'));
    await renderMenu('ru');
    await waitFor(() =>
      expect(within(screen.getByRole('article', { name: 'Омлет' })).getByText('с 08:00')).toBeTruthy(),
    );
  });
});

describe('tags and search', () => {
  it('finds dishes by name in another language and by description, filters by tag, and clears an empty result', async () => {
    await renderMenu();
    const user = userEvent.setup();
    // A tag is its word beside its icon.
    expect(within(screen.getByRole('article', { name: 'Lemonade' })).getByRole('listitem').textContent).toBe('Vegan');
    const search = screen.getByRole('searchbox', { name: 'Search dishes' });
    await user.type(search, 'плов');
    expect(screen.getByRole('article', { name: 'Pilaf' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Lemonade' })).toBeNull();
    // The category bar follows what is shown.
    expect(within(screen.getByRole('toolbar', { name: 'Menu categories' })).getAllByRole('button')).toHaveLength(1);
    await user.clear(search);
    await user.type(search, 'saffron');
    expect(screen.getByRole('article', { name: 'Pilaf' })).toBeTruthy();
    await user.clear(search);

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Filters' }));
    // Only the menu's tags are offered, as toggles.
    expect(dialog.getAllByRole('button', { pressed: false }).map((c) => c.textContent)).toEqual([
      'Vegetarian',
      'Vegan',
    ]);
    await user.click(dialog.getByRole('button', { name: 'Vegan' }));
    await user.click(dialog.getByRole('button', { name: 'Show dishes' }));
    expect(screen.getByRole('article', { name: 'Lemonade' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Pilaf' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeTruthy();

    await user.type(search, 'omlet');
    expect(screen.getByText('No dishes match your search')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show all dishes' }));
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect((search as HTMLInputElement).value).toBe('');
  });
});

describe('opening hours', () => {
  it('the menu says until when the restaurant is open, on its clock, in Azerbaijani', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Monday 2026-01-12 12:00 in Baku; the phone's own zone does not matter.
    vi.setSystemTime(new Date('2026-01-12T08:00:00Z'));
    const hours = Array.from({ length: 7 }, () => ({ closed: false, open: '09:00', close: '23:00' }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ ...menu, openingHours: hours })),
    );
    await renderGuest(<MenuPage eateryId={1} tableId={2} />, { lang: 'az' });
    expect((await screen.findByTestId('open-state')).textContent).toBe('23:00-dək açıqdır');
  });

  const week = (open: string, close: string) => Array.from({ length: 7 }, (_, i) => ({ closed: i === 6, open, close }));
  it('open until, closed with the next opening, past midnight', () => {
    // Monday 2026-01-12 in Baku (UTC+4).
    const at = (hhmm: string, day = 12) => new Date(`2026-01-${day}T${hhmm}:00+04:00`);
    expect(openState(week('09:00', '23:00'), 'Asia/Baku', at('12:00'))).toEqual({ open: true, until: '23:00' });
    expect(openState(week('09:00', '23:00'), 'Asia/Baku', at('07:00'))).toEqual({
      open: false,
      opens: { inDays: 0, weekday: 0, time: '09:00' },
    });
    // Saturday night after closing: Sunday is closed, Monday opens.
    expect(openState(week('09:00', '23:00'), 'Asia/Baku', at('23:30', 17))).toEqual({
      open: false,
      opens: { inDays: 2, weekday: 0, time: '09:00' },
    });
    // 18:00–02:00: Tuesday 01:00 is still Monday's evening.
    expect(openState(week('18:00', '02:00'), 'Asia/Baku', at('01:00', 13))).toEqual({ open: true, until: '02:00' });
    expect(openState(null, 'Asia/Baku', at('12:00'))).toBeNull();
  });
});

describe('table key and confirmation', () => {
  it('sends the QR link key with the order; a rejected key asks to scan the table code again', async () => {
    rememberTableKey(1, 2, '?k=secret-key');
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.endsWith('/menu')) return json(200, menu);
        bodies.push(JSON.parse(String(init?.body)));
        return json(403, { messageKey: 'tableKeyInvalid', message: 'bad key' });
      }),
    );
    cartActions.setTableAndEatery({ eateryId: 1, tableId: 2 });
    cartActions.add(lemonade, [12]);
    await renderGuest(<CartPage />, { lang: 'en' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Place order' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('This QR code is no longer valid. Please scan the code'),
    );
    expect(bodies).toEqual([
      expect.objectContaining({
        tableKey: 'secret-key',
        items: [{ dishId: 1, quantity: 1, note: null, optionIds: [12] }],
      }),
    ]);
    // The cart is kept for after the rescan.
    expect(getCart().items).toHaveLength(1);
  });

  it('shows waiting for the waiter as its own step, and a rejection with its reason', async () => {
    const { unmount } = await renderGuest(<StatusSteps status="NEEDS_CONFIRMATION" />, { lang: 'en' });
    const steps = screen.getAllByRole('listitem');
    expect(steps[0].textContent).toContain('Waiting for the waiter to confirm');
    expect(steps[0].getAttribute('aria-current')).toBe('step');
    expect(steps).toHaveLength(6);
    unmount();
    await renderGuest(<StatusSteps status="CANCELLED" rejectionReason="Kitchen closed" />, { lang: 'ru' });
    expect(screen.getByRole('status').textContent).toContain('Отклонён');
    expect(screen.getByRole('status').textContent).toContain('Причина: Kitchen closed');
  });
});
