import { useState } from 'react';
import { Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  BILL_V,
  centsToDecimal,
  drawerMovementBody,
  REASON_MAX,
  reasonField,
  toCents,
  type DrawerMovementKind,
  type DrawerSession,
} from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { formatMoney } from '../shared/money-format';
import { useDrawerMovement } from './drawers-api';
import { readAmount, serverFieldError } from './drawer-amount';

interface Errors {
  amount?: string;
  reason?: string;
}

/** The contract's check of a reason: a translation key, or undefined when it is fine. */
function reasonError(reason: string): string | undefined {
  const parsed = reasonField.safeParse(reason);
  return parsed.success ? undefined : parsed.error.issues[0].message;
}

/**
 * A pay-in (change brought from the bank) or a pay-out (the supplier paid from the drawer): amount and reason. A
 * pay-out never takes more than the drawer should hold; the form says so before the server would.
 */
export function MovementModal({
  eateryId,
  session,
  kind,
  onClose,
}: {
  eateryId: number;
  session: DrawerSession;
  kind: DrawerMovementKind;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const move = useDrawerMovement(eateryId);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const expectedCents = toCents(session.expected);
  const amountText = (key?: string) =>
    key === BILL_V.amountTooHigh
      ? t('drawers.movement.tooHigh', { amount: formatMoney(session.expected, i18n.language) })
      : key
        ? t(key)
        : undefined;

  const check = (): { cents?: number; errors: Errors } => {
    const read = readAmount(drawerMovementBody.shape.amount, amount);
    const tooHigh = kind === 'PAY_OUT' && read.cents !== undefined && read.cents > expectedCents;
    return {
      cents: read.cents,
      errors: { amount: tooHigh ? BILL_V.amountTooHigh : read.error, reason: reasonError(reason) },
    };
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const found = check();
    setErrors(found.errors);
    if (found.errors.amount || found.errors.reason || found.cents === undefined) return;
    move.mutate(
      { sessionId: session.id, kind, amount: centsToDecimal(found.cents), reason: reason.trim() },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('drawers.movement.done') });
          onClose();
        },
        onError: (err) =>
          setErrors({ amount: serverFieldError(err, 'amount'), reason: serverFieldError(err, 'reason') }),
      },
    );
  };

  const placed = serverFieldError(move.error, 'amount') || serverFieldError(move.error, 'reason');
  return (
    <Modal opened onClose={onClose} title={t(`drawers.movement.${kind}`)}>
      <form onSubmit={submit} noValidate data-testid="movement-form">
        <Stack gap="sm">
          <ErrorBanner error={placed ? null : move.error} onClose={() => move.reset()} />
          <TextInput
            label={t('drawers.movement.amount')}
            inputMode="decimal"
            required
            data-autofocus
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            error={amountText(errors.amount)}
          />
          <Textarea
            label={t('drawers.movement.reason')}
            placeholder={t('drawers.movement.reasonPlaceholder')}
            required
            autosize
            minRows={2}
            maxRows={4}
            maxLength={REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={errors.reason ? t(errors.reason) : undefined}
          />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={move.isPending} color={kind === 'PAY_OUT' ? 'orange' : undefined}>
              {t('drawers.movement.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
