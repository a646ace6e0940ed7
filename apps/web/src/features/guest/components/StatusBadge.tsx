import { useTranslation } from '../lib/i18n';
import { guestStatusKey } from '../lib/status';
import { Badge, type BadgeColor } from '../ui/parts';

/** Status colours of the guest pages (warm: a new order is orange, not the staff board's alarm red). */
const STATUS_COLORS: Record<string, BadgeColor> = {
  NEEDS_CONFIRMATION: 'gray',
  CREATED: 'orange',
  PROCESSING: 'yellow',
  PREPARING: 'yellow',
  READY: 'green',
  ISSUED: 'teal',
  PAID: 'gray',
  CANCELLED: 'red',
};

export function StatusBadge({ status, rejectionReason }: { status: string; rejectionReason?: string | null }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray'} data-status={status}>
      {t(`client.status.${guestStatusKey(status, rejectionReason)}`)}
    </Badge>
  );
}
