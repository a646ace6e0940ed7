import { IconChevronRight, IconPlus, IconReceipt2 } from '@tabler/icons-react';
import type { GuestOrder } from '@qr-menu/contract';
import {
  isFinalOrderStatus,
  isSettledOrder,
  newerCopy,
  orderDueCents,
  serviceChargeCents,
  toCents,
} from '@qr-menu/contract/constants';
import { useTranslation } from '../lib/i18n';
import { useNavigate } from '../lib/router';
import { guestKeys, useMenu, useOrders } from '../api';
import { useCart } from '../cart/cart-store';
import type { GuestPlace } from '../cart/cart';
import { guestOrderPlace, orderMenuPlace } from '../lib/order-place';
import { CardsSkeleton } from '../components/CardsSkeleton';
import { LoadError } from '../components/LoadError';
import { HeldCourses } from '../components/HeldCourses';
import { StatusAnnouncer } from '../components/StatusAnnouncer';
import { StatusBadge } from '../components/StatusBadge';
import { GuestMessage } from '../GuestLayout';
import { focusOnMount } from '../lib/focus';
import { OrderTime } from '../components/OrderTime';
import { useMoney } from '../lib/use-money';
import { formatRateBp } from '../lib/money';
import { serviceChargeName } from '../lib/service-charge';
import { useOpenMenu } from '../lib/use-open-menu';
import { useOrderLive } from '../lib/use-order-live';
import { setQueryData } from '../lib/query';
import { Button, ButtonLink } from '../ui/Button';
import { ui } from '../ui/parts';
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
  const cart = useCart();
  const orders = useOrders(eateryId);
  const open = (orders.data ?? []).filter((o) => !isSettledOrder(o)).map((o) => o.id);
  useOrderLive(open, (live) => {
    // The event carries the order: replace it in the list, no request. Without one (a delete), ask the server.
    if (live) {
      setQueryData<GuestOrder[]>(guestKeys.orders(eateryId), (list) =>
        list?.map((o) => (o.id === live.id ? newerCopy(o, live) : o)),
      );
    } else void orders.refetch();
  });

  if (orders.isPending) return <CardsSkeleton heading cards={[150, 150]} />;
  if (orders.isError) return <LoadError error={orders.error} onRetry={() => void orders.refetch()} />;
  if (orders.data.length === 0) {
    return (
      <GuestMessage icon={IconReceipt2} title={t('client.noOrders')}>
        <ButtonLink to="/client/menu" size="lg">
          {t('client.orders.startOrder')}
        </ButtonLink>
      </GuestMessage>
    );
  }
  return (
    <div className={classes.narrow}>
      <h1 className={classes.pageTitle} tabIndex={-1} ref={focusOnMount}>
        {t('client.orders.title')}
      </h1>
      <StatusAnnouncer orders={orders.data} />
      <div className={ui.stack}>
        {orders.data.map((o) => (
          <OrderCard key={o.id} order={o} tableId={cart.tableId} />
        ))}
      </div>
    </div>
  );
}

function OrderCard({ order, tableId }: { order: GuestOrder; tableId: GuestPlace | null }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  // The service charge's name as the restaurant gives it (its menu), else the guest pages' word for it.
  const menu = useMenu(order.eateryId, orderMenuPlace(order, tableId));
  const navigate = useNavigate();
  const openMenu = useOpenMenu();
  const dishes = order.items.filter((i) => i.status !== 'DELETED').reduce((n, i) => n + i.quantity, 0);
  const title = t('client.orders.orderTitle', { number: order.number });
  const rate = order.serviceChargeRate ?? 0;
  return (
    <article className={`${ui.card} ${classes.orderCard}`} aria-label={title}>
      <div className={`${ui.row} ${classes.orderCardHead}`}>
        <div style={{ minWidth: 0 }}>
          <h2 className={classes.orderCardTitle}>{title}</h2>
          <div className={`${classes.orderCardMeta} ${ui.dimmed}`}>
            <OrderTime iso={order.createdAt} eateryId={order.eateryId} /> · {guestOrderPlace(order, t)}
          </div>
        </div>
        <StatusBadge status={order.status} rejectionReason={order.rejectionReason} />
      </div>
      <div className={`${ui.row} ${classes.orderCardSum}`}>
        <span className={ui.dimmed}>{t('client.orders.dishCount', { count: dishes })}</span>
        <strong data-testid="order-total">{money(orderDueCents(order))}</strong>
      </div>
      <HeldCourses order={order} courses={menu.data?.courses} />
      {/* What is due is after the discount and with the service charge: the sum of the dishes, the discount and the
          charge say why it differs from the dishes. */}
      {(toCents(order.discount) > 0 || rate > 0) && (
        <div className={`${classes.orderCardDiscount} ${ui.dimmed}`} data-testid="order-discount">
          {t('client.confirmation.subtotal')} {money(toCents(order.orderPrice))}
          {toCents(order.discount) > 0 && (
            <>
              {' '}
              · {t('client.confirmation.discount')} {money(-toCents(order.discount))}
            </>
          )}
          {rate > 0 && (
            <>
              {' '}
              ·{' '}
              {t('client.serviceCharge.line', {
                name: serviceChargeName(menu.data, i18n.language, t),
                rate: formatRateBp(rate, i18n.language),
              })}{' '}
              {money(serviceChargeCents(toCents(order.orderPrice) - toCents(order.discount), rate))}
            </>
          )}
        </div>
      )}
      <div className={classes.orderCardActions}>
        <Button
          variant="outline"
          rightSection={<IconChevronRight size={18} />}
          onClick={() => void navigate(`/client/order-confirmation/${order.id}`)}
        >
          {t('client.orders.details')}
        </Button>
        {!isFinalOrderStatus(order.status) && (
          <Button leftSection={<IconPlus size={18} />} onClick={() => openMenu(order)}>
            {t('client.orders.addDishes')}
          </Button>
        )}
      </div>
    </article>
  );
}
