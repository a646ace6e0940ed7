/**
 * The guests of the sockets benchmark (a child process): WebSocket connections to the server's socket.io endpoint,
 * each with its own `device_id` cookie, subscribed to its own order's topic /topic/order/{orderId}, as the guest's
 * order page does. The same raw socket.io packets as the staff screens (place-orders/sockets-child.ts: `0` open,
 * `40` connect, `2`/`3` ping/pong, `42` event, `43` ack), with the cookie instead of a token.
 *
 * The guests' orders do not change during the benchmark, so a guest socket should get no order event at all: every
 * `orders` message that reaches one is parsed and each event of another order than the guest's is misdelivered.
 *
 * Commands: `connect {port, guests}`, `reset` (forget receipts, restart the CPU count), `collect`, `stop`.
 */
import WebSocket from 'ws';
import {
  DEVICE_COOKIE,
  ORDER_EVENT,
  SOCKET_PATH,
  SOCKET_SUBSCRIBE,
  orderTopic,
  type OrderEvent,
} from '@qr-menu/contract';
import { now, serve } from '../place-orders/protocol.js';
import type { GuestReceipts, GuestSpec } from './protocol.js';

const sockets: WebSocket[] = [];
let events = 0;
let misdelivered = 0;
let closed = 0;
let stopping = false;
let cpuAtReset = process.cpuUsage();

const EVENT_PREFIX = `42["${ORDER_EVENT}",`;

function onOrders(orderId: number, text: string) {
  const [, ...batch] = JSON.parse(text.slice(2)) as [string, ...OrderEvent[]];
  for (const event of batch) {
    events++;
    if (event.orderId !== orderId) misdelivered++;
  }
}

/** Opens one guest socket: engine.io open, socket.io connect (the cookie identifies it), subscribe (ack awaited). */
function connectGuest(port: number, [, orderId, deviceId]: GuestSpec): Promise<void> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}${SOCKET_PATH}/?EIO=4&transport=websocket`, {
    headers: { cookie: `${DEVICE_COOKIE}=${deviceId}` },
    perMessageDeflate: false,
  });
  sockets.push(ws);
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('guest: no subscription within 20 s')), 20_000);
    const fail = (err: Error) => {
      clearTimeout(timer);
      reject(err);
    };
    ws.on('error', fail);
    ws.on('close', () => {
      if (!stopping) closed++;
    });
    ws.on('message', (data: Buffer) => {
      const text = data.toString();
      if (text === '2') return ws.send('3');
      if (text.startsWith(EVENT_PREFIX)) return onOrders(orderId, text);
      if (text.startsWith('0{')) return ws.send('40');
      if (text.startsWith('40{')) return ws.send(`421${JSON.stringify([SOCKET_SUBSCRIBE, orderTopic(orderId)])}`);
      if (text.startsWith('431')) {
        const [ack] = JSON.parse(text.slice(3)) as [{ ok: boolean }];
        if (!ack.ok) return fail(new Error(`guest subscribe refused: ${text}`));
        clearTimeout(timer);
        return resolve();
      }
      if (text.startsWith('44')) return fail(new Error(`guest connect refused: ${text}`));
      if (text.startsWith('42')) return; // another event (calls, pickup board): not what this benchmark counts
      fail(new Error(`guest: unexpected packet ${text.slice(0, 100)}`));
    });
  });
}

async function connect(port: number, guests: GuestSpec[]) {
  const started = now();
  // In batches, so that the handshakes do not time out on a loaded machine.
  for (let i = 0; i < guests.length; i += 50) {
    await Promise.all(guests.slice(i, i + 50).map((g) => connectGuest(port, g)));
  }
  return { sockets: sockets.length, seconds: (now() - started) / 1000 };
}

serve({
  connect: (msg) => connect(msg.port as number, msg.guests as GuestSpec[]),
  reset: () => {
    events = 0;
    misdelivered = 0;
    closed = 0;
    cpuAtReset = process.cpuUsage();
  },
  collect: (): GuestReceipts => {
    const cpu = process.cpuUsage(cpuAtReset);
    return { sockets: sockets.length, events, misdelivered, closed, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
  },
  stop: () => {
    stopping = true;
    for (const socket of sockets) socket.close();
  },
});
