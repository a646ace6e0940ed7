import { z } from 'zod';
import { isKitchenOrderStatus } from './enums.js';
import { orderResponse, type Order, type OrderItem } from './orders.js';
import { MAX_DB_ID, pathId, V } from './validation.js';

/**
 * Kitchen display (KITCHEN_ADMIN and EATERY_ADMIN). A *ticket* is one batch of one order's items: the
 * items the order was placed with (batch 1), then one "ADD-ON" ticket for each later addition. A station is a
 * kitchen department, or "All" (`station` null): a department's station shows the items of its dishes, "All"
 * shows every item (so items of dishes without a department are always on "All").
 *
 * - GET /api/eatery/{id}/kitchen?departmentId= → KitchenBoard (open orders of the last 24 hours that the board can
 *   show; tickets computed by `kitchenBoard`). An unknown or foreign department: 404.
 * - POST /api/eatery/{id}/kitchen/tickets/{orderId}/{batch}/bump `{departmentId?, status?}` → the order. Moves the
 *   station's items of the ticket to `status` (PREPARING or READY; default READY). Items already further stay.
 * - POST /api/eatery/{id}/kitchen/tickets/{orderId}/{batch}/recall `{departmentId?}` → the order. Brings a ticket
 *   bumped in the last RECALL_MINUTES back: its READY items become PREPARING.
 * - PUT /api/eatery/{id}/dish/{dishId}/availability `{available, untilNextBusinessDay?}` → `{id, available, availableAgainAt}` (sold out; the guest menu
 *   changes at once on every instance).
 * Boards stay live by patching their orders from `orders` events and recomputing with `kitchenBoard`.
 */

/** Bumped tickets stay recallable this long. */
export const RECALL_MINUTES = 10;

/** `?departmentId=`: a station; blank or absent is "All". */
export const kitchenQuery = z.object({
  departmentId: z.preprocess((v) => (v === '' ? undefined : v), pathId.optional()),
});

/** A station in a body: a department id (a positive int4, numbers only), or null / absent for "All". */
const stationField = z
  .number({ error: V.invalid })
  .int({ error: V.invalid })
  .positive({ error: V.invalid })
  .max(MAX_DB_ID, { error: V.invalid })
  .nullable()
  .optional();

export const ticketBumpBody = z.object({
  departmentId: stationField,
  status: z.enum(['PREPARING', 'READY'], { error: V.invalid }).optional(),
});
export const ticketRecallBody = z.object({
  departmentId: stationField,
});
export const dishAvailabilityBody = z.object({
  available: z.boolean({ error: (iss) => (iss.input === undefined ? V.required : V.invalid) }),
  /**
   * With `available: false`: the dish comes back by itself at the start of the restaurant's next business day
   * (its next opening time by the opening hours, else the next local midnight): the stop-list.
   */
  untilNextBusinessDay: z.boolean({ error: V.invalid }).optional(),
});

export interface KitchenTicket {
  /** `${orderId}-${batch}` */
  key: string;
  orderId: number;
  batch: number;
  /** True for batches after the first: dishes added to an open order. */
  addOn: boolean;
  tableId: number | null;
  tableNumber: string;
  /** Takeaway and pickup tickets name whom to call instead of a table. */
  kind: Order['kind'];
  customerName: string | null;
  orderNote: string | null;
  /** ISO 8601, UTC: when the batch was added (its age counts from here). */
  createdAt: string;
  /** The station's live items of the batch (DELETED left out). */
  items: OrderItem[];
  /** ISO 8601: when the last of its items became READY, once all are READY or SERVED; else null. */
  bumpedAt: string | null;
}

export interface AllDayCount {
  dishId: number | null;
  /** The item's names (the screen picks its language). */
  names: OrderItem['names'];
  quantity: number;
}

/**
 * An item voided after the kitchen started it (from PREPARING or READY): the cook must stop cooking it, or not send
 * it out. An item voided while still CREATED needs no notice: it simply leaves its ticket.
 */
export interface KitchenVoid {
  /** The voided item's id: a device dismisses the notice by it. */
  itemId: number;
  orderId: number;
  tableId: number | null;
  tableNumber: string;
  /** The item's names (the screen picks its language) and its snapshot name. */
  names: OrderItem['names'];
  name: string;
  quantity: number;
  options: OrderItem['options'];
  /** Why it was voided (null only for items deleted before voids had reasons). */
  reason: string | null;
  /** Where the item was when voided. */
  voidedFrom: 'PREPARING' | 'READY';
  /** ISO 8601, UTC. */
  voidedAt: string;
}

export interface KitchenBoardView {
  /** Tickets with an item still CREATED or PREPARING, oldest first. */
  tickets: KitchenTicket[];
  /** Tickets bumped in the last RECALL_MINUTES, last bumped first. */
  recall: KitchenTicket[];
  /** Portions of each dish not yet READY across `tickets`, most first. */
  allDay: AllDayCount[];
  /** Items of the station voided from PREPARING or READY in the last RECALL_MINUTES, newest first. */
  voids: KitchenVoid[];
}

