import {
  addDays,
  dayIn,
  isFinalOrderStatus,
  isOpenOrderStatus,
  mayDo,
  orderStatusesFor,
  type ItemStatus,
  type Order,
  type OrderStatus,
  type Role,
  safeTimeZone,
  zonedParts,
} from '@qr-menu/contract';

/**
 * Pure helpers of the orders screen: calendar days and times in the restaurant's time zone, the time wording
 * (today / yesterday / d/m/yyyy hh:mm), the age of an order, money, status groups and role rules.
 */

type Translate = (key: string, options?: Record<string, unknown>) => string;

// Calendar days in the restaurant's time zone: the contract's zoned-time.ts (the kitchen and the menu use them too).
export { addDays, dayIn, safeTimeZone, zonedParts } from '@qr-menu/contract';

const pad = (n: number) => String(n).padStart(2, '0');

export type DateShortcut = 'today' | 'yesterday' | 'last7';
export interface DateRange {
  from: string;
  to: string;
}

/** The date range of a shortcut, in the restaurant's time zone. */
export function shortcutRange(shortcut: DateShortcut, now: Date, timeZone?: string): DateRange {
  const today = dayIn(now, timeZone);
  if (shortcut === 'yesterday') {
    const y = addDays(today, -1);
    return { from: y, to: y };
  }
  if (shortcut === 'last7') return { from: addDays(today, -6), to: today };
  return { from: today, to: today };
}

/** Which shortcut (if any) a range is. */
export function rangeShortcut(range: DateRange, now: Date, timeZone?: string): DateShortcut | null {
  for (const s of ['today', 'yesterday', 'last7'] as const) {
    const r = shortcutRange(s, now, timeZone);
    if (r.from === range.from && r.to === range.to) return s;
  }
  return null;
}

export interface OrderTime {
  kind: 'today' | 'yesterday' | 'date';
  /** d/m/yyyy */
  date: string;
  /** hh:mm, 24 h */
  time: string;
}

/** When an order was created, as the restaurant's clock shows it, relative to `now`. */
export function orderTime(createdAt: string | Date, now: Date, timeZone?: string): OrderTime {
  const created = typeof createdAt === 'string' ? new Date(createdAt) : createdAt;
  const p = zonedParts(created, timeZone);
  const day = `${p.year}-${pad(p.month)}-${pad(p.day)}`;
  const today = dayIn(now, timeZone);
  const kind = day === today ? 'today' : day === addDays(today, -1) ? 'yesterday' : 'date';
  return { kind, date: `${p.day}/${p.month}/${p.year}`, time: `${pad(p.hour)}:${pad(p.minute)}` };
}

/**
 * "Today 14:05 (Asia/Baku)", "Yesterday 09:30 (Asia/Baku)" or "3/1/2025 18:45 (Asia/Baku)" in the current language:
 * the restaurant's clock, named, since a manager may look from a laptop set to another zone. Without a
 * valid zone, the browser's clock and no name.
 */
export function formatOrderTime(t: Translate, createdAt: string | Date, now: Date, timeZone?: string): string {
  const zone = safeTimeZone(timeZone);
  const ot = orderTime(createdAt, now, zone);
  const text = ot.kind === 'date' ? `${ot.date} ${ot.time}` : t(`orders.time.${ot.kind}`, { time: ot.time });
  return zone ? `${text} (${zone.replace(/_/g, ' ')})` : text;
}

