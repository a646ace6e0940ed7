import { managerApprovalField, type ManagerApproval } from '@qr-menu/contract';
import { zodFormErrors } from '../../../../components/form-errors';

/** A manager's approval as typed on a staff member's screen. */
export interface ApprovalValues {
  email: string;
  password: string;
  pin: string;
}

export const emptyApproval = (): ApprovalValues => ({ email: '', password: '', pin: '' });

/**
 * What is sent: the manager's PIN on a session opened with a PIN on a registered device (`byPin`: the server takes a
 * PIN approval only there), else their e-mail and password.
 */
export const approvalBody = (values: ApprovalValues, byPin: boolean): ManagerApproval =>
  byPin ? { pin: values.pin } : { email: values.email, password: values.password };

/** The contract's rules of the approval as i18n keys by field (`email`, `password`, `pin`). */
export const approvalErrors = (values: ApprovalValues, byPin: boolean): Partial<ApprovalValues> =>
  zodFormErrors(managerApprovalField, approvalBody(values, byPin));
