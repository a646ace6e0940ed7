import { ApiError } from '../../../api/api-error';
import { useTranslation } from './i18n';

/**
 * Turns any thrown value into a translated sentence: server messageKey, else its message, else a fallback (the
 * app's components/use-error-text, with the guest pages' translations).
 */
export function useErrorText() {
  const { t, i18n } = useTranslation();
  return (err: unknown, fallbackKey = 'errors.unknown'): string => {
    if (err instanceof ApiError) {
      if (err.messageKey && i18n.exists(`errors.${err.messageKey}`)) return t(`errors.${err.messageKey}`);
      return err.message || t(fallbackKey);
    }
    if (err instanceof TypeError) return t('errors.network');
    if (err instanceof Error && err.message) return err.message;
    return t(fallbackKey);
  };
}