/** A ticket still to cook: some item CREATED or PREPARING. */
const isPending = (t: KitchenTicket) => t.items.some((i) => i.status === 'CREATED' || i.status === 'PREPARING');

/** The tickets of one order at a station (null = All). */
export function orderTickets(order: Order, station: number | null): KitchenTicket[] {
  const byBatch = new Map<number, OrderItem[]>();
  for (const item of order.items) {
    if (item.status === 'DELETED') continue;
    if (station !== null && item.kitchenDepartmentId !== station) continue;
    const list = byBatch.get(item.batch);
    if (list) list.push(item);
    else byBatch.set(item.batch, [item]);
  }
  return [...byBatch].map(([batch, items]) => {
    const done = items.every((i) => i.status === 'READY' || i.status === 'SERVED');
    const readyTimes = items.map((i) => i.readyAt ?? '').sort();
    return {
      key: `${order.id}-${batch}`,
      orderId: order.id,
      batch,
      addOn: batch > 1,
      tableId: order.tableId,
      tableNumber: order.tableNumber,
      kind: order.kind,
      customerName: order.customerName,
      orderNote: order.note,
      createdAt: items.map((i) => i.createdAt).sort()[0],
      items,
      bumpedAt: done ? readyTimes[readyTimes.length - 1] || null : null,
    };
  });
}

/** The board of a station from the restaurant's orders, at `now` (ms since 1970). */
export function kitchenBoard(orders: readonly Order[], station: number | null, now: number): KitchenBoardView {
  const all = orders.filter((o) => isKitchenOrderStatus(o.status)).flatMap((o) => orderTickets(o, station));
  // Not bumpedAt === null: a ticket served straight from PREPARING has no readyAt, yet nothing is left to cook.
  const tickets = all.filter(isPending).sort(byAge);
  const since = now - RECALL_MINUTES * 60_000;
  const recall = all
    .filter((t) => t.bumpedAt !== null && Date.parse(t.bumpedAt) >= since && t.items.some((i) => i.status === 'READY'))
    .sort((a, b) => (b.bumpedAt ?? '').localeCompare(a.bumpedAt ?? ''));
  const counts = new Map<string, AllDayCount>();
  for (const t of tickets) {
    for (const i of t.items) {
      if (i.status !== 'CREATED' && i.status !== 'PREPARING') continue;
      const key = i.dishId === null ? `name:${i.name}` : `dish:${i.dishId}`;
      const c = counts.get(key);
      if (c) c.quantity += i.quantity;
      else counts.set(key, { dishId: i.dishId, names: i.names, quantity: i.quantity });
    }
  }
  const allDay = [...counts.values()].sort((a, b) => b.quantity - a.quantity || a.names.az.localeCompare(b.names.az));
  const voids = orders
    .filter((o) => isKitchenOrderStatus(o.status))
    .flatMap((o) => orderVoids(o, station, since))
    .sort(newestVoidFirst);
  return { tickets, recall, allDay, voids };
}

/** Whether the kitchen had started an item when it was voided (the server keeps where it was in `voidedFrom`). */
const voidedWhileStarted = (from: OrderItem['voidedFrom']): from is KitchenVoid['voidedFrom'] =>
  from === 'PREPARING' || from === 'READY';

/** The items of one order at a station (null = All) voided from PREPARING or READY at `since` (ms) or later. */
export function orderVoids(order: Order, station: number | null, since: number): KitchenVoid[] {
  const voids: KitchenVoid[] = [];
  for (const item of order.items) {
    const from = item.voidedFrom;
    if (item.status !== 'DELETED' || !item.voidedAt || !voidedWhileStarted(from)) continue;
    if (station !== null && item.kitchenDepartmentId !== station) continue;
    if (Date.parse(item.voidedAt) < since) continue;
    voids.push({
      itemId: item.id,
      orderId: order.id,
      tableId: order.tableId,
      tableNumber: order.tableNumber,
      names: item.names,
      name: item.name,
      quantity: item.quantity,
      options: item.options,
      reason: item.voidReason,
      voidedFrom: from,
      voidedAt: item.voidedAt,
    });
  }
  return voids;
}

const newestVoidFirst = (a: KitchenVoid, b: KitchenVoid) =>
  Date.parse(b.voidedAt) - Date.parse(a.voidedAt) || b.itemId - a.itemId;

const byAge = (a: KitchenTicket, b: KitchenTicket) =>
  a.createdAt.localeCompare(b.createdAt) || a.orderId - b.orderId || a.batch - b.batch;

/** GET /api/eatery/{id}/kitchen */
export const kitchenBoardResponse = z.object({
  amberMinutes: z.number(),
  redMinutes: z.number(),
  /**
   * Open orders of the last 24 hours with an item at this station still to cook, bumped in the last
   * RECALL_MINUTES, or voided from PREPARING or READY in the last RECALL_MINUTES (the client recomputes the board
   * from them with `kitchenBoard`).
   */
  orders: z.array(orderResponse),
});
export type KitchenBoard = z.infer<typeof kitchenBoardResponse>;
