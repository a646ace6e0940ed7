import { Badge, Button, Divider, Drawer, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBan, IconCash, IconCheck, IconFileInvoice } from '@tabler/icons-react';
import { isFinalOrderStatus, type Order } from '@qr-menu/contract';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { OpenCallsList } from '../shared/live/CallsAlert';
import { itemName } from '../shared/live/item-name';
import { itemOptionsText } from '../shared/live/item-options';
import { TableMoveActions } from '../shared/table-moves/TableMoveActions';
import { FireCourseButton } from '../shared/courses/FireCourseButton';
import { useServeItem } from './floor-api';
import { STATE_STYLE } from './state-style';
import type { FloorTable } from './table-state';
import classes from './floor.module.css';

interface TablePanelProps {
  eateryId: number;
  entry: FloorTable | null;
  /** The caller may close bills (CASHIER, EATERY_ADMIN): the panel links to the bill of the table's orders. */
  canCloseBill: boolean;
  onClose: () => void;
  /** Shown under the table's state: enter dishes, serve every ready dish (the floor's TableQuickActions). */
  quickActions?: React.ReactNode;
}

/**
 * One table: its open calls (acknowledge), the items READY to take there with a one-tap "Served", what is still
 * cooking, the voided items (struck out, with their reason), and for the cashier the pre-bill and the link to close
 * the bill of its open orders.
 */
