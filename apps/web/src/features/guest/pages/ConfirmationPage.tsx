import { useId, useMemo } from 'react';
import {
  IconCircleCheckFilled,
  IconClock,
  IconMoodSad,
  IconPlus,
  IconReceipt2,
  IconToolsKitchen2,
} from '@tabler/icons-react';
import type { GuestOrder } from '@qr-menu/contract';
import {
  isFinalOrderStatus,
  isSettledOrder,
  localName,
  newerCopy,
  orderDueCents,
  serviceChargeCents,
  toCents,
} from '@qr-menu/contract/constants';
import { useTranslation } from '../lib/i18n';
import { useNavigate, useParams } from '../lib/router';
import { guestKeys, useMenu, useOrder, type PlaceMenu } from '../api';
import type { GuestPlace } from '../cart/cart';
import { guestOrderPlace, orderMenuPlace } from '../lib/order-place';
import { useCart } from '../cart/cart-store';
import { CardsSkeleton } from '../components/CardsSkeleton';
import { HeldCourses } from '../components/HeldCourses';
import { StatusAnnouncer } from '../components/StatusAnnouncer';
import { StatusBadge } from '../components/StatusBadge';
import { StatusSteps } from '../components/StatusSteps';
import { GuestMessage } from '../GuestLayout';
import { focusOnMount } from '../lib/focus';
import { OrderTime } from '../components/OrderTime';
import { useMoney } from '../lib/use-money';
import { formatRateBp } from '../lib/money';
import { serviceChargeName } from '../lib/service-charge';
import { useOpenMenu } from '../lib/use-open-menu';
import { useOrderLive } from '../lib/use-order-live';
import { setQueryData } from '../lib/query';
import { parseId } from '../lib/use-place';
import { optionsText } from '../lib/option-text';
import { Button, ButtonLink } from '../ui/Button';
import { ui } from '../ui/parts';
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

function Confirmation({
  eateryId,
  tableId,
  orderId,
}: {
  eateryId: number;
  tableId: GuestPlace | null;
  orderId: number;
}) {
  const { t } = useTranslation();
  const order = useOrder(eateryId, orderId);
  useOrderLive(
    [orderId],
    (live) => {
      // The event carries the order: no request. Without one (a delete), ask the server.
      if (live) setQueryData<GuestOrder>(guestKeys.order(eateryId, orderId), (cached) => newerCopy(cached, live));
      else void order.refetch();
    },
    // Until it is settled: a paid order's dishes may still be cooking.
    !!order.data && !isSettledOrder(order.data),
  );

  if (order.isPending) return <CardsSkeleton cards={[180, 120, 160]} />;
  if (order.isError) {
    return (
      <GuestMessage icon={IconMoodSad} title={t('client.errorTitle')} text={t('client.fetchOrderError')}>
        <ButtonLink to="/client/menu" size="lg">
          {t('client.backHome')}
        </ButtonLink>
      </GuestMessage>
    );
  }
  return <OrderView order={order.data} tableId={tableId} />;
}

