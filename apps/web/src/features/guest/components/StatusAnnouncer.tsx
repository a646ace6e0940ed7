import { useTranslation } from '../lib/i18n';
import { guestStatusKey } from '../lib/status';
import { VisuallyHidden } from '../ui/parts';
import { useStatusChanges, type OrderStatus } from '../lib/use-status-changes';

/**
 * A polite live region that says "Order #12: Ready" when an order's status changes while the guest looks at the
 * page (socket or poll), so a screen-reader user hears what a sighted guest sees move.
 */
export function StatusAnnouncer({ orders }: { orders: readonly OrderStatus[] }) {
  const { t } = useTranslation();
  const changed = useStatusChanges(orders);
  const text = changed
    .map(({ number, status, rejectionReason }) =>
      t('client.orders.statusChanged', {
        number,
        status: t(`client.status.${guestStatusKey(status, rejectionReason)}`),
      }),
    )
    .join('. ');
  return (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="status-announcer">
      {text}
    </VisuallyHidden>
  );
}
