import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zReopenBody } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { formatDayDate } from '../shared/date-format';
import { useReopenDay } from './reports-api';

/** The contract's check of a reopening's reason: a translation key, or undefined when it is fine. */
function reasonError(reason: string): string | undefined {
  const parsed = zReopenBody.shape.reason.safeParse(reason);
  return parsed.success ? undefined : parsed.error.issues[0].message;
}

/** Opening a closed day again (EATERY_ADMIN): a reason is required; it goes to the audit log. */
export function ReopenDayModal({
  restaurantId,
  day,
  onClose,
}: {
  restaurantId: number;
  day: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const reopen = useReopenDay(restaurantId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const found = reasonError(reason);
    setError(found);
    if (found) return;
    reopen.mutate(
      { day, reason: reason.trim() },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('reports.z.reopened') });
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('reports.z.reopenTitle', { day: formatDayDate(day, i18n.language) })}>
      <form onSubmit={submit} noValidate data-testid="reopen-day-form">
        <Stack gap="sm">
          <ErrorBanner error={reopen.error} onClose={() => reopen.reset()} />
          <Text size="sm">{t('reports.z.reopenText')}</Text>
          <Textarea
            label={t('reports.z.reopenReason')}
            required
            autosize
            minRows={2}
            maxRows={4}
            maxLength={500}
            data-autofocus
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={error ? t(error) : undefined}
          />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="orange" loading={reopen.isPending}>
              {t('reports.z.reopenConfirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
