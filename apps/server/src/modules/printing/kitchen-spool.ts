import { and, eq, inArray, sql } from 'drizzle-orm';
import { courseName, type Language, type MovedLine, type OrderItemOption, type OrderKind } from '@qr-menu/contract';
import type { Executor, Tx } from '../../db/client.js';
import { eateries, kitchenDepartments, orderItems, orders, printers, users } from '../../db/schema.js';
import {
  kitchenTicket,
  movedTicket,
  tableLabel,
  type KitchenTicketKind,
  type TicketHeader,
  type Names,
  type TicketLine,
} from './documents/kitchen-documents.js';
import { queueJobs, type NewPrintJob } from './print-queue.js';

/**
 * The kitchen's paper, written in the transaction of the change it prints (so a committed change always has its
 * tickets, and a rolled back one has none).
 *
 * Each order line remembers the portions the stations were told of (order_items.printed_quantity). After a change
 * of orders, the spool compares that with what each line now asks of the kitchen: all its portions while it is live
 * and its order is confirmed; none once it is voided or its order cancelled; no change while it is held for a later
 * course or its order waits for staff to confirm it. The difference is printed: more portions on a ticket (the
 * order's first at the station, else an ADD-ON, or FIRE for a held course's lines), fewer on a VOID. So an added
 * dish prints only that dish, a merge or a move prints nothing twice, and a void prints only what the station had.
 */

/** A kitchen printer as the spool routes to it. */
interface KitchenPrinter {
  id: number;
  language: Language;
  departmentIds: number[];
}

/** The enabled kitchen printers of the restaurant. */
async function kitchenPrinters(ex: Executor, eateryId: number): Promise<KitchenPrinter[]> {
  const rows = await ex
    .select({ id: printers.id, language: printers.language, departmentIds: printers.departmentIds })
    .from(printers)
    .where(and(eq(printers.eateryId, eateryId), eq(printers.enabled, true), eq(printers.kitchen, true)));
  return rows.map((r) => ({ ...r, language: r.language as Language }));
}

/**
 * The printers of a station's lines: those naming the station and those of every station (no station listed). A
 * line no printer takes that way goes to every kitchen printer: a ticket is never lost for want of a route.
 */
export function printersOfStation<P extends { departmentIds: number[] }>(
  all: readonly P[],
  departmentId: number | null,
): P[] {
  const routed = all.filter(
    (p) => p.departmentIds.length === 0 || (departmentId !== null && p.departmentIds.includes(departmentId)),
  );
  return routed.length > 0 ? routed : [...all];
}

/**
 * When a line of `printed` portions splits and `moving` of its portions become a line of their own (moved to
 * another table, or split on the bill), what each part was printed with: the moving part first, so that neither
 * part prints again nor voids what the other still has.
 */
export function splitPrinted(printed: number, moving: number): { moving: number; staying: number } {
  const part = Math.min(printed, moving);
  return { moving: part, staying: printed - part };
}

/** What the spool reads of each line of the orders it looks at. */
interface SpoolLine {
  id: number;
  orderId: number;
  quantity: number;
  status: string;
  held: boolean;
  printed: number;
  departmentId: number | null;
  names: Names | null;
  name: string;
  options: OrderItemOption[];
  note: string | null;
  seat: number | null;
  course: number | null;
  batch: number;
  voidReason: string | null;
  orderStatus: string;
}

/** The portions line `l` should have on the stations' paper now (see the module comment). */
function portionsWanted(l: SpoolLine, voidAll: boolean): number {
  if (voidAll || l.status === 'DELETED' || l.orderStatus === 'CANCELLED') return 0;
  if (l.held || l.orderStatus === 'NEEDS_CONFIRMATION') return l.printed;
  return l.quantity;
}

/** What a ticket's header needs of its order and restaurant. */
interface OrderFacts {
  number: number;
  kind: OrderKind;
  tableNumber: string;
  customerName: string | null;
  note: string | null;
  waiterName: string | null;
}

interface EateryFacts {
  timeZone: string;
  courses: Names[];
  stations: Map<number, string>;
}

async function orderFacts(tx: Tx, ids: readonly number[]): Promise<Map<number, OrderFacts>> {
  const rows = await tx
    .select({
      id: orders.id,
      number: orders.number,
      kind: orders.kind,
      tableNumber: orders.tableNumber,
      customerName: orders.customerName,
      note: orders.note,
      waiterName: users.name,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.servedBy))
    .where(inArray(orders.id, [...ids]));
  return new Map(
    rows.map((r) => [r.id, { ...r, number: r.number ?? r.id, kind: r.kind as OrderKind, waiterName: r.waiterName }]),
  );
}

