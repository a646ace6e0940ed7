import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { GuestMenu } from '@qr-menu/contract';
import { GuestRoutes } from '..';
import { jsonResponse, renderGuest } from '../test-render';
import { resetCartStoreForTests } from '../cart/cart-store';
import { clearGuestQueriesForTests } from '../lib/query';
import { useLocation } from '../lib/router';
import { adoptRenderedPath } from '../ssr-data';

/**
 * A scanned QR code (…/add/false/menu): a phone with an open order at the table gets the welcome ("My orders" first);
 * any other goes to the menu. The server decides for the page it renders (apps/server guest-pages); these are the
 * browser's side: the pages it draws itself, and taking the rendered page's address.
 */
const menu: GuestMenu = {
  eateryId: 1,
  tableId: 2,
  eateryName: 'Dadlı Ev',
  tableName: '7',
  timeZone: 'Asia/Baku',
  categories: [
    {
      id: 10,
      nameAz: 'Şorbalar',
      nameEn: 'Soups',
      nameRu: 'Супы',
      image: null,
      dishes: [
        {
          id: 1,
          nameAz: 'Piti',
          nameEn: 'Piti',
          nameRu: 'Пити',
          descriptionAz: '',
          descriptionEn: '',
          descriptionRu: '',
          price: 6,
          image: null,
        },
      ],
    },
  ],
};

const QR = '/client/eatery/1/table/2/add/false/menu?k=key-7';
/** The menu for the menu's address; no waiter calls (the header asks for them). */
const answer = (url: string) => (url.endsWith('/menu') ? menu : []);

function Address() {
  const { pathname, search } = useLocation();
  return <output data-testid="address">{pathname + search}</output>;
}

/** The scanned page, recording every heading it ever showed. */
async function scan(hasOrders: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      jsonResponse(
        url.endsWith('/device-orders')
          ? { hasOrders, eateryId: 1, tableId: 2, eateryName: 'Dadlı Ev', tableName: '7' }
          : answer(url),
      ),
    ),
  );
  const headings: string[] = [];
  const observer = new MutationObserver(() =>
    headings.push(...[...document.querySelectorAll('h1')].map((h) => h.textContent ?? '')),
  );
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  await renderGuest(
    <>
      <GuestRoutes />
      <Address />
    </>,
    { path: QR },
  );
  return { headings, stop: () => observer.disconnect() };
}

beforeEach(() => {
  clearGuestQueriesForTests();
  localStorage.clear();
  sessionStorage.clear();
  resetCartStoreForTests();
  vi.stubGlobal('scrollTo', vi.fn());
  Element.prototype.scrollTo = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

describe('scanning a table’s QR code', () => {
  it('without an order from this phone: straight to the table’s menu (its key kept), never the welcome', async () => {
    const { headings, stop } = await scan(false);
    await screen.findByRole('article', { name: 'Piti' });
    expect(screen.getByTestId('address').textContent).toBe('/client/eatery/1/table/2/menu?k=key-7');
    stop();
    expect(headings.filter((h) => /Welcome/.test(h))).toEqual([]);
    expect(screen.queryByRole('button', { name: 'New order' })).toBeNull();
  });

  it('with an open order here: the welcome, "My orders" first, then "New order"', async () => {
    const { stop } = await scan(true);
    expect(await screen.findByRole('heading', { name: 'Welcome to Dadlı Ev!' })).toBeTruthy();
    stop();
    const buttons = screen.getAllByRole('button').map((b) => b.textContent);
    expect(buttons.indexOf('My orders')).toBeGreaterThanOrEqual(0);
    expect(buttons.indexOf('My orders')).toBeLessThan(buttons.indexOf('New order'));
    expect(screen.getByTestId('address').textContent).toBe(QR);
  });
});

describe('a page the server rendered for another address', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('becomes that address before hydrating, keeping the query and the hash', () => {
    window.history.replaceState({ usr: null }, '', QR + '#top');
    adoptRenderedPath({ lang: 'en', menu, path: '/client/eatery/1/table/2/menu' });
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/client/eatery/1/table/2/menu?k=key-7#top',
    );
  });

  it('leaves the address alone without a path, with the same one, or with one outside the guest pages', () => {
    window.history.replaceState(null, '', QR);
    for (const path of [undefined, '/client/eatery/1/table/2/add/false/menu', '/admin/restaurants', '//evil.test/x']) {
      adoptRenderedPath({ lang: 'en', menu, path });
      expect(window.location.pathname + window.location.search, String(path)).toBe(QR);
    }
  });
});

it('the welcome’s placeholder stays while the phone’s orders are asked for', async () => {
  let orders!: (r: Response) => void;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      url.endsWith('/device-orders')
        ? new Promise<Response>((r) => (orders = r))
        : Promise.resolve(jsonResponse(answer(url))),
    ),
  );
  await renderGuest(<GuestRoutes />, { path: QR });
  await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).not.toBeNull());
  expect(screen.queryByRole('button', { name: 'New order' })).toBeNull();
  orders(jsonResponse({ hasOrders: false, eateryId: 1, tableId: 2, eateryName: 'Dadlı Ev', tableName: '7' }));
  expect(await screen.findByRole('article', { name: 'Piti' })).toBeTruthy();
});
