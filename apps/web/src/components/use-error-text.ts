import { useTranslation } from 'react-i18next';
import { errorText } from '../api/error-text';

/** Turns any thrown value into a translated sentence: server messageKey, else its message, else a fallback. */
export function useErrorText() {
  const { t, i18n } = useTranslation();
  return (err: unknown, fallbackKey?: string): string =>
    errorText(
      err,
      (k, options) => t(k, options),
      (k) => i18n.exists(k),
      fallbackKey,
    );
}
