import { useTranslation } from '../lib/i18n';
import { formatOrderDate } from '../lib/format-date';
import { useRestaurantTimeZone } from '../lib/use-place';

/** When an order was placed, on the restaurant's clock and naming its zone (the phone may be elsewhere). */
export function OrderTime({ iso, eateryId }: { iso: string; eateryId: number }) {
  const { i18n } = useTranslation();
  return <>{formatOrderDate(iso, i18n.language, useRestaurantTimeZone(eateryId))}</>;
}
