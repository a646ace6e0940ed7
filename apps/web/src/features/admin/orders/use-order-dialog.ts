import { useEffect, useState } from 'react';
import type { Order } from '@qr-menu/contract';

/**
 * The one dialog the board may show: create an order, change an order's status, reject a guest order waiting for
 * confirmation, add / edit one of its items, or void one.
 */
export type OrderDialog =
  | { kind: 'create' }
  | { kind: 'status'; orderId: number }
  | { kind: 'reject'; orderId: number }
  | { kind: 'item'; orderId: number; itemId?: number }
  | { kind: 'void'; orderId: number; itemId: number };

/**
 * Which dialog is open, with the order (and item) it is about, looked up in the loaded `orders`. A dialog whose
 * order vanished (deleted elsewhere, or filtered out by a refresh) closes once the list has `settled` (loaded and
 * not re-fetching).
 */
export function useOrderDialog(orders: readonly Order[], settled: boolean) {
  const [dialog, setDialog] = useState<OrderDialog | null>(null);
  const order = dialog && dialog.kind !== 'create' ? orders.find((o) => o.id === dialog.orderId) : undefined;
  const itemId = dialog?.kind === 'item' || dialog?.kind === 'void' ? dialog.itemId : undefined;
  const item = itemId ? order?.items.find((i) => i.id === itemId) : undefined;
  useEffect(() => {
    if (dialog && dialog.kind !== 'create' && settled && !order) setDialog(null);
  }, [dialog, order, settled]);
  return { current: dialog, order, item, open: setDialog, close: () => setDialog(null) };
}
