import type { GuestDeviceOrders, GuestMenu, GuestOrder, OrderItemInput, PickupMenu } from '@qr-menu/contract';
import { GUEST_ROUTES, IDEMPOTENCY_HEADER, PICKUP_ROUTES, isSettledOrder } from '@qr-menu/contract/constants';
import { isPickup, type GuestPlace } from './cart/cart';
import { api } from '../../api/client';
import { useGuestQuery } from './lib/query';

/** Guest calls: no token, cookies (the device id) are sent. */
const guest = <T>(path: string, opts: Parameters<typeof api>[1] = {}) => api<T>(path, { ...opts, auth: false });

/** Guest order status poll (kept even while the socket is connected). */
export const ORDER_POLL_MS = 10_000;

export const guestKeys = {
  menu: (eateryId: number, place: GuestPlace) => ['guest', 'menu', eateryId, place] as const,
  deviceOrders: (eateryId: number, tableId: number) => ['guest', 'device-orders', eateryId, tableId] as const,
  order: (eateryId: number, orderId: number) => ['guest', 'order', eateryId, orderId] as const,
  orders: (eateryId: number) => ['guest', 'orders', eateryId] as const,
};

/** A guest GET query: its key, whether it may run (the ids it needs are known) and the path, built only when it runs. */
const guestGet = <T>(key: readonly unknown[], enabled: boolean, path: () => string) => ({
  key,
  enabled,
  fetch: (signal: AbortSignal) => guest<T>(path(), { signal }),
});

/** The menu of a place: a table's (GuestMenu) or the pickup menu, which has no table. */
export type PlaceMenu = PickupMenu & Partial<Pick<GuestMenu, 'tableId' | 'tableName'>>;

export const useMenu = (eateryId: number | null, place: GuestPlace | null) =>
  useGuestQuery({
    ...guestGet<PlaceMenu>(guestKeys.menu(eateryId ?? 0, place ?? 0), !!eateryId && !!place, () =>
      isPickup(place) ? PICKUP_ROUTES.menu(eateryId!) : GUEST_ROUTES.menu(eateryId!, place!),
    ),
    staleTime: 60_000,
  });

export const useDeviceOrders = (eateryId: number | null, tableId: number | null) =>
  useGuestQuery({
    ...guestGet<GuestDeviceOrders>(guestKeys.deviceOrders(eateryId ?? 0, tableId ?? 0), !!eateryId && !!tableId, () =>
      GUEST_ROUTES.deviceOrders(eateryId!, tableId!),
    ),
    staleTime: 0,
  });

export const useOrder = (eateryId: number | null, orderId: number | null) =>
  useGuestQuery({
    ...guestGet<GuestOrder>(guestKeys.order(eateryId ?? 0, orderId ?? 0), !!eateryId && !!orderId, () =>
      GUEST_ROUTES.order(eateryId!, orderId!),
    ),
    staleTime: 0,
    // Until the order is settled: a paid order's dishes may still be cooking.
    refetchInterval: (order) => (order && isSettledOrder(order) ? false : ORDER_POLL_MS),
  });

export const useOrders = (eateryId: number | null) =>
  useGuestQuery({
    ...guestGet<GuestOrder[]>(guestKeys.orders(eateryId ?? 0), !!eateryId, () => GUEST_ROUTES.orders(eateryId!)),
    staleTime: 0,
    refetchInterval: () => ORDER_POLL_MS,
  });

export interface PlaceOrderInput {
  eateryId: number;
  tableId: number;
  items: OrderItemInput[];
  note: string | null;
  idempotencyKey: string;
  /** The table's key from its QR link, or null when it had none. */
  tableKey?: string | null;
}

export const placeOrder = ({ eateryId, tableId, items, note, idempotencyKey, tableKey }: PlaceOrderInput) =>
  guest<GuestOrder>(GUEST_ROUTES.placeOrder(eateryId, tableId), {
    method: 'POST',
    body: { eateryId, tableId, items, note, ...(tableKey ? { tableKey } : {}) },
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });

/** A pickup order: the cart with whom to call when it is ready. */
export interface PlacePickupInput {
  eateryId: number;
  items: OrderItemInput[];
  note: string | null;
  idempotencyKey: string;
  customerName: string;
  customerPhone: string | null;
}

export const placePickupOrder = ({ eateryId, idempotencyKey, ...body }: PlacePickupInput) =>
  guest<GuestOrder>(PICKUP_ROUTES.placeOrder(eateryId), {
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });

export const addItems = (eateryId: number, orderId: number, items: OrderItemInput[]) =>
  guest<GuestOrder>(GUEST_ROUTES.addItems(eateryId, orderId), { method: 'POST', body: { items } });
