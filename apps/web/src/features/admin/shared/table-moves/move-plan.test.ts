import { describe, expect, it } from 'vitest';
import type { KitchenMove, Table } from '@qr-menu/contract';
import { ApiError } from '../../../../api/client';
import { makeItem, makeOrder } from '../live/order-fixture';
import {
  kitchenLines,
  looksMoved,
  mergeCandidates,
  movableLines,
  noticeText,
  pickedCount,
  pickedLines,
  picksProblem,
  refusalText,
  serverPickProblem,
  setPick,
  tableChoices,
} from './move-plan';

const AT = '2026-11-24T10:00:00.000Z';
/** Order 1 at table 3: 3 Dolma, 1 tea, a voided soup. */
const order = makeOrder(1, AT, {
  tableId: 3,
  tableNumber: '3',
  items: [
    makeItem(11, 1, { name: 'Dolma', quantity: 3 }),
    makeItem(12, 1, { name: 'Tea', quantity: 1 }),
    makeItem(13, 1, { name: 'Soup', quantity: 1, status: 'DELETED' }),
  ],
});
const [dolma, tea] = order.items;

const table = (id: number, number: string, status: Table['status'] = 'ACTIVE') =>
  ({ id, number, status, seats: 4, note: null }) as unknown as Table;

describe('picking lines', () => {
  it('offers the live lines; a pick stays within 0 .. the line and counts dishes', () => {
    expect(movableLines(order).map((i) => i.id)).toEqual([11, 12]);
    let picks = setPick({}, dolma, 1);
    picks = setPick(picks, dolma, 5);
    expect(picks).toEqual({ 11: 3 });
    picks = setPick(picks, tea, 1);
    expect(pickedCount(picks)).toBe(4);
    picks = setPick(picks, dolma, -1);
    expect(picks).toEqual({ 12: 1 });
    expect(pickedLines(order, setPick(picks, dolma, 1))).toEqual([
      { itemId: 11, quantity: 1 },
      { itemId: 12, quantity: 1 },
    ]);
  });

  it('a split 1 + 2 of a quantity line is fine; nothing picked, or every dish for a split, is not', () => {
    expect(picksProblem(order, { 11: 1 }, true)).toBeNull();
    expect(picksProblem(order, {}, true)).toEqual({ itemId: null, messageKey: 'tableMoves.pickSome' });
    expect(picksProblem(order, { 11: 3, 12: 1 }, true)).toEqual({ itemId: null, messageKey: 'validation.splitAll' });
    // A move may take everything.
    expect(picksProblem(order, { 11: 3, 12: 1 }, false)).toBeNull();
  });

  it("places the server's 400 on the line it names, or on the whole pick", () => {
    const sent = [
      { itemId: 12, quantity: 1 },
      { itemId: 11, quantity: 3 },
    ];
    const on = (field: string, messageKey: string) =>
      new ApiError(400, 'validation', 'Some fields are invalid.', [{ field, messageKey }]);
    expect(serverPickProblem(on('lines.1.quantity', 'validation.moveQuantity'), sent)).toEqual({
      itemId: 11,
      messageKey: 'validation.moveQuantity',
    });
    expect(serverPickProblem(on('lines', 'validation.splitAll'), sent)).toEqual({
      itemId: null,
      messageKey: 'validation.splitAll',
    });
    expect(serverPickProblem(on('toTableId', 'validation.sameTable'), sent)).toBeNull();
    expect(serverPickProblem(new ApiError(409, 'orderHasPayments', 'x'), sent)).toBeNull();
  });
});

