import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GuestMenu } from '@qr-menu/contract';
import { jsonResponse, renderGuest } from '../test-render';
import { cartActions, getCart, resetCartStoreForTests } from '../cart/cart-store';
import { clearGuestQueriesForTests } from '../lib/query';
import { MenuPage } from './MenuPage';

const texts = (nameEn: string) => ({
  nameAz: '',
  nameEn,
  nameRu: '',
  descriptionAz: '',
  descriptionEn: '',
  descriptionRu: '',
});
const names = (nameEn: string) => ({ nameAz: '', nameEn, nameRu: '' });

const menu: GuestMenu = {
  eateryId: 1,
  tableId: 2,
  eateryName: 'Dadlı Ev',
  tableName: '7',
  timeZone: 'Asia/Baku',
  categories: [
    { id: 10, ...names('Soups'), image: null, dishes: [{ id: 1, ...texts('Piti'), price: 6.5, image: null }] },
    { id: 11, ...names('Salads'), image: null, dishes: [{ id: 2, ...texts('Choban'), price: 4, image: null }] },
    { id: 12, ...names('Desserts'), image: null, dishes: [{ id: 3, ...texts('Baklava'), price: 3, image: null }] },
  ],
};

const focused = () => document.activeElement;
const chip = (name: string) => screen.getByRole('button', { name });

