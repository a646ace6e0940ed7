import { paidFoodComing, type Order, type StaffCall, type Table, type TableAssignment } from '@qr-menu/contract';

/**
 * What a table needs, most urgent first: a guest called the waiter, a guest order waits for staff to confirm it
 * (the restaurant confirms guest orders), the guest asked for the bill, food is ready to take,
 * a new order waits for the kitchen to take it, food is cooking, the bill is paid and food is still coming,
 * everything is served, or the table is free.
 */
export const TABLE_STATES = [
  'called',
  'confirm',
  'bill',
  'ready',
  'ordering',
  'waiting',
  'paidFood',
  'served',
  'free',
] as const;
export type TableState = (typeof TABLE_STATES)[number];

export interface FloorTable {
  table: Table;
  state: TableState;
  /** Its open orders, oldest first. */
  orders: Order[];
  /** Its open calls, oldest first. */
  calls: StaffCall[];
  /** Portions READY to take to the table. */
  readyCount: number;
  /** The waiters assigned to it (names). */
  waiters: string[];
  /** Assigned to the signed-in user. */
  mine: boolean;
  /** When its oldest order on the floor was placed (ISO 8601), or null when it has none. */
  orderedAt: string | null;
  /** Since when food has waited there: the earliest ready time of its READY portions (ISO 8601), or null. */
  readySince: string | null;
}

/** Whole minutes from `iso` to `now` (0 for a time in the future: clocks of two machines differ a little). */
export function minutesSince(iso: string, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - Date.parse(iso)) / 60_000));
}

/** The earliest of the ISO times (all UTC, so they compare as text), or null. */
const earliest = (times: readonly (string | null)[]): string | null =>
  times.reduce<string | null>((min, x) => (x !== null && (min === null || x < min) ? x : min), null);

/** The state of one table from its orders on the floor (open, or paid with food coming) and open calls. */
export function tableState(orders: readonly Order[], calls: readonly StaffCall[]): TableState {
  const open = calls.filter((c) => c.status === 'OPEN');
  if (open.some((c) => c.kind === 'WAITER')) return 'called';
  if (orders.some((o) => o.status === 'NEEDS_CONFIRMATION')) return 'confirm';
  if (open.some((c) => c.kind === 'BILL')) return 'bill';
  if (orders.some((o) => o.items.some((i) => i.status === 'READY'))) return 'ready';
  if (orders.some((o) => o.status === 'CREATED')) return 'ordering';
  if (orders.some((o) => o.status === 'PROCESSING' || o.status === 'PREPARING' || o.status === 'READY')) {
    return 'waiting';
  }
  // Paid before the kitchen finished: the guests are still waiting for dishes.
  if (orders.some(paidFoodComing)) return 'paidFood';
  if (orders.length > 0) return 'served';
  return 'free';
}

const byNumber = (a: Table, b: Table) => a.number.localeCompare(b.number, undefined, { numeric: true });

/**
 * The floor: every table with its state, the signed-in user's tables first (`userId`), then by table number.
 * Orders without a table (none in practice) are left out.
 */
export function floorTables(
  tables: readonly Table[],
  orders: readonly Order[],
  calls: readonly StaffCall[],
  assignments: readonly TableAssignment[],
  userId: number | null,
): FloorTable[] {
  return tables
    .map((table): FloorTable => {
      const own = orders.filter((o) => o.tableId === table.id).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
      const openCalls = calls.filter((c) => c.tableId === table.id && c.status === 'OPEN');
      const assigned = assignments.filter((a) => a.tableId === table.id);
      return {
        table,
        state: tableState(own, openCalls),
        orders: own,
        calls: openCalls,
        readyCount: own.reduce(
          (n, o) => n + o.items.filter((i) => i.status === 'READY').reduce((q, i) => q + i.quantity, 0),
          0,
        ),
        waiters: assigned.map((a) => a.waiterName),
        mine: userId !== null && assigned.some((a) => a.waiterId === userId),
        orderedAt: own[0]?.createdAt ?? null,
        readySince: earliest(own.flatMap((o) => o.items.filter((i) => i.status === 'READY').map((i) => i.readyAt))),
      };
    })
    .sort((a, b) => Number(b.mine) - Number(a.mine) || byNumber(a.table, b.table));
}
