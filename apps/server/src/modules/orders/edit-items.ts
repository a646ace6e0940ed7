import { and, count, eq } from 'drizzle-orm';
import {
  ORDER_LINES_MAX,
  ORDER_V,
  V,
  canSetItemStatus,
  type ItemStatus,
  type Order,
  ROLE_MATRIX,
  isFinalOrderStatus,
  itemsStillMove,
  voidNeedsManager,
} from '@qr-menu/contract';
import { orderItems } from '../../db/schema.js';
import { hasRole, type EateryContext } from '../../plugins/access.js';
import { AppError, accessDenied, notFound, validationError } from '../../plugins/app-error.js';
import { courseHeld, fireAfterPrevious } from '../courses/course-fire.js';
import { snapshotDishes } from './dish-snapshots.js';
import { giveBackStock, takeStock } from './dish-stock.js';
import { assertTakesGuestOrders, guestHoursOf } from './guest-hours.js';
import { priceChoices } from './item-options.js';
import {
  assertKnownCourses,
  courseCountOf,
  dishIdsOf,
  insertItems,
  itemsField,
  nextBatch,
  readyAtSet,
  type ItemField,
  type ItemInput,
} from './order-item-rows.js';
import { hasPaymentRows, keepDiscountWithinItems } from './order-money.js';
import { orderClosed, type OrderTx, type OrderWriter } from './order-writer.js';

export interface AddItemsOptions {
  /** When set, the order must have been placed by this device (404 otherwise). */
  deviceId?: string | null;
  /**
   * Guest rules: at least one item, only available dishes inside their hours, and while the restaurant is open when
   * it takes guest orders only within its opening hours (409 `closedNow`).
   */
  guest?: boolean;
  /** Where item fields are reported (the staff route adding one item: its own fields). */
  itemField?: ItemField;
}

export interface ItemChanges {
  dishId?: number;
  quantity?: number;
  note?: string | null;
  status?: ItemStatus;
  optionIds?: readonly number[];
}

/**
 * Adds items (status CREATED, prices from the dishes as they are at `now`) to an open order; a READY or ISSUED
 * order goes back to PREPARING. The items of one call form the next batch (one "ADD-ON" kitchen ticket). 409
 * `orderClosed` for PAID or CANCELLED orders; 400 tooManyLines when the order would hold more than ORDER_LINES_MAX
 * lines. The items are a round of their own: their courses and holds as on placing (itemRows), the portions of
 * counted dishes taken in the same transaction (409 `notEnoughStock`, nothing added). Emits ORDER_UPDATED.
 */
export async function addItems(
  writer: OrderWriter,
  now: Date,
  eateryId: number,
  orderId: number,
  items: readonly ItemInput[],
  opts: AddItemsOptions = {},
): Promise<Order> {
  const forGuest = !!opts.guest;
  if (forGuest && items.length === 0) throw validationError('items', ORDER_V.itemsRequired);
  return writer.write(eateryId, async (w) => {
    const locked = await w.lock(orderId, opts.deviceId ?? undefined);
    if (isFinalOrderStatus(locked.status)) throw orderClosed();
    if (forGuest) assertTakesGuestOrders(await guestHoursOf(w.tx, eateryId), now);
    const [lines] = await w.tx.select({ n: count() }).from(orderItems).where(eq(orderItems.orderId, orderId));
    if (lines.n + items.length > ORDER_LINES_MAX) throw validationError('items', ORDER_V.tooManyLines);
    const field = opts.itemField ?? itemsField;
    const courseCount = await courseCountOf(w.tx, eateryId);
    assertKnownCourses(items, courseCount, field);
    const snapshots = await snapshotDishes(w.tx, eateryId, dishIdsOf(items), { forGuest, at: now });
    w.menuChanged = (await takeStock(w.tx, eateryId, items)) || w.menuChanged;
    const priced = priceChoices(items, snapshots, (i) => field(i, 'optionIds'));
    if (items.length > 0) {
      await insertItems(w.tx, orderId, items, snapshots, priced, await nextBatch(w.tx, orderId), courseCount);
      await w.itemsChanged(locked, true);
    }
    return w.order(orderId);
  });
}

/**
 * Staff change of one item. Only fields that differ from the stored ones count: dish, quantity and note need
 * EATERY_ADMIN, WAITER or CASHIER; status as `canSetItemStatus` says (the kitchen only among CREATED, PREPARING
 * and READY; 403 otherwise). A changed status re-derives the order status (deriveOrderStatus) and sets or clears
 * ready_at. Removing an item is a void (void-item.ts), never a status change here: a status to or from DELETED is
 * 400. What an item costs changes only while nothing was paid into the order (409 orderHasPayments) and, once the
 * kitchen started it, with a manager (a new dish or options, or fewer portions, is a void in disguise: 403
 * managerApprovalRequired unless the caller is an EATERY_ADMIN); a discount above the cheaper items is lowered to
 * them. 409 orderClosed when the order is CANCELLED, or PAID and the change is more than a status move. Serving a
 * dish records the caller as the order's waiter (orders.served_by). A held line's status does not change (409
 * `courseHeld`: its course is fired first); a status change may fire the next course (fireAfterPrevious).
 */
