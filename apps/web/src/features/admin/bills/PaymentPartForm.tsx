import { useState } from 'react';
import { Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { amountField, percentField, type BillPaymentBody, type PaymentMethod } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { MethodPicker } from './MethodPicker';

export type TipKind = 'none' | 'amount' | 'percent';

/** What one part sends besides its amount or items: the way it is paid and the tip. */
export type PartPayment = Pick<BillPaymentBody, 'method' | 'tip'>;

/** The tip as the API reads it (exact strings), or the validation key of a bad value. */
export function tipBody(kind: TipKind, value: string): { tip?: BillPaymentBody['tip']; error?: string } {
  if (kind === 'none') return {};
  const text = value.trim();
  const parsed = (kind === 'amount' ? amountField : percentField).safeParse(text);
  if (!text || !parsed.success) return { error: kind === 'amount' ? 'validation.amount' : 'validation.percent' };
  return { tip: kind === 'amount' ? { amount: text } : { percent: text } };
}

/**
 * One part of the bill: payment method, optional tip (amount or %), and the button that records it. The server's
 * field messages show under the field they are about; a message about the part's amount or items under the button.
 */
export function PaymentPartForm({
  label,
  submitLabel,
  disabled,
  onRecord,
}: {
  label?: string;
  submitLabel: string;
  disabled?: boolean;
  onRecord: (payment: PartPayment) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [method, setMethod] = useState<PaymentMethod>('CASH');
  const [tipKind, setTipKind] = useState<TipKind>('none');
  const [tipValue, setTipValue] = useState('');
  const [tipError, setTipError] = useState<string | null>(null);
  const [partError, setPartError] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);

  const checkTip = () => {
    const { error: e } = tipBody(tipKind, tipValue);
    setTipError(e ?? null);
    return !e;
  };

  const record = async () => {
    setError(null);
    setPartError(null);
    const tip = tipBody(tipKind, tipValue);
    setTipError(tip.error ?? null);
    if (tip.error) return;
    setSaving(true);
    try {
      await onRecord({ method, ...(tip.tip ? { tip: tip.tip } : {}) });
      setTipKind('none');
      setTipValue('');
    } catch (err) {
      if (!placeServerErrors(err)) setError(err);
    } finally {
      setSaving(false);
    }
  };

  /** The server's field messages under their fields; true when every one found a place. */
  const placeServerErrors = (err: unknown): boolean => {
    if (!(err instanceof ApiError) || err.details.length === 0) return false;
    for (const d of err.details) {
      if (d.field.startsWith('tip')) setTipError(d.messageKey);
      else setPartError(d.messageKey);
    }
    return true;
  };

  return (
    <Stack gap="xs">
      {label && <Text fw={600}>{label}</Text>}
      <ErrorBanner error={error} onClose={() => setError(null)} />
      <MethodPicker label={t('bills.method.label')} value={method} onChange={setMethod} />
      <div>
        <Text size="sm" fw={500} mb={4}>
          {t('bills.tip.label')}
        </Text>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <SegmentedControl
            aria-label={t('bills.tip.label')}
            value={tipKind}
            onChange={(v) => {
              setTipKind(v as TipKind);
              setTipError(null);
            }}
            data={(['none', 'amount', 'percent'] as const).map((k) => ({ value: k, label: t(`bills.tip.${k}`) }))}
          />
          {tipKind !== 'none' && (
            <TextInput
              style={{ flex: 1 }}
              aria-label={t(tipKind === 'amount' ? 'bills.tip.amountLabel' : 'bills.tip.percentLabel')}
              inputMode="decimal"
              value={tipValue}
              onChange={(e) => setTipValue(e.currentTarget.value)}
              onBlur={checkTip}
              error={tipError ? t(tipError) : undefined}
            />
          )}
        </Group>
        {tipKind === 'none' && tipError && (
          <Text c="red" size="sm">
            {t(tipError)}
          </Text>
        )}
      </div>
      {/* Long labels (Russian, Azerbaijani) wrap on phones instead of being cut. */}
      <Button
        size="md"
        h="auto"
        mih={42}
        py={6}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
        onClick={() => void record()}
        loading={saving}
        disabled={disabled}
      >
        {submitLabel}
      </Button>
      {partError && (
        <Text c="red" size="sm" role="alert">
          {t(partError)}
        </Text>
      )}
    </Stack>
  );
}
