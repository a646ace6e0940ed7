import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { differenceSign, formatSignedAmount } from '../shared/money-format';

const COLOR = { over: 'teal', short: 'red', even: undefined } as const;

/**
 * A drawer's over/short: the sign always written (+1.00 over, −1.00 short), green when over, red when short, and the
 * word for it, so it reads without the colour.
 */
export function Difference({ amount, withWord = false }: { amount: number; withWord?: boolean }) {
  const { t, i18n } = useTranslation();
  const sign = differenceSign(amount);
  return (
    <Text span inherit fw={600} c={COLOR[sign]} data-sign={sign} data-testid="drawer-difference">
      {formatSignedAmount(amount, i18n.language)}
      {withWord && ` (${t(`drawers.close.${sign}`)})`}
    </Text>
  );
}
