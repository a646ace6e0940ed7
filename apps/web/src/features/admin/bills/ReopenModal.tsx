import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { useReopenOrders } from './bills-api';
import { ReasonField, reasonError } from './ReasonField';

/** The quick picks of a reopen's reason (bills.reopen.reasons.*). */
export const REOPEN_REASONS = ['closedByMistake', 'moreDishes', 'wrongPayment'].map((r) => `bills.reopen.reasons.${r}`);

/**
 * Opens the bill's closed (paid or cancelled) orders again (EATERY_ADMIN), with a reason kept in the audit log. Their
 * payments stay; `onDone` runs once every order is open again.
 */
export function ReopenModal({
  eateryId,
  billOrderIds,
  closedOrderIds,
  onClose,
  onDone,
}: {
  eateryId: number;
  /** Every order of the bill (its cache key). */
  billOrderIds: number[];
  /** The ones to reopen. */
  closedOrderIds: number[];
  onClose: () => void;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const reopen = useReopenOrders(eateryId, billOrderIds);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const problem = reasonError(reason);
    setError(problem);
    if (problem) return;
    reopen.mutate(
      { orderIds: closedOrderIds, reason: reason.trim() },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('bills.reopen.done') });
          onClose();
          onDone?.();
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('bills.reopen.title')}>
      <form onSubmit={submit} noValidate data-testid="reopen-form">
        <Stack gap="sm">
          <ErrorBanner error={reopen.error} onClose={() => reopen.reset()} />
          <Text size="sm" c="dimmed">
            {t('bills.reopen.hint')}
          </Text>
          <ReasonField
            presets={REOPEN_REASONS}
            value={reason}
            onChange={(v) => {
              setReason(v);
              if (error) setError(reasonError(v));
            }}
            error={error}
          />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={reopen.isPending}>
              {t('bills.reopen.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
