import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Eatery, SetupProgress, Table } from '@qr-menu/contract';
import { Route, Routes, useLocation } from 'react-router';
import { jsonResponse as json, renderWithProviders } from '../../../test/render';
import '../shared/test-utils';
import { QR_BASE_KEY } from '../shared/qr-base/qr-base';
import { SETUP_HIDDEN_KEY, setupState, WORKS_ALONE_KEY } from '../shared/setup-progress';
import { SetupChecklist } from './SetupChecklist';
import { SetupPage } from './index';

const NOTHING: SetupProgress = { address: false, phone: false, dishes: 0, tables: 0, staff: 0, hasOrders: false };
const ALL: SetupProgress = { address: true, phone: true, dishes: 12, tables: 8, staff: 2, hasOrders: true };

const table = (id: number, number: string, status: Table['status'] = 'ACTIVE'): Table =>
  ({
    id,
    number,
    seats: 4,
    note: null,
    status,
    eateryId: 4,
    guestKey: null,
    qrCodeDto: {
      content: `http://192.168.1.20:3000/client/eatery/4/table/${id}/add/false/menu`,
      qrCodeAsBytes: 'AA==',
    },
  }) as Table;

const doneOf = () =>
  Object.fromEntries(
    ['details', 'menu', 'tables', 'staff', 'testOrder'].map((s) => [
      s,
      screen.getByTestId(`setup-step-${s}`).dataset.done === 'true',
    ]),
  );

function checklist(progress: SetupProgress, { worksAlone = false, onWorksAlone = vi.fn(), onHide = vi.fn() } = {}) {
  return renderWithProviders(
    <SetupChecklist
      restaurantId={4}
      progress={progress}
      worksAlone={worksAlone}
      onWorksAlone={onWorksAlone}
      onHide={onHide}
    />,
  );
}

beforeEach(() => {
  for (const key of [SETUP_HIDDEN_KEY, WORKS_ALONE_KEY, QR_BASE_KEY]) localStorage.removeItem(key);
});
afterEach(() => vi.unstubAllGlobals());

describe('which steps are done', () => {
  it('ticks each step from the progress; details need both the address and a phone', () => {
    expect(setupState(NOTHING, false).doneCount).toBe(0);
    expect(setupState({ ...NOTHING, address: true }, false).done.details).toBe(false);
    expect(setupState({ ...NOTHING, address: true, phone: true }, false).done.details).toBe(true);
    expect(setupState({ ...NOTHING, dishes: 1, tables: 1 }, false).done).toMatchObject({ menu: true, tables: true });
    expect(setupState(NOTHING, true).done.staff).toBe(true);
    expect(setupState({ ...ALL, staff: 0 }, false).complete).toBe(false);
    expect(setupState({ ...ALL, staff: 0 }, true).complete).toBe(true);
    expect(setupState(ALL, false)).toMatchObject({ doneCount: 5, complete: true });
  });
});

describe('the checklist', () => {
  it('a new restaurant: nothing ticked, the first step stands out, every step has its way there', async () => {
    await checklist(NOTHING);
    expect(doneOf()).toEqual({ details: false, menu: false, tables: false, staff: false, testOrder: false });
    expect(screen.getByTestId('setup-progress-count').textContent).toBe('0 of 5 steps done');
    expect(screen.getByTestId('setup-step-details').dataset.current).toBe('true');
    expect(screen.getByRole('link', { name: 'Import a spreadsheet' }).getAttribute('href')).toBe('/admin/menu/import');
    expect(screen.getByRole('link', { name: 'Add dishes' }).getAttribute('href')).toBe('/admin/restaurant/4/menu');
    expect(screen.getByRole('link', { name: 'Add tables' }).getAttribute('href')).toBe('/admin/restaurant/4/tables');
    expect(screen.getByRole('link', { name: 'Add staff' }).getAttribute('href')).toBe('/admin/restaurant/4/users');
    // No table and no dish yet: no code to scan.
    expect(within(screen.getByTestId('setup-step-testOrder')).getByText(/Add a dish and a table first/)).toBeTruthy();
    expect(screen.queryByTestId('setup-done')).toBeNull();
  });

  it('ticks what is done and says how much; the next step to do stands out', async () => {
    await checklist({ ...NOTHING, address: true, phone: true, dishes: 3, staff: 1 });
    expect(doneOf()).toEqual({ details: true, menu: true, tables: false, staff: true, testOrder: false });
    expect(screen.getByTestId('setup-progress-count').textContent).toBe('3 of 5 steps done');
    expect(screen.getByTestId('setup-step-tables').dataset.current).toBe('true');
    expect(screen.getByText('3 dishes on the menu.')).toBeTruthy();
    expect(screen.getByText('1 staff member besides you.')).toBeTruthy();
  });

  it('"I work alone" ticks the staff step on this device, and can be taken back', async () => {
    const onWorksAlone = vi.fn();
    const { unmount } = await checklist(NOTHING, { onWorksAlone });
    fireEvent.click(screen.getByRole('button', { name: 'I work alone' }));
    expect(onWorksAlone).toHaveBeenCalledWith(true);
    unmount();
    await checklist(NOTHING, { worksAlone: true, onWorksAlone });
    expect(screen.getByTestId('setup-step-staff').dataset.done).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'I do not work alone' }));
    expect(onWorksAlone).toHaveBeenLastCalledWith(false);
  });

  it('with a dish and a table, shows the first open table’s QR code on the address this device chose', async () => {
    // The test page runs on localhost, like an admin opened on the restaurant's own computer.
    expect(window.location.hostname).toBe('localhost');
    const lan = 'http://192.168.1.20:3000';
    localStorage.setItem(QR_BASE_KEY, lan);
    const fetch = vi.fn(async (url: string) =>
      url === '/api/setup/addresses'
        ? json({ lan: [lan], publicUrl: null })
        : json([table(3, '1', 'INACTIVE'), table(5, '2'), table(6, '3')]),
    );
    vi.stubGlobal('fetch', fetch);
    await checklist({ ...NOTHING, dishes: 1, tables: 3 });
    const link = await screen.findByTestId('setup-test-order-link');
    expect(link.getAttribute('href')).toBe('http://192.168.1.20:3000/client/eatery/4/table/5/add/false/menu');
    expect(screen.getByTestId('setup-test-order-qr').getAttribute('alt')).toBe('QR code of table 2');
    expect(fetch).toHaveBeenCalledWith(`/api/eatery/4/table?base=${encodeURIComponent(lan)}`, expect.anything());
    expect(screen.getByTestId('qr-base-notice').dataset.unreachable).toBe('false');
  });

  it('all done: the congratulation and a way to hide the checklist', async () => {
    const onHide = vi.fn();
    await checklist(ALL, { onHide });
    expect(screen.getByTestId('setup-checklist').dataset.complete).toBe('true');
    expect(screen.getByTestId('setup-done').textContent).toContain('All set!');
    fireEvent.click(screen.getByRole('button', { name: 'Hide the checklist' }));
    expect(onHide).toHaveBeenCalledTimes(1);
  });

  it('speaks Russian, with its plural forms', async () => {
    await renderWithProviders(
      <SetupChecklist restaurantId={4} progress={ALL} worksAlone={false} onWorksAlone={vi.fn()} onHide={vi.fn()} />,
      { lang: 'ru' },
    );
    expect(screen.getByText('В меню 12 блюд.')).toBeTruthy();
    expect(screen.getByTestId('setup-progress-count').textContent).toBe('Выполнено шагов: 5 из 5');
  });
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

