import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Eatery, Order } from '@qr-menu/contract';
import { stubFetch } from '../live/fetch-router';
import { makeItem, makeOrder } from '../live/order-fixture';
import { jsonResponse, renderAdmin } from '../test-utils';
import { makeCategory, makeDish, sizeGroup } from './menu-fixture';
import { i18n } from '../../../../i18n';
import { OrderEntrySheet, type EntryStart } from './OrderEntrySheet';

afterEach(() => vi.restoreAllMocks());

/** A phone-sized screen: the ticket in a bottom drawer (the test DOM is tablet-sized otherwise). */
const onPhone = () =>
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );

const E = 3;
const courses = [
  { az: '', en: 'Starters', ru: '' },
  { az: '', en: 'Mains', ru: '' },
];
const restaurant = { id: E, name: 'Dolma', roles: ['WAITER'], courses } as unknown as Eatery;

const drinks = makeCategory(1, 'Drinks');
const mains = makeCategory(2, 'Mains', { course: 2 });
const tea = makeDish(1, 'Tea', 1.2);
const ayran = makeDish(3, 'Ayran', 2, { optionGroups: [sizeGroup(50)] });
const cola = makeDish(5, 'Cola', 2, { available: false });
const bread = makeDish(6, 'Bread', 0.5, { stockCount: 4 });
const lavash = makeDish(7, 'Lavash', 0.5, { stockCount: 0 });
const plov = makeDish(2, 'Plov', 9.5, { categoryId: 2 });
const dolma = makeDish(4, 'Dolma', 7, { categoryId: 2 });

const menuRoutes = {
  [`GET /api/eatery/${E}/category`]: [drinks, mains],
  [`GET /api/eatery/${E}/category/1`]: { ...drinks, dishes: [tea, ayran, cola, bread, lavash] },
  [`GET /api/eatery/${E}/category/2`]: { ...mains, dishes: [plov, dolma] },
};

const at = '2026-11-24T10:00:00.000Z';
/** Table 5's open order #106: its first round was a tea, its last one two plovs for seat 2. */
const open = makeOrder(6, at, {
  tableId: 5,
  tableNumber: '5',
  status: 'PREPARING',
  items: [
    makeItem(1, 6, { dishId: 1, batch: 1 }),
    makeItem(2, 6, { dishId: 2, batch: 2, quantity: 2, seat: 2, course: 2 }),
  ],
});

async function show(start: EntryStart, openOrders: Order[] = [], routes: Record<string, unknown> = {}) {
  const api = stubFetch({ ...menuRoutes, ...routes });
  const onSent = vi.fn();
  const onClose = vi.fn();
  await renderAdmin(
    <OrderEntrySheet restaurant={restaurant} start={start} openOrders={openOrders} onClose={onClose} onSent={onSent} />,
  );
  await screen.findByRole('button', { name: 'Add Tea' });
  return { api, onSent, onClose };
}

/** Every tap of the test, counted: the grid's promise is few of them. */
let taps = 0;
const tap = (el: HTMLElement) => {
  taps += 1;
  fireEvent.click(el);
};
const tapButton = (name: string | RegExp) => tap(screen.getByRole('button', { name }));

