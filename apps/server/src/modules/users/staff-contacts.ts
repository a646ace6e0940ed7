import { eq } from 'drizzle-orm';
import type { Role } from '@qr-menu/contract';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema.js';

/**
 * Need to know: staff e-mails (the login) and phones are personal data that only the restaurant's admins need (to
 * manage the accounts). Everyone else gets names: the staff list with the e-mail null and no phones, and wherever an
 * answer names a staff member (who acknowledged a call, took a payment, closed a bill, is assigned to a table) the
 * name only.
 */
export const seesStaffContacts = (eatery: { roles: readonly Role[] }): boolean => eatery.roles.includes('EATERY_ADMIN');

interface StaffNames {
  name: string | null;
  email: string;
}

/**
 * A staff member named in an answer, as its reader may see them: for an admin (`contacts`) the name, else the
 * e-mail; for anyone else the name, else null (an account without a name, e.g. from an older version).
 */
export function staffName(user: StaffNames, contacts: true): string;
export function staffName(user: StaffNames, contacts: boolean): string | null;
export function staffName(user: StaffNames, contacts: boolean): string | null {
  if (user.name) return user.name;
  return contacts ? user.email : null;
}

/**
 * How a record names the person who made it (an audit entry, a drawer, a Z report): the name, else the e-mail, copied
 * in so that the record outlives the account; '' when the account is gone. Only admins read those names with e-mails.
 */
export async function recordedName(ex: Executor, userId: number): Promise<string> {
  const [user] = await ex.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  return user ? staffName(user, true) : '';
}