describe('the checklist page', () => {
  const restaurants = [{ id: 4, name: 'Nar', roles: ['EATERY_ADMIN'], ownerId: 1 } as unknown as Eatery];

  function stubServer(progress: () => SetupProgress) {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        if (url === '/api/eatery') return json(restaurants);
        if (url === '/api/eatery/4/setup-progress') return json(progress());
        return json({ messageKey: 'notFound', message: 'no' }, 404);
      }),
    );
    return calls;
  }

  const page = () =>
    renderWithProviders(
      <Routes>
        <Route path="/admin/restaurant/:restaurantId/setup" element={<SetupPage />} />
        <Route path="*" element={<Where />} />
      </Routes>,
      { path: '/admin/restaurant/4/setup' },
    );

  it('looks again when the admin comes back to the window, and ticks what was done meanwhile', async () => {
    let progress = NOTHING;
    stubServer(() => progress);
    await page();
    await waitFor(() => expect(screen.getByTestId('setup-step-menu').dataset.done).toBe('false'));
    progress = { ...NOTHING, dishes: 2 };
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(screen.getByTestId('setup-step-menu').dataset.done).toBe('true'));
    act(() => focusManager.setFocused(undefined));
  });

  it('"Hide this checklist" remembers it on this device and goes to the restaurants', async () => {
    stubServer(() => NOTHING);
    await page();
    fireEvent.click(await screen.findByRole('button', { name: 'Hide this checklist' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/admin/restaurants');
    expect(JSON.parse(localStorage.getItem(SETUP_HIDDEN_KEY) ?? '[]')).toEqual([4]);
  });

  it('step 1 in place: address and phone saved with the name and coordinates as they were', async () => {
    let progress = NOTHING;
    const puts: unknown[] = [];
    const stored = { ...restaurants[0], address: '', phones: [], geoLat: 40.4, geoLng: 49.8 };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/eatery/4' && init?.method === 'PUT') {
          puts.push(JSON.parse(String(init.body)));
          progress = { ...NOTHING, address: true, phone: true };
          return json(stored);
        }
        if (url === '/api/eatery/4') return json(stored);
        if (url === '/api/eatery') return json(restaurants);
        return json(progress);
      }),
    );
    await page();
    fireEvent.click(await screen.findByRole('button', { name: 'Add address and phone' }));
    const dialog = await screen.findByTestId('setup-details-dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter a phone number')).toBeTruthy();
    expect(puts).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Address/ }), { target: { value: ' Nizami 5 ' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Phone/ }), {
      target: { value: '+994 12 555 55 55' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('setup-step-details').dataset.done).toBe('true'));
    expect(puts).toEqual([
      { name: 'Nar', address: 'Nizami 5', phones: ['+994 12 555 55 55'], geoLat: 40.4, geoLng: 49.8 },
    ]);
  });

  it('"I work alone" is remembered on this device', async () => {
    stubServer(() => NOTHING);
    await page();
    fireEvent.click(await screen.findByRole('button', { name: 'I work alone' }));
    await waitFor(() => expect(screen.getByTestId('setup-step-staff').dataset.done).toBe('true'));
    expect(JSON.parse(localStorage.getItem(WORKS_ALONE_KEY) ?? '[]')).toEqual([4]);
  });
});
