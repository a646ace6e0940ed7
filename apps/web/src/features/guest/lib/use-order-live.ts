import type { GuestOrder, OrderEvent } from '@qr-menu/contract';
import { ORDER_EVENT, orderTopic } from '@qr-menu/contract/constants';
import { useGuestTopics } from './guest-socket';

/**
 * Live status of orders: subscribed to /topic/order/{orderId} on the guest socket.
 *
 * `onChange(order)` gets the order an event carries (as the guest may see it): the page puts it in its cache, no
 * request. `onChange()` without an order asks for a re-fetch: once subscribed (a change made before the
 * subscription would otherwise wait for the poll) and when an event carries no order (a delete).
 */
export function useOrderLive(orderIds: readonly number[], onChange: (order?: GuestOrder) => void, enabled = true) {
  useGuestTopics<OrderEvent>({
    topics: orderIds.map(orderTopic),
    event: ORDER_EVENT,
    enabled,
    onSubscribed: () => onChange(),
    onEvent: (event) => {
      if (orderIds.includes(event.orderId)) onChange('order' in event ? event.order : undefined);
    },
  });
}
