import { useEffect, useRef } from 'react';
import { SOCKET_PATH, SOCKET_SUBSCRIBE, type SubscribeAck } from '@qr-menu/contract/constants';

const CONNECT_DELAY_MS = 1000;
const RECONNECT_MS = 5000;

export interface GuestTopics<E> {
  /** Topics to subscribe to (the server checks the device cookie); none: no socket. */
  topics: readonly string[];
  /** The socket event the topics' messages come as. */
  event: string;
  /** Every event of a message (the server may batch several into one). */
  onEvent: (event: E) => void;
  /** A subscription was accepted: a change made before it would otherwise wait for the poll. */
  onSubscribed?: () => void;
  enabled?: boolean;
}

/**
 * The guest's live channel: socket.io at /api/ws, subscribed to the given topics. The client library
 * is loaded only here, a second after render, so the menu never pays for it; the pages keep polling as the
 * fallback. Used for the order status and for calls from the table.
 */
export function useGuestTopics<E>({ topics, event, onEvent, onSubscribed, enabled = true }: GuestTopics<E>) {
  const handlers = useRef({ onEvent, onSubscribed });
  useEffect(() => {
    handlers.current = { onEvent, onSubscribed };
  });
  const key = topics.join('\n');
  useEffect(() => {
    if (!enabled || !key) return;
    const list = key.split('\n');
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
          s.on('connect', () => {
            for (const topic of list)
              s.emit(SOCKET_SUBSCRIBE, topic, (ack?: SubscribeAck) => {
                if (ack?.ok) handlers.current.onSubscribed?.();
              });
          });
          s.on(event, (...events: E[]) => {
            for (const e of events) handlers.current.onEvent(e);
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
  }, [key, event, enabled]);
}
