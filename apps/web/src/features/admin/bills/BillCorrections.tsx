import { useState } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconLockOpen } from '@tabler/icons-react';
import { mayDo, toCents, type Bill } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { useRestaurantAccess } from '../shared/use-restaurant-access';
import { closedOrders } from './bill-format';
import { RefundModal } from './RefundModal';
import { ReopenModal } from './ReopenModal';

/**
 * Corrections of a bill: money back once something was paid (an admin, or a cashier with a manager approving), and
 * reopening its paid or cancelled orders (an admin). Nothing for other roles. A cancelled order takes no refund (the server refuses it).
 */
export function BillCorrections({ eateryId, orderIds, bill }: { eateryId: number; orderIds: number[]; bill: Bill }) {
  const { t } = useTranslation();
  const { restaurant } = useRestaurantAccess();
  const [dialog, setDialog] = useState<'refund' | 'reopen' | null>(null);
  const closed = closedOrders(bill);
  const canRefund =
    mayDo(restaurant?.roles, 'refund') && toCents(bill.paid) > 0 && !bill.orders.some((o) => o.status === 'CANCELLED');
  const canReopen = mayDo(restaurant?.roles, 'reopen') && closed.length > 0;
  if (!canRefund && !canReopen) return null;

  return (
    <Card withBorder radius="md" padding="md" data-testid="bill-corrections">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('bills.corrections.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('bills.corrections.hint')}
        </Text>
        <Group gap="sm">
          {canRefund && (
            <Button
              variant="light"
              color="red"
              leftSection={<IconArrowBackUp size={18} />}
              onClick={() => setDialog('refund')}
            >
              {t('bills.refund.open')}
            </Button>
          )}
          {canReopen && (
            <Button variant="light" leftSection={<IconLockOpen size={18} />} onClick={() => setDialog('reopen')}>
              {t('bills.reopen.open')}
            </Button>
          )}
        </Group>
      </Stack>
      {dialog === 'refund' && (
        <RefundModal eateryId={eateryId} orderIds={orderIds} bill={bill} onClose={() => setDialog(null)} />
      )}
      {dialog === 'reopen' && (
        <ReopenModal
          eateryId={eateryId}
          billOrderIds={orderIds}
          closedOrderIds={closed.map((o) => o.id)}
          onClose={() => setDialog(null)}
        />
      )}
    </Card>
  );
}
