import { Badge, Text, type BadgeProps } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import type { OrderItem } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';

/**
 * A voided item's badge: the word and an icon, so it does not rely on colour (nor on the strike-through, which a
 * screen reader does not read).
 */
export function VoidedBadge(props: BadgeProps) {
  const { t } = useTranslation();
  return (
    <Badge
      color="gray"
      variant="outline"
      size="sm"
      leftSection={<IconBan size={12} aria-hidden />}
      data-item-status="DELETED"
      {...props}
    >
      {t('orders.void.voided')}
    </Badge>
  );
}

/** Why a voided item was voided, muted under its name; nothing for items deleted before voids had reasons. */
export function VoidReason({ item }: { item: Pick<OrderItem, 'status' | 'voidReason'> }) {
  const { t } = useTranslation();
  if (item.status !== 'DELETED' || !item.voidReason) return null;
  return (
    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="void-reason">
      {t('orders.void.because', { reason: item.voidReason })}
    </Text>
  );
}