describe('order entry grid', () => {
  it('takes a 5-dish order with one option in 9 taps and sends it at once to the table', async () => {
    const { api, onSent } = await show({ kind: 'table', tableId: 5 }, [open], {
      [`POST /api/eatery/${E}/tables/5/round`]: { order: { ...open, version: 2 }, created: false },
    });
    expect(screen.getByRole('heading', { name: 'Table 5' })).toBeTruthy();
    expect(screen.getByText('Adds to order #106')).toBeTruthy();
    // Sold out: shown, greyed, not tappable.
    expect((screen.getByRole('button', { name: 'Cola: Sold out' }) as HTMLButtonElement).disabled).toBe(true);
    // Counted dishes say how many portions are left; none left is sold out.
    expect(within(screen.getByRole('button', { name: 'Add Bread' })).getByTestId('stock-left').textContent).toBe(
      'Left: 4',
    );
    expect((screen.getByRole('button', { name: 'Lavash: Sold out' }) as HTMLButtonElement).disabled).toBe(true);

    taps = 0;
    tapButton('Add Tea');
    tapButton('Add Ayran');
    const options = await screen.findByRole('dialog', { name: 'Ayran: choose' });
    tap(within(options).getByRole('radio', { name: /Large/ }));
    tap(within(options).getByRole('button', { name: 'Add to ticket' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ayran: choose' })).toBeNull());
    tapButton('Add Bread');
    tapButton('Mains');
    tapButton('Add Plov');
    tapButton('Add Dolma');
    // The tablet layout: the ticket beside the menu.
    const ticket = screen.getByRole('complementary', { name: 'Ticket' });
    expect(within(ticket).getByText('Portions: 5')).toBeTruthy();
    expect(within(ticket).getByText('Total: 21.70 AZN')).toBeTruthy();
    tapButton('Send');
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(taps).toBe(9);

    const sent = api.requests('POST');
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toBe(`/api/eatery/${E}/tables/5/round`);
    // One request, every line with its category's course (mains in course 2).
    expect(sent[0].body).toEqual({
      items: [
        { dishId: 1, quantity: 1, optionIds: [], course: 1 },
        { dishId: 3, quantity: 1, optionIds: [52], course: 1 },
        { dishId: 6, quantity: 1, optionIds: [], course: 1 },
        { dishId: 2, quantity: 1, optionIds: [], course: 2 },
        { dishId: 4, quantity: 1, optionIds: [], course: 2 },
      ],
    });
    expect(onSent).toHaveBeenCalledWith({ order: expect.objectContaining({ id: 6 }), created: false });
  });

  it('asks for the required option before the dish goes on the ticket', async () => {
    await show({ kind: 'table', tableId: 5 });
    fireEvent.click(screen.getByRole('button', { name: 'Add Ayran' }));
    const options = await screen.findByRole('dialog', { name: 'Ayran: choose' });
    fireEvent.click(within(options).getByRole('button', { name: 'Add to ticket' }));
    expect(await within(options).findByText('Please make a choice')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Ayran: choose' })).toBeTruthy();
    expect(screen.getByText('Tap a dish to add it.')).toBeTruthy();
  });

  it('repeats the last round with its quantities and seats, and edits lines in the phone drawer', async () => {
    onPhone();
    const { api } = await show({ kind: 'table', tableId: 5 }, [open], {
      [`POST /api/eatery/${E}/tables/5/round`]: { order: open, created: false },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Repeat last round' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Tea' }));
    fireEvent.click(screen.getByRole('button', { name: /^Ticket \(3\)/ }));
    const ticket = await screen.findByRole('dialog', { name: 'Ticket' });
    fireEvent.click(within(ticket).getByRole('button', { name: 'One more Tea' }));
    fireEvent.click(within(ticket).getByRole('button', { name: 'One less Plov' }));
    fireEvent.click(within(ticket).getByRole('button', { name: 'Note, seat and course of Tea' }));
    fireEvent.change(within(ticket).getByRole('textbox', { name: 'Note' }), { target: { value: 'lemon' } });
    fireEvent.click(within(ticket).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.requests('POST')).toHaveLength(1));
    expect(api.requests('POST')[0].body).toEqual({
      items: [
        { dishId: 2, quantity: 1, optionIds: [], seat: 2, course: 2 },
        { dishId: 1, quantity: 2, optionIds: [], note: 'lemon', course: 1 },
      ],
    });
  });

  it('rings up a takeaway order only with a customer name', async () => {
    const placed = makeOrder(9, at, { tableId: null, kind: 'TAKEAWAY', customerName: 'Leyla' });
    const { api, onSent } = await show({ kind: 'takeaway' }, [], { [`POST /api/eatery/${E}/orders`]: placed });
    expect(screen.getByRole('heading', { name: 'Takeaway' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Repeat last round' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add Tea' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText("Enter the customer's name")).toBeTruthy();
    expect(api.requests('POST')).toHaveLength(0);

    fireEvent.change(screen.getByRole('textbox', { name: 'Customer name' }), { target: { value: ' Leyla ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledWith({ order: placed, created: true }));
    expect(api.requests('POST')[0]).toMatchObject({
      url: `/api/eatery/${E}/orders`,
      body: { kind: 'TAKEAWAY', customerName: 'Leyla', customerPhone: null, items: [{ dishId: 1, quantity: 1 }] },
    });
  });

  it('shows what the server refused on the line it is about, and keeps the ticket', async () => {
    const api = await show({ kind: 'table', tableId: 5 });
    api.api.spy.mockImplementation(async (input, init) => {
      if (init?.method === 'POST') {
        return jsonResponse(
          {
            messageKey: 'validation',
            message: 'invalid',
            details: [{ field: 'items.1.dishId', messageKey: 'validation.dishUnavailable' }],
          },
          400,
        );
      }
      throw new Error(`unexpected ${String(input)}`);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add Tea' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Bread' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const ticket = screen.getByRole('complementary', { name: 'Ticket' });
    const lines = await within(ticket).findAllByRole('alert');
    expect(lines.map((l) => l.textContent)).toContain('This dish is not available right now');
    const bread = within(ticket).getByText('Bread').closest('[data-line]') as HTMLElement;
    expect(within(bread).getByRole('alert').textContent).toBe('This dish is not available right now');
    expect(within(ticket).getAllByTestId('line-quantity')).toHaveLength(2);
  });

  it('says on the line of a counted dish how many portions are left when too few are', async () => {
    const { api } = await show({ kind: 'table', tableId: 5 });
    api.spy.mockImplementation(async () =>
      jsonResponse(
        {
          messageKey: 'notEnoughStock',
          message: 'Not enough',
          params: { dishId: 6, name: 'Bread', nameAz: '', nameEn: 'Bread', nameRu: '', left: 1 },
        },
        409,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add Tea' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Bread' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Bread' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const ticket = screen.getByRole('complementary', { name: 'Ticket' });
    const bread = within(ticket).getByText('Bread').closest('[data-line]') as HTMLElement;
    const tea = within(ticket).getByText('Tea').closest('[data-line]') as HTMLElement;
    expect((await within(bread).findByRole('alert')).textContent).toBe(
      i18n.t('errors.notEnoughStock', { nameEn: 'Bread', left: 1 }),
    );
    expect(within(tea).queryByRole('alert')).toBeNull();
  });

  it('lets the waiter pick the table when opened from the orders board', async () => {
    const { api } = await show({ kind: 'table', tableId: null });
    fireEvent.click(screen.getByRole('button', { name: 'Add Tea' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Choose the table first')).toBeTruthy();
    expect(api.requests('POST')).toHaveLength(0);
  });
});
