import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { TenantLimitKind, TenantLimits } from '@qr-menu/contract';
import type { Tx } from '../db/client.js';
import { categories, dishes, eateries, memberships, tables } from '../db/schema.js';
import { AppError, notFound } from '../plugins/app-error.js';

/**
 * The caps of TENANT_LIMITS (contract limits.ts) on what one restaurant holds. Every path that creates dishes,
 * categories, tables or staff calls assertRoomFor in the transaction that inserts them, before inserting.
 */

/** 400 `limitReached`: the restaurant may hold at most `max` of `what`. */
export const limitReached = (what: TenantLimitKind, max: number) =>
  new AppError(400, 'limitReached', undefined, { max, what });

/** The rows a cap counts: live dishes (archived ones are order history, not menu), and the restaurant's staff. */
function heldRows(eateryId: number, what: TenantLimitKind): { from: PgTable; where: SQL | undefined } {
  switch (what) {
    case 'dishes':
      return { from: dishes, where: and(eq(dishes.eateryId, eateryId), isNull(dishes.archivedAt)) };
    case 'categories':
      return { from: categories, where: eq(categories.eateryId, eateryId) };
    case 'tables':
      return { from: tables, where: eq(tables.eateryId, eateryId) };
    case 'staff':
      return { from: memberships, where: eq(memberships.eateryId, eateryId) };
  }
}

/**
 * Refuses (400 limitReached, `{ max, what }`) when `adding` more of `what` would take the restaurant past its cap;
 * 404 when the restaurant is gone. Call it in the transaction that inserts them, before inserting: it locks the
 * restaurant's row until that transaction ends, so a second create of the same restaurant waits here and counts
 * after the first committed; two creates at the edge cannot both pass. The lock is FOR NO KEY UPDATE, not FOR
 * UPDATE: inserts elsewhere that point at the restaurant (an order) check their foreign key with FOR KEY SHARE,
 * which this lock does not block.
 */
export async function assertRoomFor(
  tx: Tx,
  eateryId: number,
  what: TenantLimitKind,
  limits: TenantLimits,
  adding = 1,
): Promise<void> {
  const [eatery] = await tx
    .select({ id: eateries.id })
    .from(eateries)
    .where(eq(eateries.id, eateryId))
    .for('no key update');
  if (!eatery) throw notFound();
  const rows = heldRows(eateryId, what);
  const [held] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(rows.from)
    .where(rows.where);
  if (held.n + adding > limits[what]) throw limitReached(what, limits[what]);
}
