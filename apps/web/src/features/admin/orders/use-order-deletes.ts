import { notifications } from '@mantine/notifications';
import type { Order, OrderItem } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../components/use-error-text';
import { confirmDanger } from '../shared/confirm';
import { useDeleteOrder, useDeleteOrderItem } from './orders-api';
import { itemName } from '../shared/live/item-name';

/** Deleting an order or one of its items from the board: confirm first, then a green or red notification. */
export function useOrderDeletes(eateryId: number) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const deleteOrder = useDeleteOrder(eateryId);
  const deleteItem = useDeleteOrderItem(eateryId);
  const failed = (err: unknown) =>
    notifications.show({ color: 'red', title: t('common.error'), message: errorText(err) });

  const removeOrder = async (order: Order) => {
    if (!(await confirmDanger(t('orders.confirmDelete', { id: order.id, table: order.tableNumber })))) return;
    deleteOrder.mutate(order.id, {
      onSuccess: () => notifications.show({ color: 'green', message: t('orders.deletedOk', { id: order.id }) }),
      onError: failed,
    });
  };
  const removeItem = async (order: Order, item: OrderItem) => {
    if (!(await confirmDanger(t('orders.item.confirmDelete', { name: itemName(item, i18n.language) })))) return;
    deleteItem.mutate(
      { orderId: order.id, itemId: item.id },
      {
        onSuccess: () => notifications.show({ color: 'green', message: t('orders.item.deletedOk') }),
        onError: failed,
      },
    );
  };
  /** Whether this order's delete is on its way (its button spins). */
  const deleting = (orderId: number) => deleteOrder.isPending && deleteOrder.variables === orderId;

  return { removeOrder, removeItem, deleting };
}
