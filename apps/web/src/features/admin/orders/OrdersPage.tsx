import { useMemo, useState } from 'react';
import { Alert, SimpleGrid, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { Eatery, Order, OrderEvent } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { PageLoader } from '../../../components/PageLoader';
import { ChooseRestaurant } from '../shared/ChooseRestaurant';
import { useRestaurants } from '../shared/restaurants-api';
import { useSelectedRestaurantId } from '../shared/use-selected-restaurant';
import { OrderEntrySheet, type EntryStart } from '../shared/order-entry/OrderEntrySheet';
import { roundChange } from '../shared/order-entry/order-entry-api';
import { LoadMoreOrders } from './LoadMoreOrders';
import { OrderCard } from './OrderCard';
import { OrderFilters } from './OrderFilters';
import { OrderItemModal } from './OrderItemModal';
import { countByStatus, matchesFilter, orderPermissions, safeTimeZone, waitingFirst } from './order-format';
import { orderKeys, patchOrderLists, useAcceptOrder, useOrderTables, useOrders } from './orders-api';
import { RejectOrderModal } from './RejectOrderModal';
import { useEarlierOpenOrders } from './earlier-open-orders';
import { OrdersHeader } from './OrdersHeader';
import { StatusModal } from './StatusModal';
import { useLiveOrderLists } from './use-live-order-lists';
import { useNow } from '../shared/live/use-now';
import { useOrderAlerts } from './use-order-alerts';
import { useOrderDeletes } from './use-order-deletes';
import { useOrderDialog } from './use-order-dialog';
import { useItemSteps } from './use-item-steps';
import { useOrderFilters } from './use-order-filters';
import { useOrdersSocket } from '../shared/live/use-orders-socket';
import { CallsAlert } from '../shared/live/CallsAlert';
import { SoundBanner } from '../shared/live/SoundBanner';
import { applyCallEvent, callKeys } from '../shared/live/use-table-calls';
import { useTitleCounter } from './use-title-counter';
import { VoidItemModal } from './VoidItemModal';

/** Orders screen: the restaurant from the route or the selected one. */
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

const NONE: Order[] = [];

/** The live board of one restaurant: header, filters, the order cards and the dialog that is open. */
function OrdersBoard({ restaurant }: { restaurant: Eatery }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const eateryId = restaurant.id;
  const timeZone = safeTimeZone(restaurant.timeZone);
  const perms = useMemo(() => orderPermissions(restaurant.roles), [restaurant.roles]);
  const showCalls = perms.answerCalls;
  const now = useNow(30_000);

  const filters = useOrderFilters(now, timeZone);
  const { range, rangeInvalid } = filters;
  const orders = useOrders(eateryId, range.from, range.to, !rangeInvalid, timeZone);
  const all = useMemo(() => orders.data?.pages.flatMap((p) => p.orders) ?? [], [orders.data]);
  const counts = useMemo(() => countByStatus(all), [all]);
  const shown = useMemo(() => waitingFirst(all.filter((o) => matchesFilter(o, filters.status))), [all, filters.status]);
  // "Open" also shows what is still open from before the chosen days (a table served across midnight).
  const earlierQuery = useEarlierOpenOrders(eateryId, range.from, timeZone, filters.status === 'open' && !rangeInvalid);
  const earlierData = earlierQuery.data;
  const earlier = useMemo(
    () => (filters.status === 'open' && earlierData ? earlierData : NONE),
    [filters.status, earlierData],
  );
  const everything = useMemo(() => (earlier.length ? [...earlier, ...all] : all), [earlier, all]);
  useTitleCounter(t('orders.title'), counts.CREATED + counts.NEEDS_CONFIRMATION);

  const dialog = useOrderDialog(everything, orders.isSuccess && !orders.isFetching);
  // The order grid: a new order at a table (chosen there) or a takeaway order.
  const [entryStart, setEntryStart] = useState<EntryStart | null>(null);
  const tables = useOrderTables(eateryId, entryStart?.kind === 'table');

  const alerts = useOrderAlerts(eateryId);
  // Events patch the cached lists (no list request); only a reconnect or the offline fallback re-fetches them.
  const lists = useLiveOrderLists(eateryId);
  const { state } = useOrdersSocket(eateryId, {
    onEvent: (event: OrderEvent) => {
      lists.apply(event);
      alerts.onEvent(event);
    },
    onCallEvent: showCalls ? (event) => applyCallEvent(qc, eateryId, event) : undefined,
    onResync: () => {
      void lists.resync();
      if (showCalls) void qc.invalidateQueries({ queryKey: callKeys.list(eateryId) });
    },
  });
  const deletes = useOrderDeletes(eateryId);
  const steps = useItemSteps(eateryId);
  const accept = useAcceptOrder(eateryId);
  const acceptOrder = (order: Order) =>
    accept.mutate(order.id, {
      onSuccess: () =>
        notifications.show({ color: 'green', message: t('orders.waiting.accepted', { number: order.number }) }),
    });

  const card = (order: Order) => (
    <OrderCard
      key={order.id}
      order={order}
      now={now}
      timeZone={timeZone}
      perms={perms}
      flashing={alerts.flashing.has(order.id)}
      deleting={deletes.deleting(order.id)}
      onAddItem={() => dialog.open({ kind: 'item', orderId: order.id })}
      onEditItem={(item) => dialog.open({ kind: 'item', orderId: order.id, itemId: item.id })}
      onVoidItem={(item) => dialog.open({ kind: 'void', orderId: order.id, itemId: item.id })}
      onStepItem={(item, status) => void steps.step(order, item, status)}
      stepping={steps.stepping}
      onStatus={() => dialog.open({ kind: 'status', orderId: order.id })}
      onDelete={() => void deletes.removeOrder(order)}
      onAccept={() => acceptOrder(order)}
      onReject={() => dialog.open({ kind: 'reject', orderId: order.id })}
      accepting={accept.isPending && accept.variables === order.id}
    />
  );

  return (
    <>
      <OrdersHeader
        socket={state}
        refreshing={orders.isFetching && !orders.isPending}
        onRefresh={() => void orders.refetch()}
        onCreate={perms.create ? () => setEntryStart({ kind: 'table', tableId: null }) : undefined}
        onTakeaway={perms.create ? () => setEntryStart({ kind: 'takeaway' }) : undefined}
      />
      <SoundBanner />
      {showCalls && <CallsAlert eateryId={eateryId} listen={false} />}
      <OrderFilters filters={filters} counts={counts} />

      <ErrorBanner error={orders.error} />
      <ErrorBanner error={accept.error} onClose={() => accept.reset()} />
      {earlier.length > 0 && (
        <section aria-labelledby="earlier-open-title" data-testid="earlier-open">
          <Title order={3} size="h4" id="earlier-open-title" mb="xs">
            {t('orders.earlierOpen', { count: earlier.length })}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md" mb="lg">
            {earlier.map((order) => card(order))}
          </SimpleGrid>
        </section>
      )}
      {orders.isPending && !rangeInvalid ? (
        <PageLoader rows={3} />
      ) : shown.length === 0 ? (
        earlier.length > 0 ? null : (
          <Text c="dimmed" ta="center" py="xl">
            {t(
              all.length === 0
                ? 'orders.noOrders'
                : filters.status === 'open'
                  ? 'orders.noOpenOrders'
                  : 'orders.noOrdersForFilter',
            )}
          </Text>
        )
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md">
          {shown.map((order) => card(order))}
        </SimpleGrid>
      )}
      {!orders.isPending && (
        <LoadMoreOrders
          count={all.length}
          hasMore={orders.hasNextPage}
          loading={orders.isFetchingNextPage}
          paused={orders.isFetching}
          onLoadMore={() => void orders.fetchNextPage({ cancelRefetch: false })}
        />
      )}

      {entryStart && (
        <OrderEntrySheet
          restaurant={restaurant}
          start={entryStart}
          openOrders={everything}
          tables={tables.data}
          sendKey={orderKeys.create(eateryId)}
          onClose={() => setEntryStart(null)}
          onSent={(result) => {
            patchOrderLists(qc, eateryId, [roundChange(result)]);
            alerts.markOwn(result.order.id);
            // Show the order even when another day or filter was chosen (the answer is already in today's list).
            filters.showToday();
          }}
        />
      )}
      {dialog.current?.kind === 'status' && dialog.order && (
        <StatusModal
          eateryId={eateryId}
          order={dialog.order}
          now={now}
          timeZone={timeZone}
          perms={perms}
          onClose={dialog.close}
        />
      )}
      {dialog.current?.kind === 'reject' && dialog.order && (
        <RejectOrderModal eateryId={eateryId} order={dialog.order} onClose={dialog.close} />
      )}
      {dialog.current?.kind === 'void' && dialog.order && dialog.item && (
        <VoidItemModal
          eateryId={eateryId}
          order={dialog.order}
          item={dialog.item}
          roles={perms.roles}
          onClose={dialog.close}
        />
      )}
      {dialog.current?.kind === 'item' && dialog.order && (!dialog.current.itemId || dialog.item) && (
        <OrderItemModal
          key={`${dialog.order.id}-${dialog.current.itemId ?? 'new'}`}
          eateryId={eateryId}
          order={dialog.order}
          item={dialog.item}
          perms={perms}
          onClose={dialog.close}
        />
      )}
    </>
  );
}
