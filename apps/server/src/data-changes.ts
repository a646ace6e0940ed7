/**
 * What a write changed, as the caches in memory need to know it. The one way to say "this changed": a service
 * publishes it right after its transaction committed (never after a rollback: a failed transaction throws before
 * the publish), and every instance's caches hear it (plugins/realtime.ts carries it to the other instances).
 *
 * - menu: what a restaurant's guests see of its menu: categories, dishes (availability too), tables, kitchen
 *   departments. Drops its guest menu and its orders list (a deleted table or dish shows in its orders).
 * - settings: the restaurant's own row: name, time zone, currency, languages, logo, opening hours, table keys.
 *   Drops the same as menu (the time zone moves the orders list's days).
 * - orders: orders or their items of these restaurants (order events say it for the orders they carry).
 * - access: memberships, roles, users or restaurants: who may do what where.
 */
export type PublishedChange =
  | { kind: 'menu'; eateryId: number }
  | { kind: 'settings'; eateryId: number }
  | { kind: 'orders'; eateryIds: readonly number[] }
  | { kind: 'access' };

/** A change as the caches hear it: a published one, or 'everything' when changes from other instances may be lost. */
export type DataChange = PublishedChange | { kind: 'everything' };

/** Where services publish their changes (app.realtime; nowhere for a script such as the demo seed). */
export interface ChangePublisher {
  publish(change: PublishedChange): void;
}

/** Drops every change: for a script that runs no server (no cache to keep current). */
export const noChanges: ChangePublisher = { publish: () => {} };
