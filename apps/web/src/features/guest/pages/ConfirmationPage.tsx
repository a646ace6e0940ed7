import { useId, useMemo } from 'react';
import { Button, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import {
  IconCircleCheckFilled,
  IconClock,
  IconMoodSad,
  IconPlus,
  IconReceipt2,
  IconToolsKitchen2,
} from '@tabler/icons-react';
import type { GuestOrder } from '@qr-menu/contract';
import { localName, toCents } from '@qr-menu/contract/constants';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useMenu, useOrder } from '../api';
import { useCart } from '../cart/cart-store';
import { CardsSkeleton } from '../components/CardsSkeleton';
import { StatusAnnouncer } from '../components/StatusAnnouncer';
import { StatusBadge } from '../components/StatusBadge';
import { StatusSteps } from '../components/StatusSteps';
import { GuestMessage } from '../GuestLayout';
import { focusOnMount } from '../lib/focus';
import { formatOrderDate } from '../lib/format-date';
import { isFinalStatus } from '../lib/status';
import { useMoney } from '../lib/use-money';
import { useOpenMenu } from '../lib/use-open-menu';
import { useOrderLive } from '../lib/use-order-live';
import { parseId } from '../lib/use-place';
import { GuestNotFound, NoRestaurant } from './ScanPrompt';
import classes from '../guest.module.css';

/** After ordering: the number to show a waiter, the live status, the time estimate and what was ordered. */
export function ConfirmationPage() {
  const { orderId: raw } = useParams();
  const orderId = parseId(raw);
  const cart = useCart();
  if (!orderId) return <GuestNotFound />;
  if (!cart.eateryId) return <NoRestaurant />;
  return <Confirmation eateryId={cart.eateryId} tableId={cart.tableId} orderId={orderId} />;
}

function Confirmation({ eateryId, tableId, orderId }: { eateryId: number; tableId: number | null; orderId: number }) {
  const { t } = useTranslation();
  const order = useOrder(eateryId, orderId);
  const status = order.data?.status;
  useOrderLive([orderId], () => void order.refetch(), !!status && !isFinalStatus(status));

  if (order.isPending) return <CardsSkeleton cards={[180, 120, 160]} />;
  if (order.isError) {
    return (
      <GuestMessage icon={IconMoodSad} title={t('client.errorTitle')} text={t('client.fetchOrderError')}>
        <Button component={Link} to="/client/menu" size="lg" h={48} radius="xl">
          {t('client.backHome')}
        </Button>
      </GuestMessage>
    );
  }
  return <OrderView order={order.data} tableId={tableId} />;
}

function OrderView({ order, tableId }: { order: GuestOrder; tableId: number | null }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const navigate = useNavigate();
  const openMenu = useOpenMenu();
  const menu = useMenu(order.eateryId, tableId);
  const final = isFinalStatus(order.status);

  /** Dish names in the guest's language when the menu knows the dish; else the name stored on the order. */
  const names = useMemo(() => {
    const map = new Map<number, string>();
    for (const c of menu.data?.categories ?? []) for (const d of c.dishes) map.set(d.id, localName(d, i18n.language));
    return map;
  }, [menu.data, i18n.language]);
  const items = order.items.filter((i) => i.status !== 'DELETED');
  const captionId = useId();
  const headingId = useId();

  return (
    <Stack className={classes.narrow} gap="md">
      <Paper radius="lg" p="lg" ta="center">
        {order.status !== 'CANCELLED' && (
          <Group justify="center" gap={8} mb="sm" wrap="nowrap">
            {/* Green on the icon only: green text on white is below 4.5:1. */}
            <IconCircleCheckFilled
              size={26}
              aria-hidden
              color="var(--mantine-color-green-8)"
              style={{ flex: 'none' }}
            />
            <Text fw={700} fz="md">
              {t('client.confirmation.thanks')}
            </Text>
          </Group>
        )}
        <Text id={captionId} fz="sm" c="dimmed" tt="uppercase" fw={700} lts={0.5}>
          {t('client.confirmation.orderNumber')}
        </Text>
        {/* The page starts here for keyboard and screen-reader users; it reads "Order number #12". */}
        <Text
          component="h1"
          id={headingId}
          aria-labelledby={`${captionId} ${headingId}`}
          tabIndex={-1}
          ref={focusOnMount}
          className={classes.orderNumber}
          my={6}
          data-testid="order-number"
        >
          #{order.id}
        </Text>
        <Text fz="md" c="dimmed">
          {t('client.table', { number: order.tableNumber })} · {formatOrderDate(order.createdAt, i18n.language)}
        </Text>
        <Text fz="sm" c="dimmed" mt={4}>
          {t('client.confirmation.showWaiter')}
        </Text>
      </Paper>

      <StatusAnnouncer orders={[order]} />
      <Paper radius="lg" p="lg">
        <Group justify="space-between" mb="md" gap="xs">
          <Text fw={800} fz="lg">
            {t('client.steps.label')}
          </Text>
          <StatusBadge status={order.status} />
        </Group>
        <StatusSteps status={order.status} />
        {order.estimatedTime > 0 && (
          <Group gap={8} mt="md" justify="center" wrap="nowrap">
            <IconClock size={20} aria-hidden style={{ flex: 'none' }} />
            <Text fz="md" fw={600}>
              {t('client.confirmation.estimated', { minutes: order.estimatedTime })}
            </Text>
          </Group>
        )}
      </Paper>

      <Paper radius="lg" p="lg">
        <Text component="h2" fw={800} fz="lg" mt={0} mb="sm">
          {t('client.confirmation.summary')}
        </Text>
        <Stack gap="sm">
          {items.map((item) => (
            <Group key={item.id} justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <div style={{ minWidth: 0 }}>
                <Text fz="md" fw={600}>
                  {item.quantity} × {(item.dishId !== null && names.get(item.dishId)) || item.name}
                </Text>
                {item.note && (
                  <Text fz="sm" c="dimmed" fs="italic">
                    {item.note}
                  </Text>
                )}
              </div>
              <Text fz="md" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {money(toCents(item.price) * item.quantity)}
              </Text>
            </Group>
          ))}
        </Stack>
        {order.note && (
          <>
            <Divider my="sm" />
            <Text fz="sm" c="dimmed" fw={700}>
              {t('client.confirmation.note')}
            </Text>
            <Text fz="md" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {order.note}
            </Text>
          </>
        )}
        <Divider my="sm" />
        <Group justify="space-between">
          <Text fz="lg" fw={700}>
            {t('client.confirmation.total')}
          </Text>
          <Text fz={22} fw={800}>
            {money(toCents(order.orderPrice))}
          </Text>
        </Group>
      </Paper>

      <Stack gap="sm" mt="xs">
        {!final && (
          <Button
            size="lg"
            h={52}
            radius="xl"
            variant="light"
            leftSection={<IconPlus size={20} />}
            onClick={() => openMenu(order.id)}
          >
            {t('client.confirmation.addDishes')}
          </Button>
        )}
        <Button
          size="lg"
          h={52}
          radius="xl"
          leftSection={<IconToolsKitchen2 size={20} />}
          onClick={() => openMenu(null)}
        >
          {t('client.header.newOrder')}
        </Button>
        <Button
          size="lg"
          h={52}
          radius="xl"
          variant="outline"
          bg="white"
          leftSection={<IconReceipt2 size={20} />}
          onClick={() => void navigate('/client/orders')}
        >
          {t('client.header.myOrders')}
        </Button>
      </Stack>
    </Stack>
  );
}
