import { Badge, useMantineTheme, type BadgeProps } from '@mantine/core';
import {
  IconCash,
  IconChefHat,
  IconCircleCheck,
  IconCircleX,
  IconClockHour4,
  IconHandFinger,
  IconHourglassHigh,
  type Icon,
} from '@tabler/icons-react';
import type { ItemStatus, OrderStatus } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { shownStatus } from './order-format';

export const STATUS_ICONS: Record<OrderStatus, Icon> = {
  NEEDS_CONFIRMATION: IconHourglassHigh,
  CREATED: IconClockHour4,
  PROCESSING: IconChefHat,
  PREPARING: IconChefHat,
  READY: IconCircleCheck,
  ISSUED: IconHandFinger,
  PAID: IconCash,
  CANCELLED: IconCircleX,
};

/** Item statuses borrow the colour of the order status they resemble (SERVED like ISSUED, DELETED like CANCELLED). */
const ITEM_AS_ORDER: Record<ItemStatus, OrderStatus> = {
  CREATED: 'CREATED',
  PREPARING: 'PREPARING',
  READY: 'READY',
  SERVED: 'ISSUED',
  DELETED: 'CANCELLED',
};

/**
 * Colours of statuses the theme may not name yet: a guest order waiting for staff must not look like any other
 * status (the theme's `statusColors` wins once it has one).
 */
const STATUS_COLOR_FALLBACK: Partial<Record<OrderStatus, string>> = { NEEDS_CONFIRMATION: 'violet' };

/** Mantine colour names of the statuses, from the theme (never an ad-hoc colour). */
export function useStatusColors() {
  const theme = useMantineTheme();
  const colors = (theme.other.statusColors ?? {}) as Record<string, string>;
  return {
    order: (status: OrderStatus) => colors[shownStatus(status)] ?? STATUS_COLOR_FALLBACK[status] ?? 'gray',
    item: (status: ItemStatus) => colors[ITEM_AS_ORDER[status]] ?? 'gray',
  };
}

/** The status of an order as a coloured badge with its icon. */
export function OrderStatusBadge({ status, ...props }: { status: OrderStatus } & BadgeProps) {
  const { t } = useTranslation();
  const colors = useStatusColors();
  const StatusIcon = STATUS_ICONS[shownStatus(status)];
  return (
    <Badge
      color={colors.order(status)}
      variant="filled"
      leftSection={<StatusIcon size={14} aria-hidden />}
      data-status={status}
      {...props}
    >
      {t(`orders.status.${shownStatus(status)}`)}
    </Badge>
  );
}

/** Item statuses show the icon of the order status they resemble, so the chip does not rely on colour alone. */
export function ItemStatusBadge({ status, ...props }: { status: ItemStatus } & BadgeProps) {
  const { t } = useTranslation();
  const colors = useStatusColors();
  const StatusIcon = STATUS_ICONS[ITEM_AS_ORDER[status]];
  return (
    <Badge
      color={colors.item(status)}
      variant="light"
      size="sm"
      leftSection={<StatusIcon size={12} aria-hidden />}
      data-item-status={status}
      {...props}
    >
      {t(`orders.itemStatus.${status}`)}
    </Badge>
  );
}
