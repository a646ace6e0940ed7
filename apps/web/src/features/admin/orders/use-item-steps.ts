import { useCallback, useRef, useState } from 'react';
import { notifications } from '@mantine/notifications';
import type { ItemStatus, Order, OrderItem } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../components/use-error-text';
import { useUpdateOrderItem } from './orders-api';
import { itemName } from '../shared/live/item-name';

/**
 * One tap moves an item to its next status (no pencil, dialog, select and save). The answer patches
 * the board; a failure says so in a red toast. An item whose step is on its way cannot be tapped again, so a double
 * tap sends one change.
 */
export function useItemSteps(eateryId: number) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const update = useUpdateOrderItem(eateryId);
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());
  const busy = useRef(new Set<number>());

  const mark = useCallback((itemId: number, on: boolean) => {
    if (on) busy.current.add(itemId);
    else busy.current.delete(itemId);
    setPending(new Set(busy.current));
  }, []);

  const step = async (order: Order, item: OrderItem, status: ItemStatus) => {
    if (busy.current.has(item.id)) return;
    mark(item.id, true);
    try {
      // mutateAsync, not mutate: the callbacks of mutate fire only for the latest of several taps on the board.
      await update.mutateAsync({ orderId: order.id, itemId: item.id, body: { status } });
    } catch (err) {
      notifications.show({
        color: 'red',
        title: t('orders.item.stepFailed', { name: itemName(item, i18n.language) }),
        message: errorText(err),
      });
    } finally {
      mark(item.id, false);
    }
  };

  return { step, stepping: (itemId: number) => pending.has(itemId) };
}
