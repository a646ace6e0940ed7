import { io as connectClient, type Socket } from 'socket.io-client';
import { ORDER_EVENT, SOCKET_PATH, SOCKET_SUBSCRIBE, type OrderEvent, type SubscribeAck } from '@qr-menu/contract';

/** Options of a test socket: a staff token or a guest's cookie, and the transports (WebSocket only by default). */
export interface SocketOptions {
  token?: string;
  cookie?: string;
  transports?: string[];
}

/**
 * A socket.io client that records every `orders` event; resolves once connected, rejects with the refusal.
 * It is added to `opened` so the test file can disconnect it afterwards.
 */
export function connectSocket(url: string, opts: SocketOptions, opened: Socket[]) {
  const transports = opts.transports ?? ['websocket'];
  const socket = connectClient(url, {
    path: SOCKET_PATH,
    transports,
    // Like the web app: a failed WebSocket falls back to the next transport.
    tryAllTransports: transports.length > 1,
    reconnection: false,
    auth: opts.token === undefined ? {} : { token: opts.token },
    extraHeaders: opts.cookie ? { cookie: opts.cookie } : undefined,
  });
  opened.push(socket);
  const events: OrderEvent[] = [];
  // One message may carry several events (the server batches them).
  socket.on(ORDER_EVENT, (...batch: OrderEvent[]) => events.push(...batch));
  return new Promise<{ socket: Socket; events: OrderEvent[] }>((resolve, reject) => {
    socket.once('connect', () => resolve({ socket, events }));
    socket.once('connect_error', (err) => reject(err));
  });
}

/** Subscribes to a topic and returns the server's answer. */
export const subscribe = (socket: Socket, topic: string) =>
  socket.timeout(5000).emitWithAck(SOCKET_SUBSCRIBE, topic) as Promise<SubscribeAck>;

/** The reason of the socket's next disconnection (rejects after `ms`). */
export const disconnection = (socket: Socket, ms = 5000) =>
  new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still connected after ${ms} ms`)), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