/** Age of an order: "just now", "5 min", "2 h 5 min", "3 d". */
export function formatAge(t: Translate, createdAt: string | Date, now: Date): string {
  const created = typeof createdAt === 'string' ? new Date(createdAt) : createdAt;
  const minutes = Math.max(0, Math.floor((now.getTime() - created.getTime()) / 60_000));
  if (minutes < 1) return t('orders.age.justNow');
  if (minutes < 60) return t('orders.age.minutes', { m: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('orders.age.hours', { h: hours, m: minutes % 60 });
  return t('orders.age.days', { d: Math.floor(hours / 24) });
}

/** A price with exactly 2 decimals in the language's number format, plus the currency label: "12.50 AZN". */
export { formatMoney } from '../shared/money-format';

// ---- statuses ----

/**
 * The filter buttons of the board: open orders (the default: what staff work on), each open status, the closed
 * ones (PAID, CANCELLED) and every order. Closed orders do not mix with open ones by default.
 */
export const STATUS_FILTERS = [
  'open',
  'NEEDS_CONFIRMATION',
  'CREATED',
  'PREPARING',
  'READY',
  'ISSUED',
  'closed',
  'all',
] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
/** The filter buttons that stand for one status (they take its colour, icon and label). */
export type StatusGroup = Extract<StatusFilter, OrderStatus>;
export const DEFAULT_STATUS_FILTER: StatusFilter = 'open';

/** Which status button an open order counts under: PROCESSING is shown like PREPARING; null for closed orders. */
export function statusGroup(status: OrderStatus): StatusGroup | null {
  if (isFinalOrderStatus(status)) return null;
  if (status === 'PROCESSING') return 'PREPARING';
  return status as StatusGroup;
}

/** How an order status is labelled and coloured: PROCESSING like PREPARING. */
export const shownStatus = (status: OrderStatus): OrderStatus => (status === 'PROCESSING' ? 'PREPARING' : status);

export function countByStatus(orders: readonly Order[]): Record<StatusFilter, number> {
  const counts: Record<StatusFilter, number> = {
    open: 0,
    NEEDS_CONFIRMATION: 0,
    CREATED: 0,
    PREPARING: 0,
    READY: 0,
    ISSUED: 0,
    closed: 0,
    all: 0,
  };
  for (const o of orders) {
    counts.all++;
    const group = statusGroup(o.status);
    if (group) {
      counts.open++;
      counts[group]++;
    } else counts.closed++;
  }
  return counts;
}

export function matchesFilter(order: Order, filter: StatusFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'closed') return isFinalOrderStatus(order.status);
  if (filter === 'open') return isOpenOrderStatus(order.status);
  return statusGroup(order.status) === filter;
}

/**
 * The board's order: guest orders waiting for staff confirmation first (someone has to act on them),
 * the rest as the list has them (newest first). Stable, and the same array when nothing waits.
 */
export function waitingFirst(orders: readonly Order[]): readonly Order[] {
  if (!orders.some((o) => o.status === 'NEEDS_CONFIRMATION')) return orders;
  const waiting = orders.filter((o) => o.status === 'NEEDS_CONFIRMATION');
  return [...waiting, ...orders.filter((o) => o.status !== 'NEEDS_CONFIRMATION')];
}

/**
 * The choices of the status dropdown. PAID records one payment of everything still due, with the method the
 * dialog asks for (split bills, tips and discounts are on the "Close bill" screen); only roles that may close bills
 * get it (`maySetStatus`).
 */
export const STATUS_CHOICES: readonly OrderStatus[] = ['CREATED', 'PREPARING', 'READY', 'ISSUED', 'PAID', 'CANCELLED'];
/** Item statuses a user can pick in the item form (DELETED goes through the void dialog). */
export const ITEM_STATUS_CHOICES: readonly ItemStatus[] = ['CREATED', 'PREPARING', 'READY', 'SERVED'];

/** The quick button of the status dialog: CREATED -> PREPARING -> READY -> ISSUED (served); then the bill. */
export function nextStatus(status: OrderStatus): OrderStatus | null {
  switch (status) {
    case 'CREATED':
      return 'PREPARING';
    case 'NEEDS_CONFIRMATION':
      return null;
    case 'PROCESSING':
    case 'PREPARING':
      return 'READY';
    case 'READY':
      return 'ISSUED';
    default:
      return null;
  }
}

// ---- roles ----

/** What the caller may do on the orders screen: the role matrix (contract roles.ts) for their roles. */
export interface OrderPermissions {
  /** The caller's roles: one tap on an item moves it by `nextItemStatus(roles, status)`. */
  roles: readonly Role[];
  create: boolean;
  editItems: boolean;
  itemStatus: boolean;
  orderStatus: boolean;
  /** Closes bills (payments make an order PAID): the "Close bill" button. */
  closeBill: boolean;
  /** Calls from the tables (for the staff who go to them). */
  answerCalls: boolean;
  delete: boolean;
  /** Voids an item with a reason (one the kitchen started only with a manager's approval). */
  voidItem: boolean;
}

export function orderPermissions(roles: readonly Role[] | undefined): OrderPermissions {
  const held = roles ?? [];
  return {
    roles: held,
    create: mayDo(held, 'create'),
    editItems: mayDo(held, 'editItems'),
    itemStatus: mayDo(held, 'itemStatus'),
    orderStatus: mayDo(held, 'orderStatus'),
    closeBill: mayDo(held, 'closeBill'),
    answerCalls: mayDo(held, 'answerCalls'),
    delete: mayDo(held, 'delete'),
    voidItem: mayDo(held, 'voidItem'),
  };
}

/** Whether the user may pick `status` in the status dialog: what the server lets their roles set (waiters: no PAID). */
export const maySetStatus = (perms: OrderPermissions, status: OrderStatus) =>
  perms.orderStatus && orderStatusesFor(perms.roles).includes(status);

/** Where the cashier closes the bill of an order (the bill screen reads `orderIds`). */
export const billPath = (orderId: number) => `/admin/bill?orderIds=${orderId}`;

/** The receipt of a paid order, printed again from the board. */
export const receiptPath = (orderId: number) => `/admin/receipt?orderIds=${orderId}`;

/** Quantity input: an integer of at least 1 (invalid input becomes 1), at most 99. */
export function normalizeQuantity(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(String(value ?? '').replace(',', '.'));
  if (!Number.isFinite(n) || !Number.isInteger(n) || n < 1) return 1;
  return Math.min(n, 99);
}
