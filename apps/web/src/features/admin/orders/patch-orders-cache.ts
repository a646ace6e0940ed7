import { newerCopy, type Order, type OrderChange, type OrderStatus } from '@qr-menu/contract';
import { dayIn } from './order-format';
import type { OrderPages } from './order-pages';

/**
 * Pure patches of cached order lists from order events: a list is never re-fetched because of an
 * event. NEW_ORDER and ORDER_UPDATED carry the whole order with its `version`; of two copies the higher version
 * wins, so a late or repeated event changes nothing. ORDER_DELETED removes the order.
 */

/** The filters a cached list was fetched with (what the server would have answered for them). */
export interface ListFilter {
  /** First and last calendar day (YYYY-MM-DD, inclusive) of `createdAt` in the restaurant's time zone. */
  from?: string;
  to?: string;
  status?: OrderStatus;
  /** The restaurant's time zone (undefined: the browser's own, as the board uses it). */
  timeZone?: string;
}

/** Whether the server would list this order under `filter`. */
export function matchesList(order: Order, filter: ListFilter): boolean {
  if (filter.status && order.status !== filter.status) return false;
  if (filter.from || filter.to) {
    const day = dayIn(new Date(order.createdAt), filter.timeZone);
    if (filter.from && day < filter.from) return false;
    if (filter.to && day > filter.to) return false;
  }
  return true;
}

/** The server's list order: newest `createdAt` first, then the higher id. Negative when `a` comes first. */
function compareNewestFirst(a: Order, b: Order): number {
  return Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id;
}

export function findOrder(pages: OrderPages, orderId: number): Order | undefined {
  for (const page of pages.pages) {
    const found = page.orders.find((o) => o.id === orderId);
    if (found) return found;
  }
  return undefined;
}

function mapPages(pages: OrderPages, fn: (orders: Order[]) => Order[]): OrderPages {
  return { ...pages, pages: pages.pages.map((p) => ({ ...p, orders: fn(p.orders) })) };
}

/** Removes the order (every copy) from the list; the same object when it is not there. */
export function removeOrder(pages: OrderPages, orderId: number): OrderPages {
  if (!findOrder(pages, orderId)) return pages;
  return mapPages(pages, (orders) => orders.filter((o) => o.id !== orderId));
}

/**
 * Puts a new order where the server's sort puts it (usually the top of the first page). An order that sorts after
 * everything loaded while more pages exist is left out: the next page brings it (its cursor is past the last
 * loaded order).
 */
function insertSorted(pages: OrderPages, order: Order): OrderPages {
  const list = pages.pages;
  if (list.length === 0) return pages;
  for (let i = 0; i < list.length; i++) {
    const at = list[i].orders.findIndex((o) => compareNewestFirst(order, o) < 0);
    if (at >= 0) return withPage(pages, i, [...list[i].orders.slice(0, at), order, ...list[i].orders.slice(at)]);
  }
  const last = list.length - 1;
  if (list[last].nextCursor) return pages;
  return withPage(pages, last, [...list[last].orders, order]);
}

function withPage(pages: OrderPages, index: number, orders: Order[]): OrderPages {
  return { ...pages, pages: pages.pages.map((p, i) => (i === index ? { ...p, orders } : p)) };
}

/**
 * The list after `order` (from an event or a change's answer): replaced when the cached copy is older, inserted
 * when it is new to a list whose filters it matches, removed when it no longer matches (its status changed).
 * The same object when nothing changes.
 */
export function upsertOrder(pages: OrderPages, order: Order, filter: ListFilter): OrderPages {
  const current = findOrder(pages, order.id);
  const matches = matchesList(order, filter);
  if (current) {
    if (newerCopy(current, order) !== order) return pages;
    if (!matches) return removeOrder(pages, order.id);
    return mapPages(pages, (orders) => orders.map((o) => (o.id === order.id ? order : o)));
  }
  return matches ? insertSorted(pages, order) : pages;
}

/** One change applied to one cached list (undefined: nothing cached yet, nothing to patch). */
export function patchOrderPages(
  pages: OrderPages | undefined,
  event: OrderChange,
  filter: ListFilter,
): OrderPages | undefined {
  if (!pages) return pages;
  if (event.type === 'ORDER_DELETED') return removeOrder(pages, event.orderId);
  return upsertOrder(pages, event.order, filter);
}
