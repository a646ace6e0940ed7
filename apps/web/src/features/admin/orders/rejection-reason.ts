import { rejectionReasonKey } from '@qr-menu/contract/constants';
import { useTranslation } from 'react-i18next';

/**
 * Rejection reasons as staff read them: a common reason (`preset:<key>`) in the staff's language
 * (orders.reject.reasons.*), one written by hand as written. For every staff screen that shows a reason.
 */
export function useRejectionReasonText() {
  const { t } = useTranslation();
  return (reason: string): string => {
    const key = rejectionReasonKey(reason);
    return key ? t(`orders.reject.reasons.${key}`) : reason;
  };
}
