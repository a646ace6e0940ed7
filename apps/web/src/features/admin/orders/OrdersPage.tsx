import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Alert, Badge, Button, Group, SimpleGrid, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { Eatery, Order, OrderEvent, OrderItem } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { PageLoader } from '../../../components/PageLoader';
import { useErrorText } from '../../../components/use-error-text';
import { ChooseRestaurant } from '../shared/ChooseRestaurant';
import { confirmDanger } from '../shared/confirm';
import { useRestaurants } from '../shared/restaurants-api';
import { useSelectedRestaurantId } from '../shared/use-selected-restaurant';
import { playChime, prepareChime } from './chime';
import { CreateOrderModal } from './CreateOrderModal';
import { OrderCard } from './OrderCard';
import { OrderItemModal } from './OrderItemModal';
import {
  STATUS_FILTERS,
  countByStatus,
  matchesFilter,
  orderPermissions,
  rangeShortcut,
  safeTimeZone,
  shortcutRange,
  type DateRange,
  type DateShortcut,
  type StatusFilter,
} from './order-format';
import { orderKeys, useDeleteOrder, useDeleteOrderItem, useOrders } from './orders-api';
import { StatusModal } from './StatusModal';
import { STATUS_ICONS, useStatusColors } from './status-style';
import { useNow } from './use-now';
import { useOrdersSocket } from './use-orders-socket';
import classes from './orders.module.css';

const FLASH_MS = 6000;

/** Orders screen (SPEC.md §2): the restaurant from the route or the selected one. */
export function OrdersPage() {
  const { t } = useTranslation();
  const restaurantId = useSelectedRestaurantId();
  const restaurants = useRestaurants();
  const restaurant = restaurants.data?.find((r) => r.id === restaurantId);

  if (!restaurantId) return <ChooseRestaurant titleKey="orders.title" />;
  if (restaurants.isPending) return <PageLoader />;
  if (!restaurant) {
    return (
      <>
        <Title order={2} mb="md">
          {t('orders.title')}
        </Title>
        <ErrorBanner error={restaurants.error} />
        {!restaurants.error && <Alert color="yellow">{t('restaurants.notFound')}</Alert>}
      </>
    );
  }
  return <OrdersBoard key={restaurant.id} restaurant={restaurant} />;
}

type Dialog =
  { kind: 'create' } | { kind: 'status'; orderId: number } | { kind: 'item'; orderId: number; itemId?: number };