export function TablePanel({ eateryId, entry, canCloseBill, onClose, quickActions }: TablePanelProps) {
  const { t } = useTranslation();
  const serve = useServeItem(eateryId);
  // A paid order whose food is still coming is on the floor to be served; its bill is closed already.
  const unpaid = entry?.orders.filter((o) => !isFinalOrderStatus(o.status)) ?? [];
  const title = entry ? t('floor.tableTitle', { number: entry.table.number }) : '';
  return (
    <Drawer
      opened={!!entry}
      onClose={onClose}
      position="right"
      size="md"
      title={title}
      styles={{ title: { fontSize: 'var(--mantine-h3-font-size)', fontWeight: 800 } }}
    >
      {entry && (
        <Stack gap="md">
          <Group gap="xs">
            <Badge size="lg" color={STATE_STYLE[entry.state].color}>
              {t(`floor.state.${entry.state}`)}
            </Badge>
            {entry.waiters.length > 0 && <Text size="sm">{entry.waiters.join(', ')}</Text>}
          </Group>
          <OpenCallsList eateryId={eateryId} calls={entry.calls} />
          {quickActions}
          <ErrorBanner error={serve.error} onClose={() => serve.reset()} />
          {entry.orders.length === 0 ? (
            <Text c="dimmed">{t('floor.noOrders')}</Text>
          ) : (
            entry.orders.map((order) => (
              <OrderBlock
                key={order.id}
                order={order}
                busyItemId={serve.isPending ? (serve.variables?.itemId ?? null) : null}
                onServe={(itemId) => serve.mutate({ orderId: order.id, itemId })}
              />
            ))
          )}
          {canCloseBill && unpaid.length > 0 && (
            <Group grow>
              {/* The check before payment, printed for the guest from the receipt page. */}
              <Button
                component={Link}
                to={`/admin/receipt?orderIds=${unpaid.map((o) => o.id).join(',')}&restaurantId=${eateryId}&prebill=1`}
                size="lg"
                variant="default"
                leftSection={<IconFileInvoice />}
              >
                {t('floor.preBill')}
              </Button>
              <Button
                component={Link}
                to={`/admin/bill?orderIds=${unpaid.map((o) => o.id).join(',')}`}
                size="lg"
                leftSection={<IconCash />}
              >
                {t('floor.closeBill')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Drawer>
  );
}

function OrderBlock({
  order,
  busyItemId,
  onServe,
}: {
  order: Order;
  busyItemId: number | null;
  onServe: (itemId: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const live = order.items.filter((i) => i.status !== 'DELETED');
  const ready = live.filter((i) => i.status === 'READY');
  const rest = live.filter((i) => i.status !== 'READY');
  const voided = order.items.filter((i) => i.status === 'DELETED');
  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="space-between" mb="xs">
        <Text fw={700}>{t('floor.order', { number: order.number })}</Text>
        <Badge variant="light">{t(`floor.orderStatus.${order.status}`)}</Badge>
      </Group>
      {order.status === 'NEEDS_CONFIRMATION' && (
        <Text size="sm" mb="xs" data-testid="confirm-hint">
          {t('floor.confirmHint')}
        </Text>
      )}
      {order.note && (
        <Text size="sm" fw={600} mb="xs">
          {order.note}
        </Text>
      )}
      <FireCourseButton order={order} mb="xs" />
      {ready.length > 0 && (
        <Stack gap={6} mb="xs">
          <Text size="sm" fw={700} c="teal.9">
            {t('floor.readyToServe')}
          </Text>
          {ready.map((item) => (
            <Group key={item.id} justify="space-between" wrap="nowrap" className={classes.item}>
              <div style={{ minWidth: 0 }}>
                <Text className={classes.itemName}>
                  {item.quantity}× {itemName(item, i18n.language)}
                </Text>
                <ItemOptions item={item} />
              </div>
              <Button
                size="lg"
                color="green"
                style={{ flexShrink: 0 }}
                leftSection={<IconCheck />}
                loading={busyItemId === item.id}
                onClick={() => onServe(item.id)}
                aria-label={t('floor.serveNamed', { name: itemName(item, i18n.language) })}
              >
                {t('floor.serve')}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      {rest.length > 0 && (
        <>
          {ready.length > 0 && <Divider my="xs" />}
          <Stack gap={2}>
            {rest.map((item) => (
              <Group key={item.id} justify="space-between" wrap="nowrap">
                <div style={{ minWidth: 0 }}>
                  <Text>
                    {item.quantity}× {itemName(item, i18n.language)}
                  </Text>
                  <ItemOptions item={item} />
                </div>
                <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                  {t(`floor.itemStatus.${item.status}`)}
                </Text>
              </Group>
            ))}
          </Stack>
        </>
      )}
      {voided.length > 0 && (
        <>
          {live.length > 0 && <Divider my="xs" />}
          <Stack gap={4}>
            {voided.map((item) => (
              <VoidedItem key={item.id} item={item} />
            ))}
          </Stack>
        </>
      )}
      {/* Move to another table, merge with another order, split the check (hidden for roles that may not). */}
      <Group justify="flex-end" mt="xs">
        <TableMoveActions order={order} />
      </Group>
    </Paper>
  );
}

/**
 * A voided item: struck out and muted, with a "Voided" badge (words and an icon, not colour alone) and its reason, so
 * the waiter knows not to bring it.
 */
function VoidedItem({ item }: { item: Order['items'][number] }) {
  const { t, i18n } = useTranslation();
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" data-item-id={item.id} data-voided>
      <div style={{ minWidth: 0 }}>
        <Text td="line-through" c="dimmed">
          {item.quantity}× {itemName(item, i18n.language)}
        </Text>
        {item.voidReason && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="void-reason">
            {t('floor.voidReason', { reason: item.voidReason })}
          </Text>
        )}
      </div>
      <Badge variant="outline" color="gray" leftSection={<IconBan size={12} aria-hidden />} style={{ flexShrink: 0 }}>
        {t('floor.voided')}
      </Badge>
    </Group>
  );
}

/** The item's chosen options in the staff's language (no prices: the floor shows no money). */
function ItemOptions({ item }: { item: Order['items'][number] }) {
  const { i18n } = useTranslation();
  const text = itemOptionsText(item.options, i18n.language);
  if (!text) return null;
  return (
    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="item-options">
      {text}
    </Text>
  );
}
