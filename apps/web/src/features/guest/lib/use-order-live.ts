import { useEffect, useRef } from 'react';
import type { OrderEvent } from '@qr-menu/contract';
import { ORDER_EVENT, SOCKET_PATH, SOCKET_SUBSCRIBE, orderTopic, type SubscribeAck } from '@qr-menu/contract/constants';

const CONNECT_DELAY_MS = 1000;
const RECONNECT_MS = 5000;

/**
 * Live status of orders (DESIGN.md §9): socket.io at /api/ws, subscribed to /topic/order/{orderId} (the server
 * checks the device cookie). The client library is loaded only here, a second after render, so the menu never pays
 * for it. Polling stays on as the fallback; `onChange` just triggers an immediate re-fetch.
 */
export function useOrderLive(orderIds: readonly number[], onChange: () => void, enabled = true) {
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
          s.on(ORDER_EVENT, (event: OrderEvent) => {
            if (ids.includes(event.orderId)) onChangeRef.current();
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
