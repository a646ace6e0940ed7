import { ROLE_MATRIX, type ManagerApproval as ApprovalBody } from '@qr-menu/contract';
import type { Executor } from '../../db/client.js';
import { hasRole, type EateryContext } from '../../plugins/access.js';
import { AppError } from '../../plugins/app-error.js';
import { approvingManager, withPinChecked, type PinApprover } from '../orders/manager-approval.js';

/**
 * Who approves a discount or a refund: nobody needs to when the caller may give them alone (ROLE_MATRIX.approveMoney:
 * null); anyone else (a cashier) sends a manager's approval, e-mail and password or PIN on a registered device (403
 * managerApprovalRequired without one, approvalInvalid when it is wrong). The manager's name goes into the audit
 * entry.
 */
export async function moneyApprovedBy(
  ex: Executor,
  eatery: EateryContext,
  approval: ApprovalBody | undefined,
  approvePin: PinApprover,
): Promise<string | null> {
  if (hasRole(eatery, ROLE_MATRIX.approveMoney)) return null;
  if (!approval) throw new AppError(403, 'managerApprovalRequired');
  const checked = await withPinChecked(approval, approvePin);
  return approvingManager(ex, eatery.id, checked!);
}
