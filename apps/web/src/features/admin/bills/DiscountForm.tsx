import { useState } from 'react';
import { Button, Card, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { amountField, mayDo, percentField, type Bill } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error';
import { onDeviceSession } from '../../../api/device';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { ManagerApprovalFields } from '../shared/devices/ManagerApprovalFields';
import { approvalBody, approvalErrors, emptyApproval, type ApprovalValues } from '../shared/devices/manager-approval';
import { approvalErrorOf } from '../shared/devices/approval-error';
import { useRestaurantAccess } from '../shared/use-restaurant-access';
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

/**
 * The bill's discount: an amount or a percentage, with a reason; "remove" sets 0. An admin gives it alone; a cashier
 * with a manager approving on this screen (their PIN on a registered device, else e-mail and password).
 */
export function DiscountForm({ eateryId, orderIds, bill }: { eateryId: number; orderIds: number[]; bill: Bill }) {
  const { t, i18n } = useTranslation();
  const save = useSetDiscount(eateryId, orderIds);
  const [kind, setKind] = useState<Kind>('amount');
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ value?: string; reason?: string }>({});
  const [error, setError] = useState<unknown>(null);
  const needsApproval = !mayDo(useRestaurantAccess().restaurant?.roles, 'approveMoney');
  const byPin = onDeviceSession();
  const [approval, setApproval] = useState<ApprovalValues>(emptyApproval);
  const [approvalErrs, setApprovalErrs] = useState<Partial<ApprovalValues>>({});
  const [opened, setOpened] = useState(false);

  const submit = (body: { amount?: string; percent?: string; reason?: string }) => {
    setError(null);
    if (needsApproval) {
      const found = approvalErrors(approval, byPin);
      setApprovalErrs(found);
      if (Object.keys(found).length > 0) return;
    }
    save.mutate(needsApproval ? { ...body, approval: approvalBody(approval, byPin) } : body, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('bills.discountForm.saved') });
        setValue('');
        setReason('');
        setErrors({});
        setApproval(emptyApproval());
      },
      onError: (err) => {
        const onApproval = approvalErrorOf(err, byPin);
        if (onApproval) return setApprovalErrs(onApproval);
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

  // A cashier's discount is the exception (a manager approves it): behind a button, the till stays uncluttered.
  if (needsApproval && !opened) {
    return (
      <Card withBorder radius="md" padding="md" data-testid="discount-closed">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{t('devices.approval.discountHint')}</Text>
          <Button variant="light" onClick={() => setOpened(true)}>
            {t('bills.discountForm.title')}
          </Button>
        </Group>
      </Card>
    );
  }
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
        {needsApproval && (
          <ManagerApprovalFields
            values={approval}
            onChange={(change) => setApproval((a) => ({ ...a, ...change }))}
            errors={approvalErrs}
            byPin={byPin}
            hint={t('devices.approval.discountHint')}
          />
        )}
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
