import { describe, expect, it } from 'vitest';
import type { Order, OrderEvent, OrderStatus } from '@qr-menu/contract';
import { makeOrder } from '../shared/live/order-fixture';
import { matchesFilter, type StatusFilter } from './order-format';
import type { OrderPages } from './order-pages';
import { matchesList, patchOrderPages, type ListFilter } from './patch-orders-cache';

/** An order created `minute` minutes after 2026-03-10 08:00 UTC (12:00 in Baku, UTC+4). */
const order = (id: number, minute: number, fields: Partial<Order> = {}): Order =>
  makeOrder(id, new Date(Date.UTC(2026, 2, 10, 8, minute)).toISOString(), fields);

const pages = (...list: { orders: Order[]; nextCursor?: string }[]): OrderPages => ({
  pages: list.map((p) => ({ orders: p.orders, nextCursor: p.nextCursor ?? null })),
  pageParams: list.map((_, i) => (i === 0 ? null : `c${i}`)),
});

const ids = (data: OrderPages | undefined) => data?.pages.map((p) => p.orders.map((o) => o.id));
const versions = (data: OrderPages | undefined) => data?.pages.flatMap((p) => p.orders.map((o) => o.version));

const event = (type: 'NEW_ORDER' | 'ORDER_UPDATED', o: Order): OrderEvent => ({
  type,
  orderId: o.id,
  status: o.status,
  version: o.version,
  order: o,
});
const deleted = (orderId: number, status: OrderStatus = 'CREATED'): OrderEvent => ({
  type: 'ORDER_DELETED',
  orderId,
  status,
});

const BAKU: ListFilter = { from: '2026-03-10', to: '2026-03-10', timeZone: 'Asia/Baku' };

describe('NEW_ORDER', () => {
  it('goes on top of the first page, newest first', () => {
    const before = pages({ orders: [order(2, 20), order(1, 10)], nextCursor: 'c1' }, { orders: [order(0, 5)] });
    const after = patchOrderPages(before, event('NEW_ORDER', order(3, 30)), BAKU);
    expect(ids(after)).toEqual([[3, 2, 1], [0]]);
    expect(after?.pageParams).toEqual(before.pageParams);
    // The cached pages themselves are not changed (React Query compares by reference).
    expect(ids(before)).toEqual([[2, 1], [0]]);
  });

  it('lands where the server sorts it: created_at, then the higher id', () => {
    const before = pages({ orders: [order(5, 30), order(2, 20), order(1, 10)] });
    expect(ids(patchOrderPages(before, event('NEW_ORDER', order(4, 20)), BAKU))).toEqual([[5, 4, 2, 1]]);
    expect(ids(patchOrderPages(before, event('NEW_ORDER', order(0, 0)), BAKU))).toEqual([[5, 2, 1, 0]]);
  });

  it('an order older than everything loaded waits for its page when more pages exist', () => {
    const before = pages({ orders: [order(5, 30)], nextCursor: 'c1' });
    expect(patchOrderPages(before, event('NEW_ORDER', order(1, 0)), BAKU)).toBe(before);
  });

  it('fills an empty list', () => {
    const before = pages({ orders: [] });
    expect(ids(patchOrderPages(before, event('NEW_ORDER', order(1, 0)), BAKU))).toEqual([[1]]);
  });

  it('a repeated event (or the change answer and the event of the same change) adds it once', () => {
    const first = patchOrderPages(pages({ orders: [order(1, 10)] }), event('NEW_ORDER', order(2, 20)), BAKU);
    const again = patchOrderPages(first, event('NEW_ORDER', order(2, 20)), BAKU);
    expect(again).toBe(first);
    expect(ids(again)).toEqual([[2, 1]]);
  });

  it('stays out of a list whose days or status it does not match', () => {
    const before = pages({ orders: [order(1, 10)] });
    const yesterday = { ...BAKU, from: '2026-03-09', to: '2026-03-09' };
    expect(patchOrderPages(before, event('NEW_ORDER', order(2, 20)), yesterday)).toBe(before);
    const paid = { ...BAKU, status: 'PAID' as const };
    expect(patchOrderPages(before, event('NEW_ORDER', order(2, 20)), paid)).toBe(before);
  });

  it('leaves a list that is not cached yet alone (its fetch brings the order)', () => {
    expect(patchOrderPages(undefined, event('NEW_ORDER', order(2, 20)), BAKU)).toBeUndefined();
  });
});

describe('the day of an order is counted in the restaurant time zone', () => {
  // 21:30 UTC on the 9th is 01:30 on the 10th in Baku (UTC+4), still the 9th in UTC.
  const late = order(7, 0, { createdAt: '2026-03-09T21:30:00.000Z' });

  it('matches the restaurant day, not the UTC one', () => {
    expect(matchesList(late, BAKU)).toBe(true);
    expect(matchesList(late, { ...BAKU, timeZone: 'UTC' })).toBe(false);
    expect(matchesList(late, { from: '2026-03-09', to: '2026-03-09', timeZone: 'UTC' })).toBe(true);
  });

  it('a range is inclusive at both ends', () => {
    expect(matchesList(late, { from: '2026-03-04', to: '2026-03-10', timeZone: 'Asia/Baku' })).toBe(true);
    expect(matchesList(late, { from: '2026-03-11', to: '2026-03-17', timeZone: 'Asia/Baku' })).toBe(false);
  });
});

