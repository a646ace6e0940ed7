import { useTranslation } from './i18n';
import { formatCents } from './money';

/** "12.50 AZN" in the chosen language's number format. */
export function useMoney() {
  const { t, i18n } = useTranslation();
  return (cents: number) => `${formatCents(cents, i18n.language)} ${t('client.currency')}`;
}
