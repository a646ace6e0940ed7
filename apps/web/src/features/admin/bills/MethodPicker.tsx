import { useId } from 'react';
import { SegmentedControl, Text } from '@mantine/core';
import { PAYMENT_METHODS, type PaymentMethod } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';

/** Cash, card or other, as one segmented control under its label (paying a part of the bill, refunding). */
export function MethodPicker({
  label,
  value,
  onChange,
}: {
  label: string;
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <div>
      <Text size="sm" fw={500} mb={4} id={labelId}>
        {label}
      </Text>
      <SegmentedControl
        fullWidth
        aria-labelledby={labelId}
        value={value}
        onChange={(v) => onChange(v as PaymentMethod)}
        data={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`bills.method.${m}`) }))}
      />
    </div>
  );
}
