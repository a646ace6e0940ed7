import { ORDER_STATUSES, type ItemStatus, type OrderStatus, type Role } from './enums.js';

/**
 * The role matrix: who may do what in a restaurant. The server's access checks (a route's `config.access`, the
 * field-level checks of orders) and the web's menus and buttons read this one table, so a screen never offers what
 * the server refuses. Zod-free: guest and staff pages may import it from `@qr-menu/contract/constants`.
 */
export const ROLE_MATRIX = {
  /** Edit the restaurant, its menu, tables, QR codes, users and assignments; reports. */
  manage: ['EATERY_ADMIN'],
  /** The tables screen (waiters see the tables and their QR codes there). */
  tables: ['EATERY_ADMIN', 'WAITER'],
  /** Kitchen departments (stations). */
  departments: ['EATERY_ADMIN', 'KITCHEN_ADMIN'],
  /** Place an order for a table. */
  create: ['EATERY_ADMIN', 'WAITER', 'CASHIER'],
  /** Add, edit and remove an order's items. */
  editItems: ['EATERY_ADMIN', 'WAITER', 'CASHIER'],
  /** Change an item's status; which moves each role may make: `canSetItemStatus`. */
  itemStatus: ['EATERY_ADMIN', 'KITCHEN_ADMIN', 'WAITER'],
  /** Change an order's status; which statuses each role may set: `orderStatusesFor`. */
  orderStatus: ['EATERY_ADMIN', 'CASHIER', 'WAITER'],
  /** Accept or reject guest orders waiting for staff confirmation. */
  confirm: ['EATERY_ADMIN', 'WAITER', 'CASHIER'],
  /** Delete an order. */
  delete: ['EATERY_ADMIN'],
  /** Close bills: take payments, which make the orders PAID. */
  closeBill: ['EATERY_ADMIN', 'CASHIER'],
  /** Give a bill a discount: a cashier with a manager approving (`approveMoney`). */
  discount: ['EATERY_ADMIN', 'CASHIER'],
  /** Refund money paid on a bill (a negative payment, with a reason): a cashier with a manager approving. */
  refund: ['EATERY_ADMIN', 'CASHIER'],
  /** Give a discount or a refund without a manager approving on the screen (their e-mail and password, or PIN). */
  approveMoney: ['EATERY_ADMIN'],
  /** Reopen a paid or cancelled order (with a reason). */
  reopen: ['EATERY_ADMIN'],
  /**
   * Void an item the kitchen has not started (with a reason). Once it started or was served, a void needs a manager:
   * `approveVoid` (the caller, or a manager approving on the caller's screen).
   */
  voidItem: ['EATERY_ADMIN', 'WAITER', 'CASHIER'],
  /** Approve the void of an item the kitchen started or that was served. */
  approveVoid: ['EATERY_ADMIN'],
  /** Read the Z report of a day (the cashier counts the drawer against it). */
  zReport: ['EATERY_ADMIN', 'CASHIER'],
  /** Open, move cash in and out of, and close a cash drawer (one's own; an admin any). */
  drawer: ['EATERY_ADMIN', 'CASHIER'],
  /** Open a closed business day again. */
  reopenDay: ['EATERY_ADMIN'],
  /** The audit log: voids, discounts, refunds, reopens, status, price, availability, role and password changes. */
  audit: ['EATERY_ADMIN'],
  /** The kitchen display: tickets, bump, recall, sold out. */
  kitchen: ['EATERY_ADMIN', 'KITCHEN_ADMIN'],
  /** The floor (tables with their orders and calls). */
  floor: ['EATERY_ADMIN', 'WAITER', 'CASHIER'],
  /** Calls from the tables are for the staff who go to them, not for the kitchen. */
  answerCalls: ['EATERY_ADMIN', 'WAITER', 'CASHIER'],
  /** Serve every ready dish of a table at once: the roles `canSetItemStatus` lets serve (READY → SERVED). */
  serveReady: ['EATERY_ADMIN', 'WAITER'],
  /** Fire a held course of an order: its lines go to the kitchen. */
  fireCourse: ['EATERY_ADMIN', 'WAITER', 'CASHIER'],
  /** Move an order or its lines to another table, merge two checks, split a check. */
  moveOrders: ['EATERY_ADMIN', 'WAITER', 'CASHIER'],
  /** Set a dish's portions left (counted stock): the kitchen and the managers, like the sold-out switch. */
  stock: ['EATERY_ADMIN', 'KITCHEN_ADMIN'],
  /** See the printers' state and waiting jobs, and reprint a ticket: everyone who works the service. */
  printing: ['EATERY_ADMIN', 'KITCHEN_ADMIN', 'WAITER', 'CASHIER'],
  /** Print a pre-bill or a receipt on the till printer. */
  printBill: ['EATERY_ADMIN', 'WAITER', 'CASHIER'],
} as const satisfies Record<string, readonly Role[]>;
export type Action = keyof typeof ROLE_MATRIX;

