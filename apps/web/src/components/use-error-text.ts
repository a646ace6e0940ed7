import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/api-error';

/** Turns any thrown value into a translated sentence: server messageKey, else its message, else a fallback. */
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
