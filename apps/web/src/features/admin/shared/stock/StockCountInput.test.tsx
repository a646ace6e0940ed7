import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { stubFetch } from '../live/fetch-router';
import '../test-utils';
import { parseStockCount, StockCountInput } from './StockCountInput';

afterEach(() => vi.restoreAllMocks());

const URL = 'PUT /api/eatery/3/dishes/9/stock';
const answer = (count: number | null) => ({ id: 9, stockCount: count, available: count !== 0, availableAgainAt: null });

const render = (stockCount: number | null, lang: 'en' | 'ru' = 'en') =>
  renderWithProviders(<StockCountInput eateryId={3} dishId={9} name="Dolma" stockCount={stockCount} />, { lang });

describe('portions left', () => {
  it('reads empty as not counted and only whole numbers 0..9999 as counts', () => {
    expect(parseStockCount('')).toBeNull();
    expect(parseStockCount(0)).toBe(0);
    expect(parseStockCount('12')).toBe(12);
    expect(parseStockCount(9999)).toBe(9999);
    for (const bad of [10000, -1, 1.5, 'x']) expect(parseStockCount(bad)).toBeUndefined();
  });

  it('saves a count when the field is left, and an empty field as not counted', async () => {
    const api = stubFetch({ [URL]: (body: unknown) => answer((body as { count: number | null }).count) });
    await render(null);
    const field = screen.getByRole('textbox', { name: 'Portions left of Dolma' });
    expect((field as HTMLInputElement).value).toBe('');
    fireEvent.change(field, { target: { value: '6' } });
    fireEvent.blur(field);
    await waitFor(() => expect(api.requests('PUT')).toHaveLength(1));
    expect(api.requests('PUT')[0].body).toEqual({ count: 6 });
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(api.requests('PUT')).toHaveLength(2));
    expect(api.requests('PUT')[1].body).toEqual({ count: null });
  });

  it('sends nothing for an unchanged or impossible count and says why, in the staff language', async () => {
    const api = stubFetch({ [URL]: answer(5) });
    await render(5, 'ru');
    const field = screen.getByRole('textbox', { name: 'Осталось порций: Dolma' });
    fireEvent.blur(field);
    fireEvent.change(field, { target: { value: '10000' } });
    fireEvent.blur(field);
    expect(await screen.findByText('Введите целое число от 0 до 9999 или оставьте поле пустым')).toBeTruthy();
    expect(api.requests('PUT')).toHaveLength(0);
  });
});
