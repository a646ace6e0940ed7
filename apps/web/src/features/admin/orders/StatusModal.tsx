import { useState } from 'react';
import { Alert, Button, Divider, Group, Modal, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowRight, IconLock, IconReceipt, IconX } from '@tabler/icons-react';
import { isFinalOrderStatus, type Order, type OrderStatus, type PaymentMethod } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { confirmDanger } from '../shared/confirm';
import {
  STATUS_CHOICES,
  billPath,
  formatMoney,
  formatOrderTime,
  maySetStatus,
  nextStatus,
  shownStatus,
  type OrderPermissions,
} from './order-format';
import { useUpdateOrder } from './orders-api';
import { PaymentMethodChoice } from './PaymentMethodChoice';
import { ItemStatusBadge, OrderStatusBadge } from './status-style';
import { VoidedBadge, VoidReason } from './VoidedMark';
import { itemName } from '../shared/live/item-name';
import { itemOptionsText } from '../shared/live/item-options';

/** How a voided item's name and price read: struck out and muted. */
const voidedText = { td: 'line-through', c: 'dimmed' } as const;

const QUICK_LABEL: Partial<Record<OrderStatus, string>> = {
  PREPARING: 'orders.quick.markPreparing',
  READY: 'orders.quick.markReady',
  ISSUED: 'orders.quick.markServed',
};

/**
 * Status of one order: items (voided ones struck out with their reason), total, date, table, notes, a status
 * dropdown and the quick buttons CREATED -> preparing, PREPARING -> ready, READY -> served, cancel (not for PAID or
 * CANCELLED), close. Choosing PAID (cashiers and admins) asks how it was paid: the server records one payment of
 * everything still due; "Close bill" is there for split bills, tips and discounts. The board opens this dialog only
 * for roles that may change the status, or read-only for a closed order.
 */