describe('menu page keyboard', () => {
  beforeEach(() => {
    clearGuestQueriesForTests();
    localStorage.clear();
    resetCartStoreForTests();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(menu)),
    );
    // jsdom does not scroll.
    vi.stubGlobal('scrollTo', vi.fn());
    Element.prototype.scrollTo = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  const renderMenu = async () => {
    await renderGuest(<MenuPage eateryId={1} tableId={2} />, { lang: 'en' });
    await screen.findByRole('article', { name: 'Piti' });
  };

  it('starts at the page heading and keeps the focus on the stepper that replaces "+", and on "+" when it comes back', async () => {
    await renderMenu();
    expect(focused()).toBe(screen.getByRole('heading', { level: 1, name: 'Menu' }));

    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Add Piti to the cart' }).focus();
    await user.keyboard('{Enter}');
    expect(getCart().items.map((i) => [i.dish.id, i.quantity])).toEqual([[1, 1]]);
    expect(focused()).toBe(screen.getByRole('button', { name: 'One more Piti' }));
    expect(screen.getByRole('group', { name: 'Quantity of Piti' }).contains(focused())).toBe(true);

    await user.keyboard(' ');
    expect(getCart().items[0].quantity).toBe(2);
    expect(focused()).toBe(screen.getByRole('button', { name: 'One more Piti' }));

    await user.click(screen.getByRole('button', { name: 'One less Piti' }));
    await user.click(screen.getByRole('button', { name: 'One less Piti' }));
    expect(getCart().items).toEqual([]);
    expect(focused()).toBe(screen.getByRole('button', { name: 'Add Piti to the cart' }));
  });

  it('makes the category chips one tab stop with arrow keys, Home and End; Enter moves to the category', async () => {
    await renderMenu();
    const user = userEvent.setup();
    const toolbar = screen.getByRole('toolbar', { name: 'Menu categories' });
    const tabbable = () => [...toolbar.querySelectorAll('button')].filter((b) => b.tabIndex === 0);
    // One tab stop: the chip of the category in view (jsdom has no layout, so that is the last one here).
    const current = toolbar.querySelector('[aria-current="true"]');
    expect(tabbable()).toEqual([current]);

    // The search box comes first, then the chips.
    await user.tab();
    expect(focused()).toBe(screen.getByRole('searchbox', { name: 'Search dishes' }));
    await user.tab();
    expect(focused()).toBe(current);
    await user.keyboard('{Home}');
    expect(focused()).toBe(chip('Soups'));
    await user.keyboard('{ArrowRight}');
    expect(focused()).toBe(chip('Salads'));
    expect(tabbable()).toEqual([chip('Salads')]);
    await user.keyboard('{End}');
    expect(focused()).toBe(chip('Desserts'));
    await user.keyboard('{ArrowRight}');
    expect(focused()).toBe(chip('Soups'));
    await user.keyboard('{ArrowLeft}');
    expect(focused()).toBe(chip('Desserts'));
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowRight}');
    expect(focused()).toBe(chip('Salads'));

    // Enter jumps to the section: its heading has the focus, so the next Tab reaches its first dish.
    await user.keyboard('{Enter}');
    expect(chip('Salads').getAttribute('aria-current')).toBe('true');
    expect(focused()).toBe(screen.getByRole('heading', { level: 2, name: 'Salads' }));
    await user.tab();
    expect(focused()).toBe(screen.getByRole('button', { name: 'Choban: photo and details' }));
    await user.tab();
    expect(focused()).toBe(screen.getByRole('button', { name: 'Add Choban to the cart' }));
  });

  it('puts the cart bar right after the chips in the tab order', async () => {
    await renderMenu();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add Baklava to the cart' }));
    screen.getByRole('heading', { level: 1, name: 'Menu' }).focus();

    await user.tab();
    expect(focused()).toBe(screen.getByRole('searchbox', { name: 'Search dishes' }));
    await user.tab();
    expect(screen.getByRole('toolbar', { name: 'Menu categories' }).contains(focused())).toBe(true);
    await user.tab();
    expect((focused() as HTMLElement).getAttribute('aria-label')).toMatch(/^View cart, Dishes in the cart: 1/);
    await user.tab();
    expect(focused()).toBe(screen.getByRole('button', { name: 'Piti: photo and details' }));
    await user.tab();
    expect(focused()).toBe(screen.getByRole('button', { name: 'Add Piti to the cart' }));
  });

  it('gives the focus to the page heading when "add to order" mode is cancelled', async () => {
    await renderMenu();
    cartActions.setAddToOrder({ id: 12, number: 2 });
    // The banner names the order by its number of the day, not its id.
    expect(await screen.findByText('Adding dishes to order #2')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(getCart().addToOrderId).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(focused()).toBe(screen.getByRole('heading', { level: 1, name: 'Menu' }));
  });

  it('opens a dish sheet from its row: a modal dialog; Escape closes it and the focus goes back to the row', async () => {
    await renderMenu();
    const user = userEvent.setup();
    const row = screen.getByRole('button', { name: 'Piti: photo and details' });
    await user.click(row);
    const dialog = await screen.findByRole('dialog', { name: 'Piti' });
    expect(dialog.getAttribute('open')).not.toBeNull();
    expect(document.documentElement.dataset.sheetOpen).toBe('true');

    // jsdom does not send "cancel" for Escape as a browser does: send it as the browser would.
    dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    await screen.findByRole('button', { name: 'Piti: photo and details' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(focused()).toBe(row);
    expect(document.documentElement.dataset.sheetOpen).toBeUndefined();
    expect(getCart().items).toEqual([]);
  });

  it('adds from the sheet with a quantity and a note, and opens a dish in the cart with its own', async () => {
    await renderMenu();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Baklava: photo and details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Baklava' });
    // Minus stays at 1 (the sheet adds at least one).
    expect(screen.getByRole('button', { name: 'One less Baklava' }).getAttribute('aria-disabled')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'One more Baklava' }));
    await user.click(screen.getByRole('button', { name: 'One more Baklava' }));
    await user.type(screen.getByRole('textbox', { name: 'Note for Baklava' }), 'No nuts');
    await user.click(screen.getByRole('button', { name: 'Add · 9.00 AZN' }));
    expect(dialog.isConnected).toBe(false);
    expect(getCart().items.map((i) => [i.dish.id, i.quantity, i.note])).toEqual([[3, 3, 'No nuts']]);

    await user.click(screen.getByRole('button', { name: 'Baklava: photo and details' }));
    const again = within(await screen.findByRole('dialog', { name: 'Baklava' }));
    expect(again.getByRole('textbox', { name: 'Note for Baklava' })).toHaveProperty('value', 'No nuts');
    await user.click(again.getByRole('button', { name: 'One less Baklava' }));
    await user.click(again.getByRole('button', { name: 'Update cart · 6.00 AZN' }));
    expect(getCart().items.map((i) => [i.dish.id, i.quantity])).toEqual([[3, 2]]);
  });
});
