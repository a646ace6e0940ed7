import { useState } from 'react';
import { Button, Chip, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { presetReason, REJECTION_REASON_MAX, REJECTION_REASONS, type Order } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { useRejectOrder } from './orders-api';

/**
 * Reject a guest order waiting for confirmation: a reason is required (the guest sees it on their
 * phone); one tap on a common reason (contract REJECTION_REASONS) fills it in the staff's language, and it can be
 * edited or written freely. A common reason left as it is goes as its key (`preset:<key>`), so the guest reads it in
 * their own language; an edited or written one goes as typed.
 */
export function RejectOrderModal({
  eateryId,
  order,
  onClose,
}: {
  eateryId: number;
  order: Order;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const reject = useRejectOrder(eateryId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const picked = REJECTION_REASONS.find((r) => t(`orders.reject.reasons.${r}`) === reason.trim()) ?? null;
  const check = (value: string) => (value.trim() ? undefined : 'orders.reject.reasonRequired');

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const problem = check(reason);
    setError(problem);
    if (problem) return;
    reject.mutate(
      { orderId: order.id, reason: picked ? presetReason(picked) : reason.trim() },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('orders.waiting.rejected', { number: order.number }) });
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('orders.reject.title', { number: order.number, table: order.tableNumber })}
    >
      <form onSubmit={submit} noValidate data-testid="reject-form">
        <Stack gap="sm">
          <ErrorBanner error={reject.error} onClose={() => reject.reset()} />
          <Text size="sm" c="dimmed">
            {t('orders.reject.hint')}
          </Text>
          <Stack gap={6} role="group" aria-label={t('orders.reject.quick')}>
            <Text size="sm" fw={500}>
              {t('orders.reject.quick')}
            </Text>
            <Group gap={6}>
              {REJECTION_REASONS.map((r) => (
                <Chip
                  key={r}
                  size="sm"
                  checked={picked === r}
                  onChange={() => {
                    setReason(t(`orders.reject.reasons.${r}`));
                    setError(undefined);
                  }}
                  radius="md"
                  // Whole sentences: they wrap inside a rounded box with ordinary line spacing (a pill of three
                  // lines looked broken in Russian at 390 px).
                  styles={{
                    label: { whiteSpace: 'normal', height: 'auto', minHeight: 36, lineHeight: 1.3, paddingBlock: 7 },
                  }}
                >
                  {t(`orders.reject.reasons.${r}`)}
                </Chip>
              ))}
            </Group>
            <Text size="xs" c="dimmed">
              {t('orders.reject.presetHint')}
            </Text>
          </Stack>
          <Textarea
            label={t('orders.reject.reason')}
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              if (error) setError(check(e.currentTarget.value));
            }}
            onBlur={() => setError(check(reason))}
            maxLength={REJECTION_REASON_MAX}
            required
            autosize
            minRows={2}
            maxRows={5}
            error={error ? t(error) : undefined}
            data-autofocus
          />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="red" loading={reject.isPending}>
              {t('orders.reject.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