async function eateryFacts(tx: Tx, eateryId: number): Promise<EateryFacts> {
  const [e] = await tx
    .select({ timeZone: eateries.timeZone, courses: eateries.courses })
    .from(eateries)
    .where(eq(eateries.id, eateryId));
  const stations = await tx
    .select({ id: kitchenDepartments.id, name: kitchenDepartments.name })
    .from(kitchenDepartments)
    .where(eq(kitchenDepartments.eateryId, eateryId));
  return {
    timeZone: e?.timeZone ?? 'Asia/Baku',
    courses: e?.courses ?? [],
    stations: new Map(stations.map((s) => [s.id, s.name])),
  };
}

function header(
  order: OrderFacts,
  eatery: EateryFacts,
  lines: readonly { departmentId: number | null }[],
): TicketHeader {
  const departments = new Set(lines.map((l) => l.departmentId));
  const only = departments.size === 1 ? [...departments][0] : null;
  return {
    orderNumber: order.number,
    kind: order.kind,
    tableNumber: order.tableNumber,
    customerName: order.customerName,
    waiterName: order.waiterName,
    station: only !== null && only !== undefined ? (eatery.stations.get(only) ?? '') : '',
    at: new Date(),
    timeZone: eatery.timeZone,
    orderNote: order.note,
  };
}

function ticketLine(l: SpoolLine, portions: number, eatery: EateryFacts, language: Language): TicketLine {
  const names = l.names ?? { az: l.name, en: l.name, ru: l.name };
  return {
    quantity: portions,
    names,
    options: l.options.map((o) => ({ names: o.names })),
    note: l.note,
    seat: l.seat,
    course:
      l.course !== null && eatery.courses.length > 0 ? courseName(eatery.courses, l.course, language) || null : null,
    voidReason: l.voidReason,
  };
}

/**
 * Prints what changed for the kitchen in orders `orderIds` of the restaurant (see the module comment), in the
 * caller's transaction; `voidAll`: the orders are about to be deleted, so everything printed is voided. The number
 * of jobs queued. Nothing is read beyond the restaurant's printers when it has no kitchen printer.
 */
export async function spoolKitchenTickets(
  tx: Tx,
  eateryId: number,
  orderIds: readonly number[],
  voidAll = false,
): Promise<number> {
  if (orderIds.length === 0) return 0;
  const kitchen = await kitchenPrinters(tx, eateryId);
  if (kitchen.length === 0) return 0;
  const lines: SpoolLine[] = await tx
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      quantity: orderItems.quantity,
      status: orderItems.status,
      held: orderItems.held,
      printed: orderItems.printedQuantity,
      departmentId: orderItems.kitchenDepartmentId,
      names: orderItems.names,
      name: orderItems.name,
      options: orderItems.options,
      note: orderItems.note,
      seat: orderItems.seat,
      course: orderItems.course,
      batch: orderItems.batch,
      voidReason: orderItems.voidReason,
      orderStatus: orders.status,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(inArray(orderItems.orderId, [...orderIds]), eq(orders.eateryId, eateryId)))
    .orderBy(orderItems.id);
  const changed = lines.filter((l) => portionsWanted(l, voidAll) !== l.printed);
  if (changed.length === 0) return 0;
  await tx.execute(sql`
    update order_items as oi set printed_quantity = x.q
    from unnest(${sql.param(changed.map((l) => l.id))}::int[], ${sql.param(changed.map((l) => portionsWanted(l, voidAll)))}::int[]) as x(id, q)
    where oi.id = x.id`);

  const facts = await orderFacts(tx, [...new Set(changed.map((l) => l.orderId))]);
  const eatery = await eateryFacts(tx, eateryId);
  // Each line's printers, routed once.
  const route = new Map(lines.map((l) => [l.id, printersOfStation(kitchen, l.departmentId)]));
  const jobs: NewPrintJob[] = [];
  for (const [orderId, order] of facts) {
    const ofOrder = lines.filter((l) => l.orderId === orderId);
    // Batches the kitchen already has paper of: a not yet printed line of such a batch was held for its course.
    const printedBatches = new Set(ofOrder.filter((l) => l.printed > 0).map((l) => l.batch));
    for (const printer of kitchen) {
      const mine = (l: SpoolLine) => route.get(l.id)!.includes(printer);
      const delta = changed.filter((l) => l.orderId === orderId && mine(l));
      if (delta.length === 0) continue;
      const stationHadPaper = ofOrder.some((l) => l.printed > 0 && mine(l));
      const groups: Record<KitchenTicketKind, { line: SpoolLine; portions: number }[]> = {
        TICKET: [],
        ADDON: [],
        FIRE: [],
        VOID: [],
      };
      for (const l of delta) {
        const portions = portionsWanted(l, voidAll) - l.printed;
        if (portions < 0) groups.VOID.push({ line: l, portions: -portions });
        else if (l.course !== null && l.printed === 0 && printedBatches.has(l.batch))
          groups.FIRE.push({ line: l, portions });
        else groups[stationHadPaper ? 'ADDON' : 'TICKET'].push({ line: l, portions });
      }
      for (const kind of ['VOID', 'TICKET', 'ADDON', 'FIRE'] as const) {
        const group = groups[kind];
        if (group.length === 0) continue;
        const built = kitchenTicket(
          kind,
          header(
            order,
            eatery,
            group.map((g) => g.line),
          ),
          group.map((g) => ticketLine(g.line, g.portions, eatery, printer.language)),
          printer.language,
        );
        jobs.push({ printerId: printer.id, kind, orderId, ...built });
      }
    }
  }
  await queueJobs(tx, eateryId, jobs);
  return jobs.length;
}

