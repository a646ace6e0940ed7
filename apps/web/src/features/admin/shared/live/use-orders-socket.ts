import { useEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import {
  CALL_EVENT,
  LIMITS,
  ORDER_EVENT,
  EATERY_SETTINGS_EVENT,
  PRINTERS_EVENT,
  SOCKET_PATH,
  SOCKET_SUBSCRIBE,
  ordersTopic,
  type CallEvent,
  type OrderEvent,
  type SubscribeAck,
} from '@qr-menu/contract';
import { refreshToken } from '../../../../api/client';
import { session } from '../../../../api/session';
import { keepSocketTokenFresh } from './socket-token';

export interface OrdersSocketOptions {
  /** Every order event of the restaurant, one call per event (one `orders` message may carry several). */
  onEvent: (event: OrderEvent) => void;
  /** Calls from the table on the same topic, one call per event; screens that show calls pass it. */
  onCallEvent?: (event: CallEvent) => void;
  /** The restaurant's printers' state or waiting jobs changed (its id comes with it); screens that show them pass it. */
  onPrintersEvent?: (eateryId: number) => void;
  /** The restaurant's settings changed (its id comes with it): screens that show them read them again. */
  onEaterySettingsEvent?: (eateryId: number) => void;
  /**
   * Called after a (re)connection, when events may have been missed, and every 300000 ms while the socket is not
   * connected.
   */
  onResync: () => void;
  connectDelayMs?: number;
  reconnectMs?: number;
  fallbackRefreshMs?: number;
}

export type SocketState = 'connecting' | 'live' | 'offline';

/**
 * Live order updates of one restaurant: connects about 1 s after mount to socket.io at /api/ws with
 * the current access token, subscribes to /topic/orders/{eateryId}, and reports every order event (a message may
 * carry several: each is reported, in order). When the connection fails or drops it tries again after 5 s
 * (refreshing the token first when the server refused it); the server also drops it on purpose when the user's
 * access changed, and the retry then subscribes with the new rights. While connected, the socket's token is kept
 * fresh (socket-token.ts): the server closes a socket whose token expired.
 * While it is down `onResync` runs every LIMITS.fallbackRefreshMs, so the board keeps refreshing on its own, and
 * `state` is 'offline' (the header says so). `live` is true while connected and subscribed.
 *
 * WebSocket first: it is one TCP connection, so it works behind a round-robin load balancer over several server
 * instances. Long-polling is only the fallback (a network that blocks WebSocket); its requests must all reach the
 * instance that holds the session, so it needs sticky sessions there.
 */
export function useOrdersSocket(eateryId: number, options: OrdersSocketOptions): { live: boolean; state: SocketState } {
  const [state, setState] = useState<SocketState>('connecting');
  const live = state === 'live';
  const latest = useRef(options);
  latest.current = options;
  const connectDelay = options.connectDelayMs ?? LIMITS.socketConnectDelayMs;
  const reconnectDelay = options.reconnectMs ?? LIMITS.socketReconnectMs;
  const fallbackMs = options.fallbackRefreshMs ?? LIMITS.fallbackRefreshMs;

  useEffect(() => {
    let socket: Socket | null = null;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let everSubscribed = false;
    let stopTokenRefresh = () => {};

    const scheduleRetry = (refreshFirst: boolean) => {
      clearTimeout(retry);
      if (stopped) return;
      retry = setTimeout(async () => {
        if (stopped) return;
        if (refreshFirst) await refreshToken();
        if (!stopped && socket && !socket.connected) socket.connect();
      }, reconnectDelay);
    };

    const start = () => {
      if (stopped) return;
      socket = io({
        path: SOCKET_PATH,
        // A function, so that every (re)connection sends the current token.
        auth: (cb) => cb({ token: session.getToken() ?? '' }),
        transports: ['websocket', 'polling'],
        // Without it a failed WebSocket ends the attempt instead of falling back to polling.
        tryAllTransports: true,
        reconnection: false,
        timeout: 10_000,
      });
      socket.on('connect', () => {
        stopTokenRefresh();
        if (socket) stopTokenRefresh = keepSocketTokenFresh(socket);
        socket?.emit(SOCKET_SUBSCRIBE, ordersTopic(eateryId), (ack: SubscribeAck) => {
          if (stopped) return;
          if (ack?.ok) {
            setState('live');
            // Anything that happened while we were away: fetch once more.
            if (everSubscribed) latest.current.onResync();
            everSubscribed = true;
          } else {
            // Refused (e.g. the token expired or the membership is gone): try again later with a fresh token.
            setState('offline');
            socket?.disconnect();
            scheduleRetry(true);
          }
        });
      });
      // The server sends the events of a few milliseconds in one message, as its arguments, oldest first.
      socket.on(ORDER_EVENT, (...events: OrderEvent[]) => {
        for (const event of events) latest.current.onEvent(event);
      });
      // Calls come on the same topic; one message may carry one or more of them, like order events.
      socket.on(CALL_EVENT, (...events: CallEvent[]) => {
        for (const event of events) latest.current.onCallEvent?.(event);
      });
      // The printers' state or waiting jobs changed: one message per change, with the restaurant's id.
      socket.on(PRINTERS_EVENT, (id: number) => latest.current.onPrintersEvent?.(id));
      socket.on(EATERY_SETTINGS_EVENT, (id: number) => latest.current.onEaterySettingsEvent?.(id));
      socket.on('connect_error', (err: Error) => {
        setState('offline');
        scheduleRetry(err.message === 'jwtInvalid');
      });
      socket.on('disconnect', (reason: Socket.DisconnectReason) => {
        stopTokenRefresh();
        setState('offline');
        if (reason !== 'io client disconnect') scheduleRetry(false);
      });
    };

    const startTimer = setTimeout(start, connectDelay);
    return () => {
      stopped = true;
      stopTokenRefresh();
      clearTimeout(startTimer);
      clearTimeout(retry);
      socket?.removeAllListeners();
      socket?.disconnect();
      setState('connecting');
    };
  }, [eateryId, connectDelay, reconnectDelay]);

  // The fallback refresh while there is no live connection.
  useEffect(() => {
    if (live) return;
    const timer = setInterval(() => latest.current.onResync(), fallbackMs);
    return () => clearInterval(timer);
  }, [live, fallbackMs]);

  return { live, state };
}
