export const ROLES = ['EATERY_ADMIN', 'KITCHEN_ADMIN', 'WAITER', 'CASHIER'] as const;
export type Role = (typeof ROLES)[number];

/**
 * NEEDS_CONFIRMATION: a guest order of a restaurant where staff confirm guest orders; staff accept it
 * (→ CREATED, the kitchen sees it) or reject it (→ CANCELLED with a reason the guest sees).
 */
export const ORDER_STATUSES = [
  'NEEDS_CONFIRMATION',
  'CREATED',
  'PROCESSING',
  'PREPARING',
  'READY',
  'ISSUED',
  'PAID',
  'CANCELLED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Orders in these states can no longer change. */
export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = ['PAID', 'CANCELLED'];
/**
 * An order in one of these states counts as "open" for a table: everything until it is paid or cancelled. ISSUED
 * (every dish served) is open too: the guest may still add dishes and asks for the bill.
 */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = [
  'NEEDS_CONFIRMATION',
  'CREATED',
  'PROCESSING',
  'PREPARING',
  'READY',
  'ISSUED',
];

export const ITEM_STATUSES = ['CREATED', 'PREPARING', 'READY', 'SERVED', 'DELETED'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

export const TABLE_STATUSES = ['ACTIVE', 'INACTIVE', 'BUSY', 'EMPTY', 'RESERVED'] as const;
export type TableStatus = (typeof TABLE_STATUSES)[number];

export const LANGUAGES = ['az', 'en', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'az';