/**
 * MOVED notices: order `toOrderId` (or lines of it) came from another table; each station that has paper of those
 * lines gets a notice of the move, so its copy follows the dishes. Nothing for a split at the same table.
 */
export async function spoolMoved(
  tx: Tx,
  eateryId: number,
  move: { fromTable: string; toOrderId: number; lines: readonly MovedLine[] },
): Promise<number> {
  const kitchen = await kitchenPrinters(tx, eateryId);
  if (kitchen.length === 0 || move.lines.length === 0) return 0;
  const printed = await tx
    .select({ id: orderItems.id, departmentId: orderItems.kitchenDepartmentId, printed: orderItems.printedQuantity })
    .from(orderItems)
    .where(
      and(
        eq(orderItems.orderId, move.toOrderId),
        inArray(
          orderItems.id,
          move.lines.map((l) => l.itemId),
        ),
      ),
    );
  const onPaper = new Map(printed.filter((p) => p.printed > 0).map((p) => [p.id, p]));
  if (onPaper.size === 0) return 0;
  const order = (await orderFacts(tx, [move.toOrderId])).get(move.toOrderId);
  if (!order) return 0;
  const eatery = await eateryFacts(tx, eateryId);
  const jobs: NewPrintJob[] = [];
  for (const printer of kitchen) {
    const lines = move.lines.filter((l) => {
      const row = onPaper.get(l.itemId);
      return row !== undefined && printersOfStation(kitchen, row.departmentId).includes(printer);
    });
    if (lines.length === 0) continue;
    const built = movedTicket(
      header(
        order,
        eatery,
        lines.map((l) => ({ departmentId: l.kitchenDepartmentId })),
      ),
      tableLabel(move.fromTable, printer.language),
      lines.map((l) => ({
        quantity: l.quantity,
        names: l.names ?? { az: l.name, en: l.name, ru: l.name },
        options: [],
        note: null,
        seat: null,
        course: null,
        voidReason: null,
      })),
      printer.language,
    );
    jobs.push({ printerId: printer.id, kind: 'MOVED', orderId: move.toOrderId, ...built });
  }
  await queueJobs(tx, eateryId, jobs);
  return jobs.length;
}

/**
 * When a restaurant gets its first kitchen printer, what its open orders already have on the kitchen screens counts
 * as told: the new printer prints what comes after, not every open order at its next change.
 */
export async function markOpenOrdersPrinted(tx: Tx, eateryId: number): Promise<void> {
  await tx.execute(sql`
    update order_items as oi
    set printed_quantity = case when oi.status = 'DELETED' or oi.held then 0 else oi.quantity end
    from orders o
    where o.id = oi.order_id and o.eatery_id = ${eateryId} and o.status not in ('PAID', 'CANCELLED', 'NEEDS_CONFIRMATION')`);
}

/** Whether the restaurant has an enabled kitchen printer (the batch path leaves its orders to the spool). */
export async function hasKitchenPrinter(ex: Executor, eateryId: number): Promise<boolean> {
  return (await kitchenPrinters(ex, eateryId)).length > 0;
}
