import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useQueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../shared/live/fetch-router';
import { renderAdmin } from '../shared/test-utils';
import './index';
import { kitchenKeys } from './kitchen-api';
import { SoldOutModal } from './SoldOutModal';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const EATERY = 3;
const dish = (id: number, nameEn: string, fields: Record<string, unknown> = {}) => ({
  id,
  dishId: id,
  nameEn,
  nameAz: nameEn,
  nameRu: '',
  available: true,
  stockCount: null,
  ...fields,
});

let queryClient: ReturnType<typeof useQueryClient>;
function Grab() {
  queryClient = useQueryClient();
  return null;
}

describe('the sold-out dialog: portions left', () => {
  it('shows the count of a counted dish; 0 sells it out; the list follows the orders', async () => {
    let dolmaLeft = 3;
    const api = stubFetch({
      [`GET /api/eatery/${EATERY}/category`]: [{ id: 8, categoryId: 8 }],
      [`GET /api/eatery/${EATERY}/category/8`]: () => ({
        id: 8,
        dishes: [dish(1, 'Plov'), dish(2, 'Dolma', { stockCount: dolmaLeft, available: dolmaLeft > 0 })],
      }),
      [`PUT /api/eatery/${EATERY}/dishes/2/stock`]: { id: 2, stockCount: 0, available: false, availableAgainAt: null },
    });
    await renderAdmin(
      <>
        <Grab />
        <SoldOutModal eateryId={EATERY} onClose={() => {}} />
      </>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Sold out dishes' });
    expect(await within(dialog).findByText('3 left')).toBeTruthy();
    const plov = within(dialog).getByRole('textbox', { name: 'Portions left of Plov' }) as HTMLInputElement;
    expect(plov.value).toBe('');

    // Orders take portions: when the kitchen's board hears of an order, the list is read again.
    dolmaLeft = 2;
    const reads = () => api.calls.filter((c) => c.url.endsWith('/category/8')).length;
    const before = reads();
    act(() => queryClient.setQueryData(kitchenKeys.board(EATERY, null), { orders: [] }));
    await waitFor(() => expect(reads()).toBe(before + 1), { timeout: 4000 });
    expect(await within(dialog).findByText('2 left')).toBeTruthy();

    const field = within(dialog).getByRole('textbox', { name: 'Portions left of Dolma' });
    fireEvent.change(field, { target: { value: '0' } });
    fireEvent.blur(field);
    await waitFor(() => expect(api.requests('PUT')).toHaveLength(1));
    expect(api.requests('PUT')[0].body).toEqual({ count: 0 });
    // Sold out at once: the badge, and the switch off.
    expect(await within(dialog).findByText('Sold out')).toBeTruthy();
    expect((within(dialog).getByRole('switch', { name: 'Dolma is on the menu' }) as HTMLInputElement).checked).toBe(
      false,
    );
  });
});
