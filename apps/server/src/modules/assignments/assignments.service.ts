import { and, asc, eq, sql } from 'drizzle-orm';
import type { TableAssignment } from '@qr-menu/contract';
import type { Db } from '../../db/client.js';
import { memberships, tableAssignments, tables, users } from '../../db/schema.js';
import { notFound, validationError, isForeignKeyViolation } from '../../plugins/app-error.js';

/**
 * The columns of an assignment. The waiter's name, else (need to know, as for the staff list: users.service.ts
 * seesStaffContacts) their e-mail for admins only; other roles get '' for a waiter without a name, which the web
 * shows as "unknown waiter". Admins see e-mails in the staff list anyway; nobody else learns one through a name.
 */
const columnsFor = (withEmail: boolean) => ({
  id: tableAssignments.id,
  waiterId: tableAssignments.waiterId,
  tableId: tableAssignments.tableId,
  waiterName: withEmail
    ? sql<string>`coalesce(nullif(${users.name}, ''), ${users.email})`
    : sql<string>`coalesce(${users.name}, '')`,
});
const columns = columnsFor(true);

/**
 * Waiters assigned to tables. Only this restaurant's tables (404 otherwise) and only users holding
 * WAITER here (another restaurant's user: 404; a member without WAITER: 400 on `waiterId`).
 * Assigning twice is idempotent: the existing assignment comes back with 200 instead of 201.
 */
export class AssignmentsService {
  constructor(private readonly db: Db) {}

  /** `withEmail`: the caller is an admin here (a waiter without a name shows as their e-mail, else as ''). */
  async list(eateryId: number, withEmail: boolean): Promise<TableAssignment[]> {
    return this.db
      .select(columnsFor(withEmail))
      .from(tableAssignments)
      .innerJoin(users, eq(users.id, tableAssignments.waiterId))
      .where(eq(tableAssignments.eateryId, eateryId))
      .orderBy(asc(tableAssignments.id));
  }

  async assign(
    eateryId: number,
    body: { waiterId: number; tableId: number },
  ): Promise<{ created: boolean; assignment: TableAssignment }> {
    const [table] = await this.db
      .select({ id: tables.id })
      .from(tables)
      .where(and(eq(tables.id, body.tableId), eq(tables.eateryId, eateryId)));
    if (!table) throw notFound();
    const [member] = await this.db
      .select({ roles: memberships.roles })
      .from(memberships)
      .where(and(eq(memberships.userId, body.waiterId), eq(memberships.eateryId, eateryId)));
    if (!member) throw notFound();
    if (!member.roles.includes('WAITER')) {
      throw validationError('waiterId', 'validation.notWaiter');
    }
    const inserted = await this.db
      .insert(tableAssignments)
      .values({ eateryId, tableId: body.tableId, waiterId: body.waiterId })
      .onConflictDoNothing()
      .returning({ id: tableAssignments.id })
      .catch((err: unknown) => {
        // The table or the account was deleted a moment ago.
        if (isForeignKeyViolation(err)) throw notFound();
        throw err;
      });
    const created = inserted.length > 0;
    // Only admins assign: the name may fall back to the e-mail.
    const [assignment] = await this.db
      .select(columns)
      .from(tableAssignments)
      .innerJoin(users, eq(users.id, tableAssignments.waiterId))
      .where(and(eq(tableAssignments.tableId, body.tableId), eq(tableAssignments.waiterId, body.waiterId)));
    if (!assignment) throw notFound(); // unassigned concurrently
    return { created, assignment };
  }

  async remove(eateryId: number, assignmentId: number): Promise<void> {
    const deleted = await this.db
      .delete(tableAssignments)
      .where(and(eq(tableAssignments.id, assignmentId), eq(tableAssignments.eateryId, eateryId)))
      .returning({ id: tableAssignments.id });
    if (deleted.length === 0) throw notFound();
  }
}