export function StatusModal({
  eateryId,
  order,
  now,
  timeZone,
  perms,
  onClose,
}: {
  eateryId: number;
  order: Order;
  now: Date;
  timeZone?: string;
  perms: OrderPermissions;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const update = useUpdateOrder(eateryId);
  const current = shownStatus(order.status);
  const [chosen, setChosen] = useState<OrderStatus>(current);
  const [method, setMethod] = useState<PaymentMethod>('CASH');
  const closed = isFinalOrderStatus(order.status);
  const next = nextStatus(order.status);
  // PAID only for the roles that may take the money; a waiter does not see it at all.
  const offered = STATUS_CHOICES.filter((s) => s !== 'PAID' || maySetStatus(perms, s));
  const choices = offered.includes(current) ? offered : [current, ...offered];

  const apply = (status: OrderStatus) => {
    if (status === order.status) return onClose();
    update.mutate(
      { orderId: order.id, body: status === 'PAID' ? { status, method } : { status } },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'green',
            message: t('orders.statusChanged', {
              number: order.number,
              status: t(`orders.status.${shownStatus(saved ? saved.status : status)}`),
            }),
          });
          onClose();
        },
      },
    );
  };

  const cancelOrder = async () => {
    if (!(await confirmDanger(t('orders.confirmCancel', { number: order.number }), t('orders.quick.cancel')))) return;
    apply('CANCELLED');
  };

  return (
    <Modal opened onClose={onClose} title={t('orders.statusModal.title', { number: order.number })} size="lg">
      <Stack gap="sm">
        <ErrorBanner error={update.error} onClose={() => update.reset()} />
        <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm" verticalSpacing="xs">
          <div>
            <Text size="xs" c="dimmed">
              {t('orders.table')}
            </Text>
            <Text fw={800} size="xl">
              {order.tableNumber}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {t('orders.date')}
            </Text>
            <Text size="sm">{formatOrderTime(t, order.createdAt, now, timeZone)}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {t('orders.currentStatus')}
            </Text>
            <OrderStatusBadge status={order.status} />
          </div>
        </SimpleGrid>

        {order.note && (
          <div>
            <Text size="xs" c="dimmed">
              {t('orders.note')}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {order.note}
            </Text>
          </div>
        )}

        {order.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('orders.noItems')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing={6} horizontalSpacing="xs" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('orders.item.dish')}</Table.Th>
                  <Table.Th ta="right">{t('orders.item.quantityShort')}</Table.Th>
                  <Table.Th ta="right">{t('orders.item.price')}</Table.Th>
                  <Table.Th>{t('orders.item.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {order.items.map((item) => (
                  <Table.Tr key={item.id} data-item-id={item.id}>
                    <Table.Td>
                      {/* A voided item: struck out and muted (not faded, which would lose contrast). */}
                      <Text inherit {...(item.status === 'DELETED' ? voidedText : {})}>
                        {itemName(item, i18n.language)}
                      </Text>
                      {item.options?.length > 0 && (
                        <Text size="xs" data-testid="item-options">
                          {itemOptionsText(item.options, i18n.language, true)}
                        </Text>
                      )}
                      {item.note && (
                        <Text size="xs" c="dimmed">
                          {item.note}
                        </Text>
                      )}
                      <VoidReason item={item} />
                    </Table.Td>
                    <Table.Td ta="right">{item.quantity}</Table.Td>
                    <Table.Td
                      ta="right"
                      style={{ whiteSpace: 'nowrap' }}
                      {...(item.status === 'DELETED' ? voidedText : {})}
                    >
                      {formatMoney(item.price * item.quantity, i18n.language, t('orders.currency'))}
                    </Table.Td>
                    <Table.Td>
                      {item.status === 'DELETED' ? <VoidedBadge /> : <ItemStatusBadge status={item.status} />}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group justify="space-between">
          <Text fw={600}>{t('orders.total')}</Text>
          <Text fw={800} size="lg">
            {formatMoney(order.orderPrice, i18n.language, t('orders.currency'))}
          </Text>
        </Group>

        <Divider />

        {closed ? (
          <Alert color="gray" icon={<IconLock />}>
            {t('orders.closedHint')}
          </Alert>
        ) : (
          perms.orderStatus && (
            <Stack gap="xs">
              <Group align="flex-end" gap="xs" wrap="wrap">
                <Select
                  label={t('orders.statusLabel')}
                  data={choices.map((s) => ({
                    value: s,
                    label: t(`orders.status.${s}`),
                    disabled: !maySetStatus(perms, s),
                  }))}
                  value={chosen}
                  onChange={(v) => v && setChosen(v as OrderStatus)}
                  allowDeselect={false}
                  style={{ flex: '1 1 200px' }}
                  comboboxProps={{ withinPortal: true }}
                />
                <Button
                  variant="light"
                  onClick={() => apply(chosen)}
                  disabled={chosen === current}
                  loading={update.isPending && update.variables?.body.status === chosen}
                >
                  {t('orders.applyStatus')}
                </Button>
              </Group>
              {chosen === 'PAID' && <PaymentMethodChoice value={method} onChange={setMethod} />}
            </Stack>
          )
        )}

        <Group justify="flex-end" gap="xs" wrap="wrap">
          {!closed && perms.orderStatus && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconX size={16} />}
              onClick={() => void cancelOrder()}
              disabled={update.isPending}
            >
              {t('orders.quick.cancel')}
            </Button>
          )}
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
          {/* Where "mark paid" used to be: the bill is closed with its payments on the bill screen. */}
          {!closed && perms.closeBill && (
            <Button
              component={Link}
              to={billPath(order.id)}
              variant="light"
              leftSection={<IconReceipt size={16} />}
              aria-label={t('orders.closeBillNamed', { number: order.number })}
            >
              {t('orders.closeBill')}
            </Button>
          )}
          {next && QUICK_LABEL[next] && maySetStatus(perms, next) && (
            <Button
              rightSection={<IconArrowRight size={16} />}
              onClick={() => apply(next)}
              loading={update.isPending && update.variables?.body.status === next}
            >
              {t(QUICK_LABEL[next])}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
