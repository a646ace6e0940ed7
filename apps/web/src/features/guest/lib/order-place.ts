import type { GuestOrder } from '@qr-menu/contract';
import { PICKUP_PLACE, type GuestPlace } from '../cart/cart';
import type { TFunction } from './i18n';

/** Where a guest's order is served, in their words: "Table 5", or "Pickup" for an order without a table. */
export const guestOrderPlace = (order: Pick<GuestOrder, 'kind' | 'tableNumber'>, t: TFunction): string =>
  order.kind === 'DINE_IN' ? t('client.table', { number: order.tableNumber }) : t('client.pickup.label');

/** The menu that names an order's dishes and charge: the pickup menu for a pickup order, else the cart's. */
export const orderMenuPlace = (order: Pick<GuestOrder, 'kind'>, cartPlace: GuestPlace | null): GuestPlace | null =>
  order.kind === 'PICKUP' ? PICKUP_PLACE : cartPlace;
