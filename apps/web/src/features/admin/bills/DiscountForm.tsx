import { useState } from 'react';
import { Button, Card, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { amountField, percentField, type Bill } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { useSetDiscount } from './bills-api';
import { formatAmount } from './bill-format';

type Kind = 'amount' | 'percent';

/** Client-side checks of the discount (the server checks the same): a valid amount or percent, and a reason. */
export function discountErrors(kind: Kind, value: string, reason: string): { value?: string; reason?: string } {
  const errors: { value?: string; reason?: string } = {};
  const parsed = (kind === 'amount' ? amountField : percentField).safeParse(value.trim());
  if (!value.trim() || !parsed.success) errors.value = kind === 'amount' ? 'validation.amount' : 'validation.percent';
  if (!reason.trim()) errors.reason = 'validation.reasonRequired';
  return errors;
}

/** The bill's discount (EATERY_ADMIN only): an amount or a percentage, with a reason; "remove" sets 0. */
export function DiscountForm({ eateryId, orderIds, bill }: { eateryId: number; orderIds: number[]; bill: Bill }) {
  const { t, i18n } = useTranslation();
  const save = useSetDiscount(eateryId, orderIds);
  const [kind, setKind] = useState<Kind>('amount');
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ value?: string; reason?: string }>({});
  const [error, setError] = useState<unknown>(null);

  const submit = (body: { amount?: string; percent?: string; reason?: string }) => {
    setError(null);
    save.mutate(body, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('bills.discountForm.saved') });
        setValue('');
        setReason('');
        setErrors({});
      },
      onError: (err) => {
        if (!(err instanceof ApiError) || err.details.length === 0) return setError(err);
        const next: { value?: string; reason?: string } = {};
        for (const d of err.details) {
          if (d.field === 'reason') next.reason ??= d.messageKey;
          else next.value ??= d.messageKey;
        }
        setErrors(next);
      },
    });
  };

  const apply = () => {
    const found = discountErrors(kind, value, reason);
    setErrors(found);
    if (found.value || found.reason) return;
    submit({ [kind]: value.trim(), reason: reason.trim() });
  };

  return (
    <Card withBorder radius="md" padding="md" data-testid="discount-form">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('bills.discountForm.title')}
        </Title>
        {bill.discount > 0 && (
          <Text size="sm">
            {t('bills.discountForm.current', {
              amount: `${formatAmount(bill.discount, i18n.language)} ${t('bills.currency')}`,
            })}
            {bill.discountReason ? ` · ${bill.discountReason}` : ''}
          </Text>
        )}
        <ErrorBanner error={error} onClose={() => setError(null)} />
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <SegmentedControl
            aria-label={t('bills.discountForm.kind')}
            value={kind}
            onChange={(v) => {
              setKind(v as Kind);
              setErrors((e) => ({ ...e, value: undefined }));
            }}
            data={[
              { value: 'amount', label: t('bills.discountForm.amount') },
              { value: 'percent', label: t('bills.discountForm.percent') },
            ]}
          />
          <TextInput
            style={{ flex: 1 }}
            aria-label={t(kind === 'amount' ? 'bills.discountForm.amountLabel' : 'bills.discountForm.percentLabel')}
            inputMode="decimal"
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            onBlur={() => value && setErrors((e) => ({ ...e, value: discountErrors(kind, value, 'x').value }))}
            error={errors.value ? t(errors.value) : undefined}
          />
        </Group>
        <TextInput
          label={t('bills.discountForm.reason')}
          placeholder={t('bills.discountForm.reasonPlaceholder')}
          required
          maxLength={200}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          onBlur={() => reason && setErrors((e) => ({ ...e, reason: undefined }))}
          error={errors.reason ? t(errors.reason) : undefined}
        />
        <Group gap="sm">
          <Button onClick={apply} loading={save.isPending}>
            {t('bills.discountForm.apply')}
          </Button>
          {bill.discount > 0 && (
            <Button variant="subtle" color="red" disabled={save.isPending} onClick={() => submit({ amount: '0' })}>
              {t('bills.discountForm.remove')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
