/** Business limits (image size, name lengths, quantities, timings) shared by server and web. */
export const LIMITS = {
  imageBytes: 3_145_728,
  /** The largest photo the browser takes to shrink and convert before upload (a phone's photo is 5–15 MB). */
  pickedImageBytes: 41_943_040,
  imageMaxPx: 1600,
  webpQuality: 0.8,
  personName: { min: 2, max: 50 },
  restaurantName: { min: 2, max: 100 },
  passwordMin: 8,
  defaultSeats: 4,
  quantity: { min: 1, max: 99 },
  jsonBodyBytes: 1_048_576,
  frontendLogBytes: 16_384,
  mobileBreakpointPx: 768,
  registerRedirectMs: 5000,
  socketConnectDelayMs: 1000,
  socketReconnectMs: 5000,
  fallbackRefreshMs: 300_000,
  guestPollMs: 10_000,
  storedIdPollMs: 1000,
  languageCookieSeconds: 31_536_000,
  defaultMenuEateryId: 2,
} as const;

/** Longest note of one order item (staff and guest). */
export const ORDER_NOTE_MAX = 500;
/** Items in one create / add-dishes request. */
export const ORDER_ITEMS_MAX = 50;
/** Lines one order may hold in all (voided ones included), however many additions brought them. */
export const ORDER_LINES_MAX = 100;
/** Largest page of the staff orders list (`limit` query parameter), newest first. */
export const ORDER_LIST_MAX = 1000;
/** Page of the staff orders list when no `limit` is sent; `X-Next-Cursor` says when more exist. */
export const ORDER_PAGE_SIZE = 200;
/** Note of a whole guest order (an item note is limited to ORDER_NOTE_MAX = 500). */
export const GUEST_ORDER_NOTE_MAX = 1000;
/** Longest note of one guest item. */
export const GUEST_ITEM_NOTE_MAX = ORDER_NOTE_MAX;
/** Longest accepted `Idempotency-Key` header. */
export const IDEMPOTENCY_KEY_MAX = 100;
/**
 * How long a guest reads "the waiter is on the way" after staff acknowledged the call: a waiter who answered has come
 * by then, and saying it later would mislead. A bill call's notice ends sooner when the bill is paid; a new call of
 * the same kind replaces it.
 */
export const CALL_ON_THE_WAY_MS = 5 * 60_000;

/**
 * What one restaurant may hold at most. Generous numbers that a real restaurant never meets: they exist so that one
 * tenant cannot grow a menu (or staff, or tables) large enough to slow every other tenant on the same server.
 * Past a cap, creating answers 400 `limitReached` with params `{ max, what }` (`what` one of these keys) and stores
 * nothing. Dishes count the live ones (archived dishes are history, not menu); staff counts the restaurant's
 * memberships. Lines per order are ORDER_LINES_MAX; option groups per dish are OPTION_LIMITS.groups.
 */
export const TENANT_LIMITS = {
  dishes: 1000,
  categories: 100,
  tables: 500,
  staff: 200,
} as const;

/** What TENANT_LIMITS caps: the `what` of a `limitReached` error. */
export type TenantLimitKind = keyof typeof TENANT_LIMITS;
/** Caps of the same kinds as TENANT_LIMITS (tests build the server with smaller ones). */
export type TenantLimits = Record<TenantLimitKind, number>;