function OrderView({ order, tableId }: { order: GuestOrder; tableId: GuestPlace | null }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const navigate = useNavigate();
  const openMenu = useOpenMenu();
  const menu = useMenu(order.eateryId, orderMenuPlace(order, tableId));
  const final = isFinalOrderStatus(order.status);
  // Pickup: no waiter brings it; the guest listens for the number and collects it at the counter.
  const pickup = order.kind !== 'DINE_IN';

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
    <div className={`${classes.narrow} ${ui.stack}`}>
      <section className={`${ui.card} ${classes.confirmHead}`}>
        {order.status !== 'CANCELLED' && (
          <div className={classes.thanks}>
            {/* Green on the icon only: green text on white is below 4.5:1. */}
            <IconCircleCheckFilled size={26} aria-hidden color="#2f9e44" style={{ flex: 'none' }} />
            <span>{t('client.confirmation.thanks')}</span>
          </div>
        )}
        <div id={captionId} className={`${classes.caption} ${ui.dimmed}`}>
          {pickup ? t('client.pickup.yourNumber') : t('client.confirmation.orderNumber')}
        </div>
        {/* The page starts here for keyboard and screen-reader users; it reads "Order number #12". */}
        <h1
          id={headingId}
          aria-labelledby={`${captionId} ${headingId}`}
          tabIndex={-1}
          ref={focusOnMount}
          className={pickup ? `${classes.orderNumber} ${classes.pickupNumber}` : classes.orderNumber}
          data-testid="order-number"
        >
          {pickup ? order.number : `#${order.number}`}
        </h1>
        <p className={`${classes.confirmMeta} ${ui.dimmed}`}>
          {guestOrderPlace(order, t)} · <OrderTime iso={order.createdAt} eateryId={order.eateryId} />
        </p>
        <p className={`${classes.confirmHint} ${ui.dimmed}`}>
          {pickup ? t('client.pickup.listenForNumber') : t('client.confirmation.showWaiter')}
        </p>
      </section>

      <StatusAnnouncer orders={[order]} />
      <section className={ui.card}>
        <div className={`${ui.row} ${classes.statusHead}`}>
          <h2 className={classes.cardTitle}>{t('client.steps.label')}</h2>
          <StatusBadge status={order.status} rejectionReason={order.rejectionReason} />
        </div>
        <StatusSteps status={order.status} rejectionReason={order.rejectionReason} items={order.items} />
        {order.status === 'NEEDS_CONFIRMATION' && (
          <p className={`${classes.confirmHint} ${ui.dimmed}`}>{t('client.confirm.waitingHint')}</p>
        )}
        {order.estimatedTime > 0 && order.status !== 'NEEDS_CONFIRMATION' && (
          <div className={classes.estimate}>
            <IconClock size={20} aria-hidden style={{ flex: 'none' }} />
            <span>{t('client.confirmation.estimated', { minutes: order.estimatedTime })}</span>
          </div>
        )}
        <HeldCourses order={order} courses={menu.data?.courses} />
      </section>

      <section className={ui.card}>
        <h2 className={classes.cardTitle}>{t('client.confirmation.summary')}</h2>
        <ul className={classes.summary}>
          {items.map((item) => (
            <li key={item.id} className={classes.summaryItem}>
              <div style={{ minWidth: 0 }}>
                <div className={classes.summaryName}>
                  {item.quantity} × {(item.dishId !== null && names.get(item.dishId)) || item.name}
                </div>
                {item.options?.length > 0 && (
                  <div className={`${classes.summaryNote} ${ui.dimmed}`}>
                    {optionsText(item.options, i18n.language)}
                  </div>
                )}
                {item.note && <div className={`${classes.summaryNote} ${ui.dimmed}`}>{item.note}</div>}
              </div>
              <span className={classes.summaryPrice}>{money(toCents(item.price) * item.quantity)}</span>
            </li>
          ))}
        </ul>
        {order.note && (
          <>
            <hr className={ui.divider} />
            <div className={`${classes.noteLabel} ${ui.dimmed}`}>{t('client.confirmation.note')}</div>
            <p className={classes.orderNoteText}>{order.note}</p>
          </>
        )}
        <hr className={ui.divider} />
        <OrderTotal order={order} menu={menu.data} />
      </section>

      <div className={classes.confirmActions}>
        {!final && (
          <Button size="lg" variant="light" leftSection={<IconPlus size={20} />} onClick={() => openMenu(order)}>
            {t('client.confirmation.addDishes')}
          </Button>
        )}
        <Button size="lg" leftSection={<IconToolsKitchen2 size={20} />} onClick={() => openMenu(null)}>
          {t('client.header.newOrder')}
        </Button>
        <Button
          size="lg"
          variant="outline"
          leftSection={<IconReceipt2 size={20} />}
          onClick={() => void navigate('/client/orders')}
        >
          {t('client.header.myOrders')}
        </Button>
      </div>
    </div>
  );
}

/**
 * What the order costs: with a discount or a service charge, the dishes' sum, the discount and the service charge
 * (the order's own rate of the dishes after discount, contract `serviceChargeCents`) first, then the total due
 * (contract `orderDueCents`); without either, just the total. The charge is named as the restaurant names it.
 */
function OrderTotal({ order, menu }: { order: GuestOrder; menu: PlaceMenu | undefined }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const discount = toCents(order.discount);
  const rate = order.serviceChargeRate ?? 0;
  const charge = rate > 0 ? serviceChargeCents(toCents(order.orderPrice) - discount, rate) : 0;
  return (
    <div className={classes.summaryLines}>
      {(discount > 0 || rate > 0) && (
        <div className={`${ui.row} ${ui.dimmed}`} data-testid="order-subtotal">
          <span>{t('client.confirmation.subtotal')}</span>
          <span>{money(toCents(order.orderPrice))}</span>
        </div>
      )}
      {discount > 0 && (
        <div className={`${ui.row} ${ui.dimmed}`} data-testid="order-discount">
          <span>{t('client.confirmation.discount')}</span>
          <span>{money(-discount)}</span>
        </div>
      )}
      {rate > 0 && (
        <div className={`${ui.row} ${ui.dimmed}`} data-testid="order-service-charge">
          <span>
            {t('client.serviceCharge.line', {
              name: serviceChargeName(menu, i18n.language, t),
              rate: formatRateBp(rate, i18n.language),
            })}
          </span>
          <span>{money(charge)}</span>
        </div>
      )}
      <div className={`${ui.row} ${classes.summaryTotal}`} data-testid="order-total">
        <span>{t('client.confirmation.total')}</span>
        <strong>{money(orderDueCents(order))}</strong>
      </div>
    </div>
  );
}
