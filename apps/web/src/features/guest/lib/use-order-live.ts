import { useEffect, useRef } from 'react';
import type { GuestOrder, OrderEvent } from '@qr-menu/contract';
import { ORDER_EVENT, SOCKET_PATH, SOCKET_SUBSCRIBE, orderTopic, type SubscribeAck } from '@qr-menu/contract/constants';

const CONNECT_DELAY_MS = 1000;
const RECONNECT_MS = 5000;

/** Of two copies of an order, the newer one (`version` grows with every change; a late event must not win). */
export const newerOrder = (cached: GuestOrder | undefined, live: GuestOrder): GuestOrder =>
  cached && cached.version >= live.version ? cached : live;

/**
 * Live status of orders (DESIGN.md §9): socket.io at /api/ws, subscribed to /topic/order/{orderId} (the server
 * checks the device cookie). The client library is loaded only here, a second after render, so the menu never pays
 * for it. Polling stays on as the fallback.
 *
 * `onChange(order)` gets the order an event carries (as the guest may see it): the page puts it in its cache, no
 * request. `onChange()` without an order asks for a re-fetch: once subscribed (a change made before the
 * subscription would otherwise wait for the poll) and when an event carries no order (a delete).
 */
export function useOrderLive(orderIds: readonly number[], onChange: (order?: GuestOrder) => void, enabled = true) {
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  const key = orderIds.join(',');
  useEffect(() => {
    if (!enabled || !key) return;
    const ids = key.split(',').map(Number);
    let socket: import('socket.io-client').Socket | null = null;
    let cancelled = false;
    const timer = window.setTimeout(() => {
      import('socket.io-client')
        .then(({ io }) => {
          if (cancelled) return;
          const s = io({
            path: SOCKET_PATH,
            withCredentials: true,
            // WebSocket first (works behind a round-robin load balancer); polling only if WebSocket fails, which
            // needs sticky sessions there. Without tryAllTransports a failed WebSocket would not fall back.
            transports: ['websocket', 'polling'],
            tryAllTransports: true,
            reconnectionDelay: RECONNECT_MS,
            reconnectionDelayMax: RECONNECT_MS,
          });
          socket = s;
          // Subscribe on every (re)connection: a new socket has no rooms.
          // Once subscribed, re-fetch: a change made before the subscription would otherwise wait for the poll.
          s.on('connect', () => {
            for (const id of ids)
              s.emit(SOCKET_SUBSCRIBE, orderTopic(id), (ack?: SubscribeAck) => {
                if (ack?.ok) onChangeRef.current();
              });
          });
          // One message may carry several events (the server batches a few milliseconds).
          s.on(ORDER_EVENT, (...events: OrderEvent[]) => {
            for (const event of events) {
              if (!ids.includes(event.orderId)) continue;
              onChangeRef.current('order' in event ? event.order : undefined);
            }
          });
        })
        .catch(() => {
          // No socket (offline, blocked): the 10 s poll keeps the page up to date.
        });
    }, CONNECT_DELAY_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      socket?.disconnect();
    };
  }, [key, enabled]);
}
