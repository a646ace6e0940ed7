import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order, OrderItem } from '@qr-menu/contract';
import { jsonResponse as json, renderWithProviders } from '../../../test/render';
import { orderPermissions } from './order-format';
import { OrderItemModal } from './OrderItemModal';
import './index';

const names = { nameAz: 'Plov', nameEn: 'Pilaf', nameRu: 'Плов' };
const category = { id: 3, categoryId: 3, eateryId: 1, ...names, image: null, imageId: null, position: 0 };
const dish = { id: 11, dishId: 11, categoryId: 3, eateryId: 1, ...names, price: 12.5, available: true };
const item: OrderItem = {
  id: 501,
  dishId: 11,
  dishName: 'Plov',
  name: 'Plov',
  orderId: 77,
  quantity: 2,
  note: null,
  status: 'CREATED',
  price: 12.5,
  category: 'Main',
  kitchenDepartmentId: null,
  names: { az: 'Plov', en: 'Pilaf', ru: 'Плов' },
  batch: 1,
  createdAt: '2026-01-05T12:00:00.000Z',
  readyAt: null,
  voidReason: null,
  voidedFrom: null,
  voidedAt: null,
  seat: null,
  course: null,
  held: false,
  options: [],
};
const order = { id: 77, tableNumber: '4', status: 'CREATED', items: [item] } as unknown as Order;

function stubApi() {
  const writes: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method !== 'GET') {
        writes.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        return json(order);
      }
      if (url.endsWith('/category')) return json([{ ...category, dishes: 1, dishCount: 1 }]);
      if (url.endsWith('/category/3')) return json({ ...category, dishes: [dish] });
      return json({ messageKey: 'notFound', message: 'Not found' }, 404);
    }),
  );
  return writes;
}

afterEach(() => vi.unstubAllGlobals());

describe('order item form', () => {
  it('saving without a change just closes', async () => {
    const writes = stubApi();
    const onClose = vi.fn();
    await renderWithProviders(
      <OrderItemModal eateryId={1} order={order} item={item} perms={orderPermissions(['WAITER'])} onClose={onClose} />,
    );
    await screen.findByRole('combobox', { name: /Dish/ });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(writes).toHaveLength(0);
  });

  it('turns an invalid quantity into 1 and sends only what changed', async () => {
    const writes = stubApi();
    const onClose = vi.fn();
    await renderWithProviders(
      <OrderItemModal eateryId={1} order={order} item={item} perms={orderPermissions(['WAITER'])} onClose={onClose} />,
    );
    await screen.findByRole('combobox', { name: /Dish/ });
    const quantity = screen.getByRole('textbox', { name: /Quantity/ }) as HTMLInputElement;
    fireEvent.change(quantity, { target: { value: '0' } });
    fireEvent.blur(quantity);
    await waitFor(() => expect(quantity.value).toBe('1'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({ method: 'PUT', url: '/api/eatery/1/orders/77/items/501', body: { quantity: 1 } });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
