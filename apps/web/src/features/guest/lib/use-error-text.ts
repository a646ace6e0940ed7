import { errorText } from '../../../api/error-text';
import { useTranslation } from './i18n';

/** Turns any thrown value into a translated sentence (api/error-text), with the guest pages' translations. */
export function useErrorText() {
  const { t, i18n } = useTranslation();
  return (err: unknown, fallbackKey?: string): string =>
    errorText(
      err,
      (k) => t(k),
      (k) => i18n.exists(k),
      fallbackKey,
    );
}
