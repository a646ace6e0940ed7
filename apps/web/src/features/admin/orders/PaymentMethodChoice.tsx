import { Group, Radio, Text } from '@mantine/core';
import { PAYMENT_METHODS, type PaymentMethod } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';

/**
 * How an order marked PAID from the status dialog was paid: marking it paid records one payment of everything still
 * due with this method, so the day's cash and card totals stay right.
 */
export function PaymentMethodChoice({
  value,
  onChange,
}: {
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      label={t('orders.pay.method')}
      description={t('orders.pay.hint')}
      value={value}
      onChange={(v) => onChange(v as PaymentMethod)}
      data-testid="payment-method"
    >
      <Group gap="md" mt={6}>
        {PAYMENT_METHODS.map((m) => (
          <Radio key={m} value={m} label={<Text size="sm">{t(`orders.pay.methods.${m}`)}</Text>} />
        ))}
      </Group>
    </Radio.Group>
  );
}
