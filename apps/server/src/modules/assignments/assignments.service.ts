import { and, asc, eq } from 'drizzle-orm';
import type { TableAssignment } from '@qr-menu/contract';
import type { Db } from '../../db/client.js';
import { memberships, tableAssignments, tables, users } from '../../db/schema.js';
import { notFound, validationError, isForeignKeyViolation } from '../../plugins/app-error.js';
import { staffName } from '../users/staff-contacts.js';

/** The columns of an assignment, with the waiter's name and e-mail (`toAssignment` decides what the reader gets). */
const columns = {
  id: tableAssignments.id,
  waiterId: tableAssignments.waiterId,
  tableId: tableAssignments.tableId,
  name: users.name,
  email: users.email,
};

/**
 * An assignment as the reader may see it (need to know: users/staff-contacts.ts): the waiter's name, else their
 * e-mail for admins only; other roles get '' for a waiter without a name, which the web shows as "unknown waiter".
 */
function toAssignment(
  row: { id: number; waiterId: number; tableId: number; name: string | null; email: string },
  contacts: boolean,
): TableAssignment {
  return {
    id: row.id,
    waiterId: row.waiterId,
    tableId: row.tableId,
    waiterName: staffName(row, contacts) ?? '',
  };
}

/**
 * Waiters assigned to tables. Only this restaurant's tables (404 otherwise) and only users holding
 * WAITER here (another restaurant's user: 404; a member without WAITER: 400 on `waiterId`).
 * Assigning twice is idempotent: the existing assignment comes back with 200 instead of 201.
 */
export class AssignmentsService {
  constructor(private readonly db: Db) {}

  /** `contacts`: the caller is an admin here (seesStaffContacts): a waiter without a name shows as their e-mail. */
  async list(eateryId: number, contacts: boolean): Promise<TableAssignment[]> {
    const rows = await this.db
      .select(columns)
      .from(tableAssignments)
      .innerJoin(users, eq(users.id, tableAssignments.waiterId))
      .where(eq(tableAssignments.eateryId, eateryId))
      .orderBy(asc(tableAssignments.id));
    return rows.map((row) => toAssignment(row, contacts));
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
    const [row] = await this.db
      .select(columns)
      .from(tableAssignments)
      .innerJoin(users, eq(users.id, tableAssignments.waiterId))
      .where(and(eq(tableAssignments.tableId, body.tableId), eq(tableAssignments.waiterId, body.waiterId)));
    if (!row) throw notFound(); // unassigned concurrently
    return { created, assignment: toAssignment(row, true) };
  }

  async remove(eateryId: number, assignmentId: number): Promise<void> {
    const deleted = await this.db
      .delete(tableAssignments)
      .where(and(eq(tableAssignments.id, assignmentId), eq(tableAssignments.eateryId, eateryId)))
      .returning({ id: tableAssignments.id });
    if (deleted.length === 0) throw notFound();
  }
}
