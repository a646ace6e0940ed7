import { Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChecks, IconPlus } from '@tabler/icons-react';
import { isFinalOrderStatus } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { useServeReady } from './floor-api';
import type { FloorTable } from './table-state';

/**
 * The table panel's quick actions: enter dishes in the order grid ("New order", or "Add dishes" when the table has
 * an open order; `onOrder` given: the caller may place orders) and serve every ready dish at once (`canServe`).
 */
export function TableQuickActions({
  eateryId,
  entry,
  canServe,
  onOrder,
}: {
  eateryId: number;
  entry: FloorTable;
  canServe: boolean;
  onOrder?: () => void;
}) {
  const { t } = useTranslation();
  const serveAll = useServeReady(eateryId);
  const hasOpen = entry.orders.some((o) => !isFinalOrderStatus(o.status));
  if (!onOrder && !(canServe && entry.readyCount > 0)) return null;
  return (
    <Stack gap="xs">
      <ErrorBanner error={serveAll.error} onClose={() => serveAll.reset()} />
      {canServe && entry.readyCount > 0 && (
        <Button
          size="lg"
          color="green"
          leftSection={<IconChecks />}
          loading={serveAll.isPending}
          onClick={() =>
            serveAll.mutate(entry.table.id, {
              onSuccess: (result) =>
                notifications.show({
                  color: 'green',
                  message: t('floor.servedAll', { number: entry.table.number, count: result.served }),
                }),
            })
          }
        >
          {t('floor.serveAll', { count: entry.readyCount })}
        </Button>
      )}
      {onOrder && (
        <Button size="lg" variant={hasOpen ? 'light' : 'filled'} leftSection={<IconPlus />} onClick={onOrder}>
          {hasOpen ? t('floor.addDishes') : t('floor.newOrder')}
        </Button>
      )}
    </Stack>
  );
}
