import { useState } from 'react';
import { Alert, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { amountField, percentField, percentOf, type BillPaymentBody, type PaymentMethod } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/api-error';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { useErrorText } from '../../../components/use-error-text';
import { drawerPath } from './bill-paths';
import { MethodPicker } from './MethodPicker';

export type TipKind = 'none' | 'amount' | 'percent';

/** What one part sends besides its amount or items: the way it is paid, the tip and the cash handed over. */
export type PartPayment = Pick<BillPaymentBody, 'method' | 'tip' | 'tendered'>;

/** The tip as the API reads it (exact strings), or the validation key of a bad value. */
export function tipBody(kind: TipKind, value: string): { tip?: BillPaymentBody['tip']; error?: string } {
  if (kind === 'none') return {};
  const text = value.trim();
  const parsed = (kind === 'amount' ? amountField : percentField).safeParse(text);
  if (!text || !parsed.success) return { error: kind === 'amount' ? 'validation.amount' : 'validation.percent' };
  return { tip: kind === 'amount' ? { amount: text } : { percent: text } };
}

/**
 * The tip in cents as the server will take it: an amount as typed, a percent of the part rounded half-up to the cent
 * (contract percentOf); 0 for none or a value not (yet) valid.
 */
export function tipCents(kind: TipKind, value: string, partCents: number): number {
  if (kind === 'none') return 0;
  const parsed = (kind === 'amount' ? amountField : percentField).safeParse(value.trim());
  if (!parsed.success) return 0;
  return kind === 'amount' ? parsed.data : percentOf(partCents, parsed.data);
}

/**
 * The cash handed over, against what the part takes with its tip: `change` when it covers it, `tooLow` when it does
 * not, `invalid` when it is not an amount; nothing while the field is empty (the cashier need not type it).
 */
export function cashChange(
  tendered: string,
  takeCents: number,
): { tenderedCents?: number; change?: number; error?: 'validation.amount' | 'validation.tenderedTooLow' } {
  const text = tendered.trim();
  if (!text) return {};
  const parsed = amountField.safeParse(text);
  if (!parsed.success) return { error: 'validation.amount' };
  if (parsed.data < takeCents) return { tenderedCents: parsed.data, error: 'validation.tenderedTooLow' };
  return { tenderedCents: parsed.data, change: parsed.data - takeCents };
}

/**
 * One part of the bill: payment method (starting at what the guest asked for, when they did), optional tip (amount
 * or %), for cash the amount handed over and the change, and the button that records it, showing what it takes with
 * the tip. The server's field messages show under the field they are about; a message about the part's amount or
 * items under the button; a cash payment without an open cash drawer links to the drawer.
 */
export function PaymentPartForm({
  eateryId,
  label,
  partCents,
  submitLabel,
  money,
  suggestedMethod,
  disabled,
  onRecord,
}: {
  eateryId: number;
  label?: string;
  /** What the part takes before its tip, in cents (as the server will count it). */
  partCents: number;
  /** The button's text for what it takes, tip included ("Record payment · 11.00 AZN"). */
  submitLabel: (amount: string) => string;
  money: (cents: number) => string;
  /** The method the guest asked for; the cashier's own choice wins. */
  suggestedMethod?: PaymentMethod | null;
  disabled?: boolean;
  onRecord: (payment: PartPayment) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  // Unset until the cashier picks one: the guest's wish may arrive after the form is shown.
  const [picked, setPicked] = useState<PaymentMethod | null>(null);
  const method = picked ?? suggestedMethod ?? 'CASH';
  const [tipKind, setTipKind] = useState<TipKind>('none');
  const [tipValue, setTipValue] = useState('');
  const [tipError, setTipError] = useState<string | null>(null);
  const [tendered, setTendered] = useState('');
  const [showTenderedError, setShowTenderedError] = useState(false);
  const [tenderedServerError, setTenderedServerError] = useState<string | null>(null);
  const [partError, setPartError] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [drawerError, setDrawerError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);

  const tip = tipCents(tipKind, tipValue, partCents);
  const take = partCents + tip;
  const cash = method === 'CASH' ? cashChange(tendered, take) : {};
  const tenderedError = tenderedServerError ?? (showTenderedError ? (cash.error ?? null) : null);

  const checkTip = () => {
    const { error: e } = tipBody(tipKind, tipValue);
    setTipError(e ?? null);
    return !e;
  };

  const record = async () => {
    setError(null);
    setDrawerError(null);
    setPartError(null);
    setTenderedServerError(null);
    const tipPart = tipBody(tipKind, tipValue);
    setTipError(tipPart.error ?? null);
    setShowTenderedError(true);
    // Nothing is sent while the tip or the cash handed over is wrong (too little cash: the change would be negative).
    if (tipPart.error || cash.error) return;
    setSaving(true);
    try {
      await onRecord({
        method,
        ...(tipPart.tip ? { tip: tipPart.tip } : {}),
        ...(cash.tenderedCents !== undefined ? { tendered: tendered.trim() } : {}),
      });
      setTipKind('none');
      setTipValue('');
      setTendered('');
      setShowTenderedError(false);
    } catch (err) {
      if (err instanceof ApiError && err.messageKey === 'drawerNotOpen') setDrawerError(err);
      else if (!placeServerErrors(err)) setError(err);
    } finally {
      setSaving(false);
    }
  };

  /** The server's field messages under their fields; true when every one found a place. */
  const placeServerErrors = (err: unknown): boolean => {
    if (!(err instanceof ApiError) || err.details.length === 0) return false;
    for (const d of err.details) {
      if (d.field.startsWith('tip')) setTipError(d.messageKey);
      else if (d.field.startsWith('tendered')) setTenderedServerError(d.messageKey);
      else setPartError(d.messageKey);
    }
    return true;
  };

  return (
    <Stack gap="xs">
      {label && <Text fw={600}>{label}</Text>}
      <ErrorBanner error={error} onClose={() => setError(null)} />
      {drawerError !== null && (
        <Alert color="orange" variant="light" icon={<IconCash />} role="alert" data-testid="drawer-not-open">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorText(drawerError)}</Text>
            <Button component={Link} to={drawerPath(eateryId)} size="xs" variant="filled" color="orange">
              {t('bills.drawer.open')}
            </Button>
          </Stack>
        </Alert>
      )}
      <MethodPicker label={t('bills.method.label')} value={method} onChange={setPicked} />
      {suggestedMethod && picked === null && (
        <Text size="sm" c="dimmed" data-testid="guest-asked-method">
          {t('bills.method.guestAsked', { method: t(`bills.method.${suggestedMethod}`) })}
        </Text>
      )}
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
      {method === 'CASH' && (
        <div>
          <TextInput
            label={t('bills.cash.tendered')}
            inputMode="decimal"
            value={tendered}
            onChange={(e) => {
              setTendered(e.currentTarget.value);
              setTenderedServerError(null);
            }}
            onBlur={() => setShowTenderedError(true)}
            error={tenderedError ? t(tenderedError) : undefined}
            maw={240}
          />
          {cash.change !== undefined && (
            <Text fw={700} size="lg" mt={4} data-testid="cash-change">
              {t('bills.cash.change', { amount: money(cash.change) })}
            </Text>
          )}
        </div>
      )}
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
        {submitLabel(money(take))}
      </Button>
      {tip > 0 && (
        <Text size="sm" c="dimmed" ta="center" data-testid="pay-breakdown">
          {t('bills.payBreakdown', { part: money(partCents), tip: money(tip) })}
        </Text>
      )}
      {partError && (
        <Text c="red" size="sm" role="alert">
          {t(partError)}
        </Text>
      )}
    </Stack>
  );
}