describe('what the dialogs offer', () => {
  it('refuses up front what the server would: closed, discounted, takeaway, a guest order waiting', () => {
    expect(refusalText(order, 'split')).toBeNull();
    expect(refusalText({ ...order, status: 'PAID' }, 'moveOrder')).toBe('errors.orderClosed');
    expect(refusalText({ ...order, discount: 1 }, 'split')).toBe('errors.orderHasDiscount');
    // A discounted check moves whole as it is.
    expect(refusalText({ ...order, discount: 1 }, 'moveOrder')).toBeNull();
    expect(refusalText({ ...order, kind: 'TAKEAWAY' }, 'merge')).toBe('errors.orderNotAtTable');
    expect(refusalText({ ...order, kind: 'TAKEAWAY' }, 'split')).toBeNull();
    expect(refusalText({ ...order, status: 'NEEDS_CONFIRMATION' }, 'merge')).toBe('tableMoves.notConfirmed');
    expect(refusalText({ ...order, status: 'NEEDS_CONFIRMATION' }, 'moveOrder')).toBeNull();
  });

  it('tables to move to: every other active one, by number, with the open orders that would take the lines', () => {
    const tables = [table(3, '3'), table(10, '10'), table(7, '7'), table(8, '8', 'INACTIVE')];
    const older = makeOrder(2, '2026-11-24T09:00:00.000Z', { tableId: 7, tableNumber: '7' });
    const newer = makeOrder(3, '2026-11-24T09:30:00.000Z', { tableId: 7, tableNumber: '7' });
    const waiting = makeOrder(4, AT, { tableId: 10, tableNumber: '10', status: 'NEEDS_CONFIRMATION' });
    const choices = tableChoices(tables, [order, older, newer, waiting], order);
    expect(choices.map((c) => [c.table.number, c.orders.map((o) => o.id)])).toEqual([
      ['7', [3, 2]],
      ['10', []],
    ]);
  });

  it('orders to merge into: the same table first, then by table; not itself, closed or discounted ones', () => {
    const sameTable = makeOrder(5, AT, { tableId: 3, tableNumber: '3' });
    const t12 = makeOrder(6, AT, { tableId: 12, tableNumber: '12' });
    const t2 = makeOrder(7, AT, { tableId: 2, tableNumber: '2' });
    const paid = makeOrder(8, AT, { tableId: 2, tableNumber: '2', status: 'PAID' });
    const discounted = makeOrder(9, AT, { tableId: 2, tableNumber: '2', discount: 2 });
    expect(mergeCandidates([t12, order, paid, t2, sameTable, discounted], order).map((o) => o.id)).toEqual([5, 7, 6]);
  });
});

describe('kitchen notices', () => {
  const move = (fields: Partial<KitchenMove>): KitchenMove => ({
    id: 1,
    kind: 'MOVE',
    fromOrderId: 1,
    toOrderId: 1,
    fromOrderNumber: 12,
    toOrderNumber: 12,
    fromTable: '3',
    toTable: '7',
    items: [],
    createdAt: AT,
    ...fields,
  });

  it('says what happened, without a number for an order that is gone', () => {
    expect(noticeText(move({}))).toEqual({
      key: 'tableMoves.notice.moveWhole',
      params: { from: '3', to: '7', number: 12 },
    });
    expect(noticeText(move({ fromOrderNumber: null, toOrderNumber: null })).key).toBe(
      'tableMoves.notice.moveWholeGone',
    );
    expect(noticeText(move({ toOrderId: 2, toOrderNumber: 15 }))).toEqual({
      key: 'tableMoves.notice.moveLines',
      params: { from: '3', to: '7', number: 15 },
    });
    expect(noticeText(move({ kind: 'MERGE', toOrderId: 2, fromOrderNumber: null, toOrderNumber: 15 })).key).toBe(
      'tableMoves.notice.merge',
    );
    expect(noticeText(move({ kind: 'SPLIT', toOrderId: 2, toTable: '3', toOrderNumber: 16 })).key).toBe(
      'tableMoves.notice.split',
    );
  });

  it('lists the dishes the station still cooks or sends out', () => {
    const line = (itemId: number, status: KitchenMove['items'][number]['status'], dept: number | null) => ({
      itemId,
      name: `Dish ${itemId}`,
      names: null,
      quantity: 1,
      status,
      kitchenDepartmentId: dept,
    });
    const m = move({
      items: [line(1, 'PREPARING', 5), line(2, 'SERVED', 5), line(3, 'CREATED', 6), line(4, 'READY', null)],
    });
    expect(kitchenLines(m, null).map((l) => l.itemId)).toEqual([1, 3, 4]);
    expect(kitchenLines(m, 5).map((l) => l.itemId)).toEqual([1]);
  });

  it('reads the moves again only when the orders changed as a move does', () => {
    const a = makeOrder(1, AT, { tableNumber: '3', items: [makeItem(11, 1, { quantity: 3 })] });
    const b = makeOrder(2, AT, { tableNumber: '7', items: [makeItem(21, 2)] });
    // A new dish or a status: no.
    const added = { ...b, items: [...b.items, makeItem(22, 2)] };
    const cooking = { ...a, items: [{ ...a.items[0], status: 'PREPARING' as const }] };
    expect(looksMoved([a, b], [a, added])).toBe(false);
    expect(looksMoved([a, b], [cooking, b])).toBe(false);
    // Another table, a line on another order, a line with fewer portions: yes.
    expect(looksMoved([a, b], [{ ...a, tableNumber: '9' }, b])).toBe(true);
    expect(looksMoved([a, b], [a, { ...b, items: [...b.items, a.items[0]] }])).toBe(true);
    expect(looksMoved([a, b], [{ ...a, items: [{ ...a.items[0], quantity: 2 }] }, b])).toBe(true);
  });
});
