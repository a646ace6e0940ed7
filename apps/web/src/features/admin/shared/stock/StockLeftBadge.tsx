import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import './stock-texts';

/** "6 left" on a counted dish ("None left" at 0, red); nothing for a dish whose portions are not counted. */
export function StockLeftBadge({ stockCount }: { stockCount: number | null | undefined }) {
  const { t } = useTranslation();
  if (stockCount === null || stockCount === undefined) return null;
  return (
    <Badge color={stockCount === 0 ? 'red' : 'blue'} variant="light" tt="none" w="fit-content" data-testid="stock-left">
      {stockCount === 0 ? t('stock.none') : t('stock.left', { count: stockCount })}
    </Badge>
  );
}