function OrdersBoard({ restaurant }: { restaurant: Eatery }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const qc = useQueryClient();
  const eateryId = restaurant.id;
  const timeZone = safeTimeZone(restaurant.timeZone);
  const perms = useMemo(() => orderPermissions(restaurant.roles), [restaurant.roles]);
  const now = useNow(30_000);
  const colors = useStatusColors();

  const [filter, setFilter] = useState<StatusFilter>('all');
  // A shortcut follows the clock (a board left open over midnight moves to the new day); typed dates stay put.
  const [dates, setDates] = useState<DateShortcut | DateRange>('today');
  const range = typeof dates === 'string' ? shortcutRange(dates, now, timeZone) : dates;
  const setRange = (update: (r: DateRange) => DateRange) => setDates(update(range));
  const rangeInvalid = !range.from || !range.to || range.from > range.to;
  const orders = useOrders(eateryId, range.from, range.to, !rangeInvalid);
  const all = useMemo(() => orders.data ?? [], [orders.data]);
  const counts = useMemo(() => countByStatus(all), [all]);
  const shown = useMemo(() => all.filter((o) => matchesFilter(o, filter)), [all, filter]);
  const activeShortcut = typeof dates === 'string' ? dates : rangeShortcut(range, now, timeZone);

  const [dialog, setDialog] = useState<Dialog | null>(null);
  const dialogOrder = dialog && dialog.kind !== 'create' ? all.find((o) => o.id === dialog.orderId) : undefined;
  const dialogItem =
    dialog?.kind === 'item' && dialog.itemId ? dialogOrder?.items.find((i) => i.id === dialog.itemId) : undefined;
  // A dialog whose order vanished (deleted elsewhere, or filtered out by a refresh) closes.
  useEffect(() => {
    if (dialog && dialog.kind !== 'create' && orders.isSuccess && !orders.isFetching && !dialogOrder) setDialog(null);
  }, [dialog, dialogOrder, orders.isSuccess, orders.isFetching]);

  // New orders flash; orders this tab created itself do not chime.
  const [flashing, setFlashing] = useState<ReadonlySet<number>>(new Set());
  const ownOrders = useRef(new Set<number>());
  const flash = useCallback((orderId: number) => {
    setFlashing((s) => new Set(s).add(orderId));
    setTimeout(
      () =>
        setFlashing((s) => {
          const next = new Set(s);
          next.delete(orderId);
          return next;
        }),
      FLASH_MS,
    );
  }, []);

  const refetchAll = useCallback(() => qc.invalidateQueries({ queryKey: orderKeys.lists(eateryId) }), [qc, eateryId]);
  useEffect(() => prepareChime(), []);
  const { live, state } = useOrdersSocket(eateryId, {
    onEvent: (event: OrderEvent) => {
      void refetchAll();
      if (event.type !== 'NEW_ORDER') return;
      const announce = () => {
        if (ownOrders.current.has(event.orderId)) return;
        playChime();
        flash(event.orderId);
      };
      // The event of an order this tab is creating may arrive before the answer: wait for it, then decide.
      const creating = () => qc.isMutating({ mutationKey: orderKeys.create(eateryId) }) > 0;
      if (!creating()) return announce();
      const started = Date.now();
      const wait = () => {
        if (creating() && Date.now() - started < 5000) setTimeout(wait, 100);
        else setTimeout(announce, 150);
      };
      wait();
    },
    onResync: () => void refetchAll(),
  });

  // The tab title shows how many orders wait (CREATED), e.g. "(3) Orders".
  useEffect(() => {
    const previous = document.title;
    return () => {
      document.title = previous;
    };
  }, []);
  useEffect(() => {
    const waiting = all.filter((o) => o.status === 'CREATED').length;
    document.title = waiting > 0 ? `(${waiting}) ${t('orders.title')}` : t('orders.title');
  }, [all, t]);

  const deleteOrder = useDeleteOrder(eateryId);
  const deleteItem = useDeleteOrderItem(eateryId);
  const failed = (err: unknown) =>
    notifications.show({ color: 'red', title: t('common.error'), message: errorText(err) });

  const onDeleteOrder = async (order: Order) => {
    if (!(await confirmDanger(t('orders.confirmDelete', { id: order.id, table: order.tableNumber })))) return;
    deleteOrder.mutate(order.id, {
      onSuccess: () => notifications.show({ color: 'green', message: t('orders.deletedOk', { id: order.id }) }),
      onError: failed,
    });
  };
  const onDeleteItem = async (order: Order, item: OrderItem) => {
    if (!(await confirmDanger(t('orders.item.confirmDelete', { name: item.dishName || item.name })))) return;
    deleteItem.mutate(
      { orderId: order.id, itemId: item.id },
      {
        onSuccess: () => notifications.show({ color: 'green', message: t('orders.item.deletedOk') }),
        onError: failed,
      },
    );
  };

  const setShortcut = (s: DateShortcut) => setDates(s);

  return (
    <>
      <Group justify="space-between" mb="sm" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap">
          <Title order={2}>{t('orders.title')}</Title>
          {live ? (
            <Badge color="green" variant="light" size="lg" leftSection={<span className={classes.liveDot} />}>
              {t('orders.live')}
            </Badge>
          ) : state === 'offline' ? (
            <Tooltip label={t('orders.offlineHint')} multiline w={260}>
              <Badge color="gray" variant="light" size="lg" leftSection={<IconWifiOff size={14} />}>
                {t('orders.offline')}
              </Badge>
            </Tooltip>
          ) : null}
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Tooltip label={t('orders.refresh')}>
            <Button
              variant="default"
              leftSection={<IconRefresh size={18} />}
              onClick={() => void orders.refetch()}
              loading={orders.isFetching && !orders.isPending}
              aria-label={t('orders.refresh')}
              px="sm"
            >
              <Text span visibleFrom="xs" inherit>
                {t('orders.refresh')}
              </Text>
            </Button>
          </Tooltip>
          {perms.create && (
            <Button leftSection={<IconPlus size={18} />} onClick={() => setDialog({ kind: 'create' })}>
              {t('orders.create.open')}
            </Button>
          )}
        </Group>
      </Group>

      <div className={classes.filterBar} role="toolbar" aria-label={t('orders.filters')}>
        <div className={classes.filterGroup} role="group" aria-label={t('orders.statusFilter')}>
          {STATUS_FILTERS.map((f) => {
            const active = filter === f;
            const color = f === 'all' ? undefined : colors.order(f);
            const FilterIcon = f === 'all' ? null : STATUS_ICONS[f];
            return (
              <Button
                key={f}
                size="sm"
                radius="xl"
                variant={active ? 'filled' : 'light'}
                color={color}
                autoContrast
                aria-pressed={active}
                data-filter={f}
                onClick={() => setFilter(f)}
                leftSection={FilterIcon ? <FilterIcon size={16} aria-hidden /> : undefined}
                rightSection={
                  <Badge size="sm" circle={counts[f] < 10} variant={active ? 'white' : 'filled'} color={color}>
                    {counts[f]}
                  </Badge>
                }
              >
                {t(f === 'all' ? 'orders.filter.all' : `orders.status.${f}`)}
              </Button>
            );
          })}
        </div>
        <div className={classes.separator} aria-hidden />
        <div className={classes.filterGroup} role="group" aria-label={t('orders.dateShortcuts')}>
          {(['today', 'yesterday', 'last7'] as const).map((s) => (
            <Button
              key={s}
              size="sm"
              radius="xl"
              variant={activeShortcut === s ? 'filled' : 'default'}
              color="dark"
              aria-pressed={activeShortcut === s}
              onClick={() => setShortcut(s)}
            >
              {t(`orders.shortcut.${s}`)}
            </Button>
          ))}
        </div>
        <div className={classes.filterGroup}>
          <DateField
            label={t('orders.from')}
            value={range.from}
            max={range.to || undefined}
            onChange={(from) => setRange((r) => ({ ...r, from }))}
            invalid={rangeInvalid}
          />
          <DateField
            label={t('orders.to')}
            value={range.to}
            min={range.from || undefined}
            onChange={(to) => setRange((r) => ({ ...r, to }))}
            invalid={rangeInvalid}
          />
        </div>
      </div>
      {rangeInvalid && (
        <Text c="red" size="sm" mb="sm" role="alert">
          {t(!range.from || !range.to ? 'orders.dateRequired' : 'orders.dateOrder')}
        </Text>
      )}

      <ErrorBanner error={orders.error} />
      {orders.isPending && !rangeInvalid ? (
        <PageLoader rows={3} />
      ) : shown.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {all.length === 0 ? t('orders.noOrders') : t('orders.noOrdersForFilter')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md">
          {shown.map((order) => (
            <OrderCard
              key={order.id}
              order={order}
              now={now}
              timeZone={timeZone}
              perms={perms}
              flashing={flashing.has(order.id)}
              deleting={deleteOrder.isPending && deleteOrder.variables === order.id}
              onAddItem={() => setDialog({ kind: 'item', orderId: order.id })}
              onEditItem={(item) => setDialog({ kind: 'item', orderId: order.id, itemId: item.id })}
              onDeleteItem={(item) => void onDeleteItem(order, item)}
              onStatus={() => setDialog({ kind: 'status', orderId: order.id })}
              onDelete={() => void onDeleteOrder(order)}
            />
          ))}
        </SimpleGrid>
      )}

      {dialog?.kind === 'create' && (
        <CreateOrderModal
          eateryId={eateryId}
          onClose={() => setDialog(null)}
          onCreated={(order) => {
            ownOrders.current.add(order.id);
            notifications.show({ color: 'green', message: t('orders.create.done', { id: order.id }) });
            // Show the new order even when another day or filter was chosen, then offer to add dishes.
            setFilter('all');
            setDates('today');
            qc.setQueryData<Order[]>(orderKeys.list(eateryId, ...todayPair(timeZone)), (list) =>
              list && !list.some((o) => o.id === order.id) ? [order, ...list] : list,
            );
            setDialog({ kind: 'item', orderId: order.id });
          }}
        />
      )}
      {dialog?.kind === 'status' && dialogOrder && (
        <StatusModal
          eateryId={eateryId}
          order={dialogOrder}
          now={now}
          timeZone={timeZone}
          perms={perms}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'item' && dialogOrder && (!dialog.itemId || dialogItem) && (
        <OrderItemModal
          key={`${dialogOrder.id}-${dialog.itemId ?? 'new'}`}
          eateryId={eateryId}
          order={dialogOrder}
          item={dialogItem}
          perms={perms}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}

/** A compact date input: the label sits inside the field so the filters fit one strip on phones. */
function DateField({
  label,
  value,
  min,
  max,
  onChange,
  invalid,
}: {
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (value: string) => void;
  invalid: boolean;
}) {
  const id = useId();
  return (
    <Group gap={6} wrap="nowrap">
      <Text component="label" htmlFor={id} size="sm" fw={600} c="dimmed">
        {label}
      </Text>
      <TextInput
        id={id}
        type="date"
        value={value}
        min={min}
        max={max}
        onChange={(e) => onChange(e.currentTarget.value)}
        radius="xl"
        size="sm"
        w={165}
        error={invalid}
      />
    </Group>
  );
}

function todayPair(timeZone?: string): [string, string] {
  const r = shortcutRange('today', new Date(), timeZone);
  return [r.from, r.to];
}
