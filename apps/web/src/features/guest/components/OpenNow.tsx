import { IconClock } from '@tabler/icons-react';
import { safeTimeZone } from '@qr-menu/contract/constants';
import { useMenu } from '../api';
import type { GuestPlace } from '../cart/cart';
import { useTranslation } from '../lib/i18n';
import { useNow } from '../lib/availability';
import { closedText, openState } from '../lib/opening-hours';
import classes from '../guest.module.css';

/**
 * "Open until 23:00" / "Closed now, opens 09:00", on the restaurant's clock, at the top of the menu under
 * the header (the header's second line has no room for it beside the table at 360–390 px in az and ru). Only after
 * hydration: the time differs between the server's render and the phone's. When the restaurant takes guest orders
 * only within its hours, a closed restaurant shows a banner instead ("Closed now · opens tomorrow at 09:00"): the
 * menu stays browsable, the cart cannot be sent.
 */
export function OpenNow({ eateryId, tableId }: { eateryId: number; tableId: GuestPlace }) {
  const { t } = useTranslation();
  const menu = useMenu(eateryId, tableId).data;
  const now = useNow(menu?.openingHours?.length === 7);
  // Checked (an Intl formatter: tens of milliseconds the first time on a phone) once there is a clock, not while
  // hydrating.
  const zone = now ? safeTimeZone(menu?.timeZone) : undefined;
  if (menu?.openingHours?.length !== 7) return null;
  const state = now && zone ? openState(menu.openingHours, zone, now) : null;
  // The server and the first client render keep the line's room, empty: filling it in moves nothing (layout shift).
  if (!state) return <p className={classes.openState} aria-hidden />;
  if (!state.open && menu.ordersWithinHours) {
    return (
      <p className={`${classes.openState} ${classes.closedBanner}`} role="status" data-testid="closed-banner">
        <IconClock size={18} aria-hidden />
        {closedText(state.opens, t)}
      </p>
    );
  }
  let text: string;
  if (state.open) text = t('client.open.until', { time: state.until });
  else if (!state.opens) text = t('client.open.closed');
  else if (state.opens.inDays === 0) text = t('client.open.opens', { time: state.opens.time });
  else text = t('client.open.opensDay', { day: t(`client.weekdays.${state.opens.weekday}`), time: state.opens.time });
  return (
    <p className={classes.openState} data-open={state.open} data-testid="open-state">
      <IconClock size={18} aria-hidden />
      {text}
    </p>
  );
}
