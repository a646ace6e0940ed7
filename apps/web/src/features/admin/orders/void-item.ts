import {
  mayDo,
  orderItemVoidBody,
  voidNeedsManager,
  type ItemStatus,
  type OrderItemVoidBody,
  type Role,
} from '@qr-menu/contract';
import { zodFormErrors } from '../../../components/form-errors';
import { approvalBody, emptyApproval, type ApprovalValues } from '../shared/devices/manager-approval';

/**
 * The quick picks of the void dialog (orders.void.reasons.*): one tap fills the reason in the staff's language,
 * which is what is sent and kept in the audit log; it stays editable.
 */
export const VOID_REASONS = ['changedMind', 'wrongItem', 'unavailable', 'quality'] as const;

export interface VoidFormValues {
  reason: string;
  /**
   * A manager's approval, when the void needs one and the caller is not one: their PIN on a registered device's PIN
   * session, else their e-mail and password (approvalBody).
   */
  approval: ApprovalValues;
}

export const emptyVoidForm = (): VoidFormValues => ({ reason: '', approval: emptyApproval() });

/**
 * Whether voiding an item in `status` asks for a manager's e-mail and password on this screen: the kitchen started
 * it (or it was served) and the caller may not approve voids themselves.
 */
export const asksApproval = (roles: readonly Role[], status: ItemStatus): boolean =>
  voidNeedsManager(status) && !mayDo(roles, 'approveVoid');

/** The DELETE body of the form: the approval only when it is asked for (`byPin`: as a PIN). */
export const voidBody = (values: VoidFormValues, withApproval: boolean, byPin = false): OrderItemVoidBody => ({
  reason: values.reason,
  ...(withApproval ? { approval: approvalBody(values.approval, byPin) } : {}),
});

/**
 * The rules of the void form as i18n keys under the form's paths (`reason`, `approval.email`,
 * `approval.password`): the contract's, so the dialog says what the server would.
 */
export const validateVoid = (values: VoidFormValues, withApproval: boolean, byPin = false): Record<string, string> =>
  zodFormErrors(orderItemVoidBody, voidBody(values, withApproval, byPin));

/** The server's paths of the void body are the form's own. */
const FIELDS = ['reason', 'approval.email', 'approval.password', 'approval.pin'];
export const voidFieldOf = (path: string) => (FIELDS.includes(path) ? path : undefined);
