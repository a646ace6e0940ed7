import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  BILL_V,
  billRefundBody,
  centsToDecimal,
  mayDo,
  toCents,
  type Bill,
  type PaymentMethod,
} from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error';
import { onDeviceSession } from '../../../api/device';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { approvalErrorOf } from '../shared/devices/approval-error';
import { ManagerApprovalFields } from '../shared/devices/ManagerApprovalFields';
import { approvalBody, approvalErrors, emptyApproval, type ApprovalValues } from '../shared/devices/manager-approval';
import { useRestaurantAccess } from '../shared/use-restaurant-access';
import { useRefund } from './bills-api';
import { formatAmount, isRefund } from './bill-format';
import { MethodPicker } from './MethodPicker';
import { ReasonField, reasonError } from './ReasonField';

/** The quick picks of a refund's reason (bills.refund.reasons.*). */
export const REFUND_REASONS = ['dishReturned', 'overcharged', 'guestComplaint', 'paidTwice'].map(
  (r) => `bills.refund.reasons.${r}`,
);

interface RefundErrors {
  amount?: string;
  reason?: string;
}

/**
 * The contract's check of a refund's amount, and the one the form knows besides: never more than was paid
 * (`paidCents`). A translation key (`validation.amountTooHigh` is shown with what was paid), or undefined.
 */
export function refundAmountError(amount: string, paidCents: number): string | undefined {
  const parsed = billRefundBody.shape.amount.safeParse(amount.trim());
  if (!parsed.success) return BILL_V.amount;
  return parsed.data > paidCents ? BILL_V.amountTooHigh : undefined;
}

/** The way the last payment was made: money usually goes back the way it came. */
function lastMethod(bill: Bill): PaymentMethod {
  return bill.payments.filter((p) => !isRefund(p)).at(-1)?.method ?? 'CASH';
}

/**
 * Money back to the guest (an admin, or a cashier with a manager approving on this screen): the amount (what was paid, at most that), how it goes back and why. The
 * answer is the bill with the refund in its payments; a paid bill it leaves uncovered is open again.
 */
export function RefundModal({
  eateryId,
  orderIds,
  bill,
  onClose,
}: {
  eateryId: number;
  orderIds: number[];
  bill: Bill;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const refund = useRefund(eateryId, orderIds);
  const paidCents = toCents(bill.paid);
  const [amount, setAmount] = useState(centsToDecimal(paidCents));
  const [method, setMethod] = useState<PaymentMethod>(() => lastMethod(bill));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<RefundErrors>({});
  const [error, setError] = useState<unknown>(null);
  const needsApproval = !mayDo(useRestaurantAccess().restaurant?.roles, 'approveMoney');
  const byPin = onDeviceSession();
  const [approval, setApproval] = useState<ApprovalValues>(emptyApproval);
  const [approvalErrs, setApprovalErrs] = useState<Partial<ApprovalValues>>({});
  const paidText = `${formatAmount(bill.paid, i18n.language)} ${t('bills.currency')}`;
  const errorText = (key?: string) =>
    key === BILL_V.amountTooHigh ? t('bills.refund.tooMuch', { amount: paidText }) : key ? t(key) : undefined;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const found = { amount: refundAmountError(amount, paidCents), reason: reasonError(reason) };
    setErrors(found);
    const foundApproval = needsApproval ? approvalErrors(approval, byPin) : {};
    setApprovalErrs(foundApproval);
    if (found.amount || found.reason || Object.keys(foundApproval).length > 0) return;
    const body = { amount: amount.trim(), method, reason: reason.trim() };
    refund.mutate(needsApproval ? { ...body, approval: approvalBody(approval, byPin) } : body, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('bills.refund.done') });
        onClose();
      },
      onError: (err) => {
        const onApproval = approvalErrorOf(err, byPin);
        if (onApproval) return setApprovalErrs(onApproval);
        if (!(err instanceof ApiError) || err.details.length === 0) return setError(err);
        const next: RefundErrors = {};
        for (const d of err.details) {
          if (d.field === 'reason') next.reason ??= d.messageKey;
          else if (d.field === 'amount') next.amount ??= d.messageKey;
          else setError(err);
        }
        setErrors(next);
      },
    });
  };

  return (
    <Modal opened onClose={onClose} title={t('bills.refund.title')}>
      <form onSubmit={submit} noValidate data-testid="refund-form">
        <Stack gap="sm">
          <ErrorBanner error={error} onClose={() => setError(null)} />
          <Text size="sm">{t('bills.refund.paidSoFar', { amount: paidText })}</Text>
          {bill.status === 'PAID' && (
            <Text size="sm" c="dimmed">
              {t('bills.refund.reopensHint')}
            </Text>
          )}
          <TextInput
            label={t('bills.refund.amount')}
            inputMode="decimal"
            required
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            onBlur={() => setErrors((old) => ({ ...old, amount: refundAmountError(amount, paidCents) }))}
            error={errorText(errors.amount)}
          />
          <MethodPicker label={t('bills.refund.method')} value={method} onChange={setMethod} />
          <ReasonField
            presets={REFUND_REASONS}
            value={reason}
            onChange={(v) => {
              setReason(v);
              if (errors.reason) setErrors((old) => ({ ...old, reason: reasonError(v) }));
            }}
            error={errors.reason}
          />
          {needsApproval && (
            <ManagerApprovalFields
              values={approval}
              onChange={(change) => setApproval((a) => ({ ...a, ...change }))}
              errors={approvalErrs}
              byPin={byPin}
              hint={t('devices.approval.refundHint')}
            />
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="red" loading={refund.isPending}>
              {t('bills.refund.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
