import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { SetupProgress } from '@qr-menu/contract';
import type { Db } from '../../db/client.js';
import { dishes, eateries, memberships, orders, tables } from '../../db/schema.js';
import { notFound } from '../../plugins/app-error.js';

/**
 * What a restaurant has so far, for the owner's start checklist, in one query: counts of what the tenant caps bound
 * (dishes, tables, staff: cheap), and only whether an order exists (a busy restaurant's orders are never counted).
 */
export async function setupProgress(db: Db, eateryId: number): Promise<SetupProgress> {
  const count = sql<number>`count(*)::int`;
  const [row] = await db
    .select({
      address: sql<boolean>`${eateries.address} <> ''`,
      phone: sql<boolean>`jsonb_array_length(${eateries.phones}) > 0`,
      dishes: sql<number>`(${db
        .select({ n: count })
        .from(dishes)
        .where(and(eq(dishes.eateryId, eateryId), isNull(dishes.archivedAt)))})`,
      tables: sql<number>`(${db.select({ n: count }).from(tables).where(eq(tables.eateryId, eateryId))})`,
      staff: sql<number>`(${db
        .select({ n: count })
        .from(memberships)
        .where(and(eq(memberships.eateryId, eateryId), ne(memberships.userId, eateries.ownerId)))})`,
      hasOrders: sql<boolean>`exists (${db
        .select({ one: sql`1` })
        .from(orders)
        .where(eq(orders.eateryId, eateryId))})`,
    })
    .from(eateries)
    .where(eq(eateries.id, eateryId));
  if (!row) throw notFound();
  return {
    address: Boolean(row.address),
    phone: Boolean(row.phone),
    dishes: Number(row.dishes),
    tables: Number(row.tables),
    staff: Number(row.staff),
    hasOrders: Boolean(row.hasOrders),
  };
}
