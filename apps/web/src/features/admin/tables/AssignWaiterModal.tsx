import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TABLE_V, type Table, type TableAssignment } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/api-error';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { PageLoader } from '../../../components/PageLoader';
import { staffLabel, useUsers } from '../shared/users-api';
import { useAssignWaiter } from './tables-api';

/** Picks one of the restaurant's waiters (users holding WAITER) for a table; a waiter must be chosen. */
export function AssignWaiterModal({
  restaurantId,
  table,
  assigned,
  onClose,
}: {
  restaurantId: number;
  table: Table;
  assigned: TableAssignment[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const waiters = useUsers(restaurantId, 'WAITER');
  const assign = useAssignWaiter(restaurantId);
  const [waiterId, setWaiterId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const taken = new Set(assigned.map((a) => a.waiterId));
  const options = (waiters.data ?? [])
    .filter((w) => w.roles.includes('WAITER') && !taken.has(w.id))
    .map((w) => ({ value: String(w.id), label: w.name && w.username ? `${w.name} (${w.username})` : staffLabel(w) }));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!waiterId) {
      setError(TABLE_V.waiterRequired);
      return;
    }
    assign.mutate(
      { waiterId: Number(waiterId), tableId: table.id },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('tables.assigned') });
          onClose();
        },
        onError: (err) => {
          const detail = err instanceof ApiError ? err.details.find((d) => d.field === 'waiterId') : undefined;
          if (detail) {
            setError(detail.messageKey);
            assign.reset();
          }
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('tables.assignTitle', { number: table.number })}>
      {waiters.isPending ? (
        <PageLoader rows={1} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <ErrorBanner error={waiters.error ?? assign.error} onClose={() => assign.reset()} />
            {waiters.data?.length === 0 ? (
              <Alert color="blue" variant="light">
                <Text size="sm" mb="xs">
                  {t('tables.noWaitersYet')}
                </Text>
                <Button component={Link} to="/admin/users" size="xs" variant="light">
                  {t('tables.toUsers')}
                </Button>
              </Alert>
            ) : (
              options.length === 0 &&
              !waiters.error && (
                <Text size="sm" c="dimmed">
                  {t('tables.allWaitersAssigned')}
                </Text>
              )
            )}
            <Select
              label={t('tables.waiter')}
              placeholder={t('tables.chooseWaiter')}
              data={options}
              value={waiterId}
              onChange={(v) => {
                setWaiterId(v);
                if (v) setError(null);
              }}
              searchable
              required
              nothingFoundMessage={t('tables.noWaiterMatch')}
              error={error ? t(error) : undefined}
              comboboxProps={{ withinPortal: true }}
            />
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={assign.isPending}>
                {t('tables.assign')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
