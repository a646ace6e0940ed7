import { useTranslation } from './i18n';
import { formatCents } from './money';
import { useCurrency } from './currency';

/** "12.50 AZN" in the chosen language's number format, with the restaurant's currency. */
export function useMoney() {
  const { i18n } = useTranslation();
  const currency = useCurrency();
  return (cents: number) => `${formatCents(cents, i18n.language)} ${currency}`;
}
