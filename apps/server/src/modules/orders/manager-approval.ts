import { and, eq, sql } from 'drizzle-orm';
import type { ManagerApproval as ApprovalBody } from '@qr-menu/contract';
import type { Executor } from '../../db/client.js';
import { memberships, users } from '../../db/schema.js';
import { AppError } from '../../plugins/app-error.js';
import { verifyPassword } from '../auth/passwords.js';
import { staffName } from '../users/staff-contacts.js';

/**
 * A manager's approval as a change checks it: their e-mail and password, checked in the change's transaction, or a
 * PIN already checked (withPinChecked) and replaced by the manager's name.
 */
export type ManagerApproval = { email: string; password: string } | { pinApprovedBy: string };

/** Checks a manager's PIN typed on the caller's device; answers the manager's name (DevicesService.approvePin). */
export type PinApprover = (pin: string) => Promise<string>;

/**
 * The approval of a request with its PIN checked: a PIN is checked before the change's transaction, since its wrong
 * tries count against the device and must stay counted when the change is refused.
 */
export async function withPinChecked(
  approval: ApprovalBody | undefined,
  approvePin: PinApprover,
): Promise<ManagerApproval | undefined> {
  if (!approval || !('pin' in approval)) return approval;
  return { pinApprovedBy: await approvePin(approval.pin) };
}

/**
 * The name of the manager approving on someone else's screen: an EATERY_ADMIN of restaurant `eateryId` whose e-mail
 * and password these are (or whose PIN was checked). Anything else (unknown e-mail, wrong password, not a manager
 * here) is one answer, 403 `approvalInvalid`, that does not say which; an unknown e-mail takes as long as a wrong
 * password.
 */
export async function approvingManager(ex: Executor, eateryId: number, approval: ManagerApproval): Promise<string> {
  if ('pinApprovedBy' in approval) return approval.pinApprovedBy;
  const [row] = await ex
    .select({ hash: users.passwordHash, name: users.name, email: users.email, roles: memberships.roles })
    .from(users)
    .leftJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.eateryId, eateryId)))
    .where(eq(sql`lower(${users.email})`, approval.email.trim().toLowerCase()));
  const ok = await verifyPassword(row?.hash, approval.password.normalize('NFC'));
  if (!row || !ok || !row.roles?.includes('EATERY_ADMIN')) throw new AppError(403, 'approvalInvalid');
  // For the audit entry of what they approved, which only admins read: the name, else the e-mail.
  return staffName(row, true);
}
