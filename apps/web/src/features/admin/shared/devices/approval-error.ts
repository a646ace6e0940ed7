import { ApiError } from '../../../../api/api-error';
import type { ApprovalValues } from './manager-approval';

/**
 * A refused approval shown under the field it is about (the PIN, else the password): i18n keys by field, or null
 * when the error is not about the approval (the form shows it as it does the others).
 */
export function approvalErrorOf(err: unknown, byPin: boolean): Partial<ApprovalValues> | null {
  if (!(err instanceof ApiError)) return null;
  if (err.messageKey === 'approvalInvalid') return { [byPin ? 'pin' : 'password']: 'errors.approvalInvalid' };
  const detail = err.details.find((d) => d.field.startsWith('approval.'));
  if (detail) return { [detail.field.slice('approval.'.length)]: detail.messageKey };
  return null;
}
