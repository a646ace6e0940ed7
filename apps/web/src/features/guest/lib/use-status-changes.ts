import { useState } from 'react';

export interface OrderStatus {
  id: number;
  /** The order's number of the day: what the guest hears ("Order #3: Ready"); `id` tells the orders apart. */
  number: number;
  status: string;
  rejectionReason?: string | null;
}

const keyOf = (orders: readonly OrderStatus[]) => orders.map((o) => `${o.id}:${o.status}`).join(',');

/**
 * The orders whose status changed since the previous render (empty at first: the page itself shows the first
 * status). They stay until the next change, for a polite live region to read out.
 */
export function useStatusChanges(orders: readonly OrderStatus[]): OrderStatus[] {
  const key = keyOf(orders);
  const [seen, setSeen] = useState({ key, statuses: new Map(orders.map((o) => [o.id, o.status])) });
  const [changed, setChanged] = useState<OrderStatus[]>([]);
  if (key !== seen.key) {
    // Adjusting state while rendering (React's pattern for "state from the previous props").
    setChanged(orders.filter((o) => seen.statuses.has(o.id) && seen.statuses.get(o.id) !== o.status));
    setSeen({ key, statuses: new Map(orders.map((o) => [o.id, o.status])) });
  }
  return changed;
}