describe('ORDER_UPDATED', () => {
  const cached = pages({ orders: [order(2, 20, { version: 3 }), order(1, 10)] });

  it('a newer version replaces the cached copy in place', () => {
    const newer = order(2, 20, { version: 4, status: 'PREPARING' });
    const after = patchOrderPages(cached, event('ORDER_UPDATED', newer), BAKU);
    expect(ids(after)).toEqual([[2, 1]]);
    expect(after?.pages[0].orders[0]).toBe(newer);
  });

  it('an older or equal version is ignored (events may come late or twice)', () => {
    const older = order(2, 20, { version: 2, status: 'PAID' });
    expect(patchOrderPages(cached, event('ORDER_UPDATED', older), BAKU)).toBe(cached);
    const same = order(2, 20, { version: 3, status: 'PAID' });
    expect(patchOrderPages(cached, event('ORDER_UPDATED', same), BAKU)).toBe(cached);
    expect(versions(cached)).toEqual([3, 1]);
  });

  it('replaces the last loaded order of a page even when more pages exist', () => {
    const paged = pages({ orders: [order(3, 30), order(2, 20)], nextCursor: 'c1' });
    const after = patchOrderPages(paged, event('ORDER_UPDATED', order(2, 20, { version: 2 })), BAKU);
    expect(ids(after)).toEqual([[3, 2]]);
    expect(versions(after)).toEqual([1, 2]);
  });

  it('moves the order out of a status list it no longer matches, and into one it now matches', () => {
    const created = { ...BAKU, status: 'CREATED' as const };
    const preparing = { ...BAKU, status: 'PREPARING' as const };
    const createdList = pages({ orders: [order(2, 20), order(1, 10)] });
    const preparingList = pages({ orders: [order(5, 30, { status: 'PREPARING' })] });
    const moved = event('ORDER_UPDATED', order(2, 20, { version: 2, status: 'PREPARING' }));
    expect(ids(patchOrderPages(createdList, moved, created))).toEqual([[1]]);
    expect(ids(patchOrderPages(preparingList, moved, preparing))).toEqual([[5, 2]]);
  });

  it('an order the list has not seen that matches it is added (its NEW_ORDER was missed)', () => {
    const after = patchOrderPages(cached, event('ORDER_UPDATED', order(9, 40, { version: 5 })), BAKU);
    expect(ids(after)).toEqual([[9, 2, 1]]);
  });
});

describe('ORDER_DELETED', () => {
  it('removes the order from whichever page holds it', () => {
    const before = pages({ orders: [order(3, 30)], nextCursor: 'c1' }, { orders: [order(2, 20), order(1, 10)] });
    expect(ids(patchOrderPages(before, deleted(2), BAKU))).toEqual([[3], [1]]);
  });

  it('of an order the list does not hold changes nothing', () => {
    const before = pages({ orders: [order(1, 10)] });
    expect(patchOrderPages(before, deleted(8), BAKU)).toBe(before);
  });

  it('a NEW_ORDER and then its delete leave the list as it was', () => {
    const before = pages({ orders: [order(1, 10)] });
    let after = patchOrderPages(before, event('NEW_ORDER', order(2, 20)), BAKU);
    after = patchOrderPages(after, deleted(2), BAKU);
    expect(ids(after)).toEqual([[1]]);
  });
});

describe('the board filters over patched lists (open orders first)', () => {
  const shown = (data: OrderPages | undefined, filter: StatusFilter) =>
    data?.pages.flatMap((p) => p.orders.filter((o) => matchesFilter(o, filter)).map((o) => o.id));

  it('an order paid elsewhere leaves the open view at once and shows under Closed, with no list request', () => {
    const before = pages({ orders: [order(2, 20), order(1, 10, { status: 'READY' })] });
    const paid = order(1, 10, { status: 'PAID', version: 2 });
    const after = patchOrderPages(before, event('ORDER_UPDATED', paid), BAKU);
    // The day's list keeps it (it is fetched by day, not by status): the filter decides what the board shows.
    expect(ids(after)).toEqual([[2, 1]]);
    expect(shown(after, 'open')).toEqual([2]);
    expect(shown(after, 'closed')).toEqual([1]);
  });

  it('a new order shows in the default open view; a late older copy does not reopen a paid one', () => {
    const before = pages({ orders: [order(1, 10, { status: 'PAID', version: 3 })] });
    const added = patchOrderPages(before, event('NEW_ORDER', order(2, 20)), BAKU);
    expect(shown(added, 'open')).toEqual([2]);
    const late = patchOrderPages(added, event('ORDER_UPDATED', order(1, 10, { status: 'READY', version: 2 })), BAKU);
    expect(shown(late, 'open')).toEqual([2]);
  });
});