/** Whether someone holding `roles` (any of them) may do `action`. */
export function mayDo(roles: readonly Role[] | undefined, action: Action): boolean {
  const allowed: readonly Role[] = ROLE_MATRIX[action];
  return (roles ?? []).some((r) => allowed.includes(r));
}

// ---- Who may set which status, by role: the server enforces these, screens show only what is allowed ----

/** The item statuses of the kitchen: it moves items among these only (it never serves or deletes them). */
export const KITCHEN_ITEM_STATUSES: readonly ItemStatus[] = ['CREATED', 'PREPARING', 'READY'];

/**
 * Whether staff holding `roles` may move an item from `from` to `to` (PUT .../items/{itemId}): EATERY_ADMIN and
 * WAITER any move (a waiter serves READY items, and marks items where no kitchen screen does); KITCHEN_ADMIN only
 * among CREATED, PREPARING and READY; CASHIER never (a cashier removes an item with DELETE .../items/{itemId}).
 */
export function canSetItemStatus(roles: readonly Role[], from: ItemStatus, to: ItemStatus): boolean {
  if (roles.includes('EATERY_ADMIN') || roles.includes('WAITER')) return true;
  return roles.includes('KITCHEN_ADMIN') && KITCHEN_ITEM_STATUSES.includes(from) && KITCHEN_ITEM_STATUSES.includes(to);
}

/**
 * Whether voiding an item in status `status` needs a manager's approval: once the kitchen started it (PREPARING,
 * READY) or it was served. An item still CREATED is voided by any `voidItem` role with a reason.
 */
export const voidNeedsManager = (status: ItemStatus): boolean => status !== 'CREATED' && status !== 'DELETED';

/** The usual next step of an item (one tap on a staff screen), or null when it has none. */
const NEXT_ITEM_STATUS: Partial<Record<ItemStatus, ItemStatus>> = {
  CREATED: 'PREPARING',
  PREPARING: 'READY',
  READY: 'SERVED',
};

/**
 * The status one tap on an item moves it to: its next step, when these roles may make that move (the server would
 * refuse anything else), else null. The kitchen stops at READY; a cashier has no step.
 */
export function nextItemStatus(roles: readonly Role[], status: ItemStatus): ItemStatus | null {
  const next = NEXT_ITEM_STATUS[status];
  return next && canSetItemStatus(roles, status, next) ? next : null;
}

/**
 * Every status but NEEDS_CONFIRMATION: only a new guest order starts there; staff leave it with accept or
 * reject, never enter it.
 */
const STAFF_SETTABLE_STATUSES = ORDER_STATUSES.filter((s) => s !== 'NEEDS_CONFIRMATION');

/**
 * The order statuses staff holding `roles` may set with PUT .../orders/{orderId}: EATERY_ADMIN and CASHIER every
 * status but NEEDS_CONFIRMATION, WAITER those but PAID (a waiter marks an order ISSUED: served), KITCHEN_ADMIN none
 * (the kitchen moves items; the order follows them).
 */
export function orderStatusesFor(roles: readonly Role[]): OrderStatus[] {
  if (roles.includes('EATERY_ADMIN') || roles.includes('CASHIER')) return [...STAFF_SETTABLE_STATUSES];
  if (roles.includes('WAITER')) return STAFF_SETTABLE_STATUSES.filter((s) => s !== 'PAID');
  return [];
}
