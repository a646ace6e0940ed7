import { useEffect, useState } from 'react';
import { NumberInput, type MantineSize } from '@mantine/core';
import { STOCK_COUNT_MAX, STOCK_V, type DishStock } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../api/client';
import { useErrorText } from '../../../../components/use-error-text';
import { useDishStock } from './stock-api';
import './stock-texts';

/** The typed text as a count: '' is "not counted" (null); anything but a whole 0..STOCK_COUNT_MAX is undefined. */
export function parseStockCount(value: string | number): number | null | undefined {
  if (value === '' || value === null) return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(n) && n >= 0 && n <= STOCK_COUNT_MAX ? n : undefined;
}

/**
 * A dish's portions left (counted stock), saved as soon as the field is left or Enter is pressed: empty is "not
 * counted", 0 sells the dish out. A count the server refuses shows under the field, and the field goes back to it.
 */
export function StockCountInput({
  eateryId,
  dishId,
  name,
  stockCount,
  size = 'md',
  withLabel = false,
  onSaved,
}: {
  eateryId: number;
  dishId: number;
  /** The dish's name, for the field's accessible label. */
  name: string;
  stockCount: number | null | undefined;
  size?: MantineSize;
  /** A visible label and hint (a form); else only an accessible one (a list row). */
  withLabel?: boolean;
  /** After a count was saved: the dish's count and availability now (0 sold it out, a count may bring it back). */
  onSaved?: (answer: DishStock) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const stock = useDishStock(eateryId);
  const given = stockCount ?? null;
  // The count as last saved: given by the list, or answered by the server since.
  const [saved, setSaved] = useState(given);
  const [value, setValue] = useState<string | number>(given ?? '');
  const [invalid, setInvalid] = useState(false);
  // A count changed elsewhere (orders took portions, another screen set it) shows here.
  useEffect(() => {
    setSaved(given);
    setValue(given ?? '');
  }, [given]);

  const save = () => {
    const count = parseStockCount(value);
    setInvalid(count === undefined);
    if (count === undefined || count === saved) return;
    stock.mutate(
      { dishId, count },
      {
        onError: () => setValue(saved ?? ''),
        onSuccess: (answer) => {
          setSaved(answer.stockCount);
          onSaved?.(answer);
        },
      },
    );
  };
  const serverError = stock.error
    ? isApiError(stock.error) && stock.error.details[0]
      ? t(stock.error.details[0].messageKey)
      : errorText(stock.error)
    : null;

  return (
    <NumberInput
      size={size}
      w={withLabel ? undefined : 120}
      label={withLabel ? t('stock.label') : undefined}
      description={withLabel ? t('stock.hint') : undefined}
      aria-label={withLabel ? undefined : t('stock.labelNamed', { name })}
      placeholder={t('stock.placeholder')}
      min={0}
      max={STOCK_COUNT_MAX}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      inputMode="numeric"
      value={value}
      onChange={(v) => {
        setValue(v);
        setInvalid(false);
        stock.reset();
      }}
      onBlur={save}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          save();
        }
      }}
      error={invalid ? t(STOCK_V.count) : serverError}
      data-testid="stock-count"
    />
  );
}
