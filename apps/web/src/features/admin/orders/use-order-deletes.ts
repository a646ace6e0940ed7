import { notifications } from '@mantine/notifications';
import type { Order } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../components/use-error-text';
import { confirmDanger } from '../shared/confirm';
import { useDeleteOrder } from './orders-api';

/**
 * Deleting an order from the board: confirm first, then a green or red notification. An item is never deleted:
 * it is voided with a reason (VoidItemModal), and stays on the order struck out.
 */
export function useOrderDeletes(eateryId: number) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const deleteOrder = useDeleteOrder(eateryId);
  const failed = (err: unknown) =>
    notifications.show({ color: 'red', title: t('common.error'), message: errorText(err) });

  const removeOrder = async (order: Order) => {
    if (!(await confirmDanger(t('orders.confirmDelete', { number: order.number, table: order.tableNumber })))) return;
    deleteOrder.mutate(order.id, {
      onSuccess: () => notifications.show({ color: 'green', message: t('orders.deletedOk', { number: order.number }) }),
      onError: failed,
    });
  };
  /** Whether this order's delete is on its way (its button spins). */
  const deleting = (orderId: number) => deleteOrder.isPending && deleteOrder.variables === orderId;

  return { removeOrder, deleting };
}
