import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconChevronRight, IconPlus, IconReceipt2 } from '@tabler/icons-react';
import type { GuestOrder } from '@qr-menu/contract';
import { toCents } from '@qr-menu/contract/constants';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useOrders } from '../api';
import { useCart } from '../cart/cart-store';
import { CardsSkeleton } from '../components/CardsSkeleton';
import { LoadError } from '../components/LoadError';
import { StatusAnnouncer } from '../components/StatusAnnouncer';
import { StatusBadge } from '../components/StatusBadge';
import { GuestMessage } from '../GuestLayout';
import { focusOnMount } from '../lib/focus';
import { formatOrderDate } from '../lib/format-date';
import { isFinalStatus } from '../lib/status';
import { useMoney } from '../lib/use-money';
import { useOpenMenu } from '../lib/use-open-menu';
import { useOrderLive } from '../lib/use-order-live';
import { NoRestaurant } from './ScanPrompt';
import classes from '../guest.module.css';

/** This phone's orders in the restaurant: status, total, date, details and "add dishes" while still open. */
export function OrdersPage() {
  const cart = useCart();
  if (!cart.eateryId) return <NoRestaurant />;
  return <Orders eateryId={cart.eateryId} />;
}

function Orders({ eateryId }: { eateryId: number }) {
  const { t } = useTranslation();
  const orders = useOrders(eateryId);
  const open = (orders.data ?? []).filter((o) => !isFinalStatus(o.status)).map((o) => o.id);
  useOrderLive(open, () => void orders.refetch());

  if (orders.isPending) return <CardsSkeleton heading cards={[150, 150]} />;
  if (orders.isError) return <LoadError error={orders.error} onRetry={() => void orders.refetch()} />;
  if (orders.data.length === 0) {
    return (
      <GuestMessage icon={IconReceipt2} title={t('client.noOrders')}>
        <Button component={Link} to="/client/menu" size="lg" h={48} radius="xl">
          {t('client.orders.startOrder')}
        </Button>
      </GuestMessage>
    );
  }
  return (
    <div className={classes.narrow}>
      <Text component="h1" fz={26} fw={800} mt={0} mb="md" tabIndex={-1} ref={focusOnMount}>
        {t('client.orders.title')}
      </Text>
      <StatusAnnouncer orders={orders.data} />
      <Stack gap="md">
        {orders.data.map((o) => (
          <OrderCard key={o.id} order={o} />
        ))}
      </Stack>
    </div>
  );
}

function OrderCard({ order }: { order: GuestOrder }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const navigate = useNavigate();
  const openMenu = useOpenMenu();
  const dishes = order.items.filter((i) => i.status !== 'DELETED').reduce((n, i) => n + i.quantity, 0);
  const title = t('client.orders.orderTitle', { id: order.id });
  return (
    <Paper radius="lg" p="md" component="article" aria-label={title}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text component="h2" fz={20} fw={800} m={0}>
            {title}
          </Text>
          <Text fz="sm" c="dimmed">
            {formatOrderDate(order.createdAt, i18n.language)} · {t('client.table', { number: order.tableNumber })}
          </Text>
        </div>
        <StatusBadge status={order.status} />
      </Group>
      <Group justify="space-between" mt="sm">
        <Text fz="md" c="dimmed">
          {t('client.orders.dishCount', { count: dishes })}
        </Text>
        <Text fz={20} fw={800}>
          {money(toCents(order.orderPrice))}
        </Text>
      </Group>
      <Group gap="sm" mt="md" wrap="wrap">
        <Button
          h={48}
          radius="xl"
          variant="outline"
          style={{ flex: '1 1 auto' }}
          rightSection={<IconChevronRight size={18} />}
          onClick={() => void navigate(`/client/order-confirmation/${order.id}`)}
        >
          {t('client.orders.details')}
        </Button>
        {!isFinalStatus(order.status) && (
          <Button
            h={48}
            radius="xl"
            style={{ flex: '1 1 auto' }}
            leftSection={<IconPlus size={18} />}
            onClick={() => openMenu(order.id)}
          >
            {t('client.orders.addDishes')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
