import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { eateries, kitchenDepartments } from '../../db/schema.js';
import { notFound } from '../../plugins/app-error.js';

/** What the kitchen routes read besides orders: the station (a kitchen department) and the board's thresholds. */

/** 404 unless the kitchen department is this restaurant's. */
export async function assertStation(db: Db, eateryId: number, departmentId: number): Promise<void> {
  const [row] = await db
    .select({ id: kitchenDepartments.id })
    .from(kitchenDepartments)
    .where(and(eq(kitchenDepartments.id, departmentId), eq(kitchenDepartments.eateryId, eateryId)));
  if (!row) throw notFound();
}

/** The minutes after which a ticket turns amber, then red (the restaurant's settings). */
export async function kitchenThresholds(
  db: Db,
  eateryId: number,
): Promise<{ amberMinutes: number; redMinutes: number }> {
  const [row] = await db
    .select({ amberMinutes: eateries.kitchenAmberMinutes, redMinutes: eateries.kitchenRedMinutes })
    .from(eateries)
    .where(eq(eateries.id, eateryId));
  if (!row) throw notFound();
  return row;
}
