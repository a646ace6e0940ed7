import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { tables } from '../../db/schema.js';

/** A table's QR key: 192 random bits, URL-safe (base64url, 32 characters). */
export const newTableKey = () => randomBytes(24).toString('base64url');

/**
 * Gives every table of the restaurant that has no key one, each its own (table keys turned on). Run it in the
 * transaction that turns the setting on: a table created meanwhile gets its key from the create.
 */
export async function keyTablesWithoutKey(ex: Executor, eateryId: number): Promise<void> {
  const withoutKey = and(eq(tables.eateryId, eateryId), isNull(tables.guestKey));
  const rows = await ex.select({ id: tables.id }).from(tables).where(withoutKey).for('update');
  if (rows.length === 0) return;
  const ids = rows.map((r) => r.id);
  const keys = sql.join(
    ids.map((id) => sql`when ${id} then ${newTableKey()}`),
    sql` `,
  );
  await ex
    .update(tables)
    .set({ guestKey: sql`(case ${tables.id} ${keys} end)` })
    .where(and(withoutKey, inArray(tables.id, ids)));
}
