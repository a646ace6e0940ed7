import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '@qr-menu/contract';
import { jsonResponse as json, renderWithProviders } from '../../../test/render';
import { CreateOrderModal, validateNewOrder } from './CreateOrderModal';
import './index';

const texts: Record<Language, { submit: string; selectTable: string; table: string }> = {
  en: { submit: 'Create order', selectTable: 'Please select a table', table: 'Table' },
  az: { submit: 'Sifariş yarat', selectTable: 'Zəhmət olmasa masa seçin', table: 'Masa' },
  ru: { submit: 'Создать заказ', selectTable: 'Пожалуйста, выберите стол', table: 'Стол' },
};

const table = { id: 7, number: '5', seats: 4, note: null, status: 'ACTIVE', eateryId: 1, qrCodeDto: {} };
const openOrder = { id: 90, status: 'CREATED', tableId: 7, tableNumber: '5', items: [] };

/** A fake API: tables, open orders of table 7 (when `busy`), and order creation. */
function stubApi(busy: boolean) {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.endsWith('/table')) return json([table]);
      if (method === 'GET' && url.includes('/orders?status=CREATED')) return json(busy ? [openOrder] : []);
      if (method === 'GET' && url.includes('/orders?')) return json([]);
      if (method === 'POST') return json({ ...openOrder, id: 91, tableId: 7 }, 201);
      return json({ messageKey: 'notFound', message: 'Not found' }, 404);
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('create order form', () => {
  it('requires a table (key of the message)', () => {
    expect(validateNewOrder({ tableId: null })).toEqual({ tableId: 'orders.create.selectTable' });
    expect(validateNewOrder({ tableId: '7' })).toEqual({});
  });

  it.each(['en', 'az', 'ru'] as const)('says "Please select a table" in %s and sends nothing', async (lang) => {
    const calls = stubApi(false);
    const onCreated = vi.fn();
    await renderWithProviders(<CreateOrderModal eateryId={1} onClose={() => {}} onCreated={onCreated} />, { lang });
    fireEvent.click(await screen.findByRole('button', { name: texts[lang].submit }));
    expect(await screen.findByText(texts[lang].selectTable)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(onCreated).not.toHaveBeenCalled();
  });

  async function chooseTable() {
    const select = await screen.findByRole('combobox', { name: /Table/ });
    await waitFor(() => expect((select as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(select);
    fireEvent.click(await screen.findByRole('option', { name: '5', hidden: true }));
  }

  it('asks before a second open order on the same table; "no" creates nothing', async () => {
    const calls = stubApi(true);
    const confirm = vi.fn(async () => false);
    await renderWithProviders(
      <CreateOrderModal eateryId={1} onClose={() => {}} onCreated={() => {}} confirmDuplicate={confirm} />,
    );
    await chooseTable();
    fireEvent.click(screen.getByRole('button', { name: 'Create order' }));
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('creates the order on the chosen table when it is free', async () => {
    const calls = stubApi(false);
    const confirm = vi.fn(async () => true);
    const onCreated = vi.fn();
    await renderWithProviders(
      <CreateOrderModal eateryId={1} onClose={() => {}} onCreated={onCreated} confirmDuplicate={confirm} />,
    );
    await chooseTable();
    fireEvent.click(screen.getByRole('button', { name: 'Create order' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(confirm).not.toHaveBeenCalled();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/eatery/1/orders');
    expect(post?.body).toMatchObject({ tableId: 7, status: 'CREATED' });
  });
});
