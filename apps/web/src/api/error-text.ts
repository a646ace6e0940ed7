import { ApiError } from './api-error';

/**
 * Turns any thrown value into a translated sentence: the server's messageKey, else its message, else a fallback.
 * Takes the translator so that the admin (i18next) and the guest pages (their own small t()) share the rule.
 */
export function errorText(
  err: unknown,
  t: (key: string) => string,
  exists: (key: string) => boolean,
  fallbackKey = 'errors.unknown',
): string {
  if (err instanceof ApiError) {
    if (err.messageKey && exists(`errors.${err.messageKey}`)) return t(`errors.${err.messageKey}`);
    return err.message || t(fallbackKey);
  }
  if (err instanceof TypeError) return t('errors.network');
  if (err instanceof Error && err.message) return err.message;
  return t(fallbackKey);
}