export function changeItem(
  writer: OrderWriter,
  now: Date,
  eatery: EateryContext,
  orderId: number,
  itemId: number,
  body: ItemChanges,
  callerId: number | null = null,
): Promise<Order> {
  return writer.write(eatery.id, (w) => changeItemIn(w, now, eatery, orderId, itemId, body, callerId));
}

/** changeItem inside the caller's transaction `w`: several items change in one transaction (serving a table). */
export async function changeItemIn(
  w: OrderTx,
  now: Date,
  eatery: EateryContext,
  orderId: number,
  itemId: number,
  body: ItemChanges,
  callerId: number | null,
): Promise<Order> {
  const locked = await w.lock(orderId);
  const [item] = await w.tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, orderId)));
  if (!item) throw notFound();
  const dishChange = body.dishId !== undefined && body.dishId !== item.dishId;
  // Options sent are a change when they differ from the stored ones; a new dish without them clears them.
  const optionIds = body.optionIds ?? (dishChange ? [] : undefined);
  const optionsChange =
    optionIds !== undefined &&
    !sameIds(
      optionIds,
      (item.options ?? []).map((o) => o.optionId),
    );
  const quantityChange = body.quantity !== undefined && body.quantity !== item.quantity;
  const noteChange = body.note !== undefined && body.note !== item.note;
  const statusChange = body.status !== undefined && body.status !== item.status;
  const priceChange = dishChange || optionsChange || quantityChange;
  if (!(priceChange || noteChange || statusChange)) return w.order(orderId);
  if ((priceChange || noteChange) && !hasRole(eatery, ROLE_MATRIX.editItems)) throw accessDenied();
  if (statusChange) {
    if (!canSetItemStatus(eatery.roles, item.status as ItemStatus, body.status!)) throw accessDenied();
    if (body.status === 'DELETED' || item.status === 'DELETED') throw validationError('status', V.invalid);
    // A held line waits for its course to be fired: nobody starts, readies or serves it before.
    if (item.held) throw courseHeld();
  }
  // A closed order's items change no more, except that a paid order's dishes are still cooked and served: their
  // status moves on (contract itemsStillMove). Nothing is added to, removed from or changed on its bill.
  const onlyStatusMoves = statusChange && !(priceChange || noteChange);
  if (isFinalOrderStatus(locked.status) && !(onlyStatusMoves && itemsStillMove(locked.status))) throw orderClosed();
  if (priceChange && (await hasPaymentRows(w.tx, orderId))) throw new AppError(409, 'orderHasPayments');
  const takesAway = dishChange || optionsChange || (quantityChange && body.quantity! < item.quantity);
  if (takesAway && voidNeedsManager(item.status as ItemStatus) && !hasRole(eatery, ROLE_MATRIX.approveVoid)) {
    throw new AppError(403, 'managerApprovalRequired');
  }

  // A new dish or new options: the item is snapshotted again from the dish as it is now (staff rules).
  let snapshot: Partial<typeof orderItems.$inferInsert> = {};
  if (dishChange || optionsChange) {
    const dishId = body.dishId ?? item.dishId;
    if (dishId === null) throw notFound();
    const snapshots = await snapshotDishes(w.tx, eatery.id, [dishId], { forGuest: false, at: now });
    const [priced] = priceChoices([{ dishId, optionIds }], snapshots, () => 'optionIds');
    const { dishId: _id, optionGroups: _groups, categoryCourse: _course, ...rest } = snapshots.get(dishId)!;
    snapshot = { dishId, ...rest, ...priced };
  }
  // Counted stock follows a live line: the portions it had go back, those it has now are taken (409
  // notEnoughStock). A voided line gave its portions back already.
  if ((dishChange || quantityChange) && item.status !== 'DELETED') {
    const changed = { dishId: body.dishId ?? item.dishId, quantity: body.quantity ?? item.quantity };
    w.menuChanged = (await giveBackStock(w.tx, eatery.id, [item])) || w.menuChanged;
    w.menuChanged = (await takeStock(w.tx, eatery.id, [changed])) || w.menuChanged;
  }
  await w.tx
    .update(orderItems)
    .set({
      ...snapshot,
      ...(quantityChange ? { quantity: body.quantity } : {}),
      ...(noteChange ? { note: body.note } : {}),
      ...(statusChange ? { status: body.status, ...readyAtSet(body.status!) } : {}),
    })
    .where(eq(orderItems.id, itemId));
  if (statusChange) await fireAfterPrevious(w, orderId);
  await w.itemsChanged(locked, statusChange);
  if (priceChange) await keepDiscountWithinItems(w, orderId);
  // Whoever serves a dish is the order's waiter in the reports (the last one to serve, when several did).
  if (statusChange && body.status === 'SERVED' && callerId !== null) {
    await w.update([orderId], { servedBy: callerId });
  }
  return w.order(orderId);
}

/** The same option ids, in any order. */
function sameIds(a: readonly number[], b: readonly number[]): boolean {
  const set = new Set(a);
  return set.size === a.length && a.length === b.length && b.every((id) => set.has(id));
}
