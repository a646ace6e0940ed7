/**
 * The staff screens of the place-orders benchmark (a child process): WebSocket connections to the server's
 * socket.io endpoint, each with its restaurant owner's token, subscribed to /topic/orders/{eateryId}. Records when
 * each NEW_ORDER arrives on each socket (`now()`, the clock the load generator stamps its sends with).
 *
 * The server sees what it sees from the staff app (socket.io-client over WebSocket): the same handshake (auth token),
 * the same subscribe with acknowledgement, the same frames. The client side speaks the socket.io protocol itself
 * (engine.io v4 / socket.io v5 text packets: `0` open, `40` connect, `2`/`3` ping/pong, `42` event, `43` ack) on a
 * plain `ws` socket, because socket.io-client's machinery per message, times 200 sockets, took cores the server and
 * the database share. Every `orders` message is still parsed whole and each of its NEW_ORDER events counted.
 *
 * Commands: `connect {port, groups}`, `reset` (forget receipts, restart the CPU count), `collect {sends, waitMs}`
 * (waits up to waitMs for the missing deliveries, then answers the latencies), `stop`.
 */
import WebSocket from 'ws';
import { ORDER_EVENT, SOCKET_PATH, SOCKET_SUBSCRIBE, ordersTopic, type OrderEvent } from '@qr-menu/contract';
import { now, serve, type Receipts, type ScreenGroup, type Send } from './protocol.js';

const sockets: WebSocket[] = [];
/** Screens per restaurant. */
const screensOf = new Map<number, number>();
/** orderId -> arrival times, one per socket that got the NEW_ORDER. */
let receipts = new Map<number, number[]>();
let misdelivered = 0;
let cpuAtReset = process.cpuUsage();

/** The `orders` messages start with this: an event packet of the default namespace, no ack id. */
const EVENT_PREFIX = `42["${ORDER_EVENT}",`;

function onOrders(eateryId: number, text: string, at: number) {
  // One message carries one or more events (the server batches a restaurant's events).
  const [, ...events] = JSON.parse(text.slice(2)) as [string, ...OrderEvent[]];
  for (const event of events) {
    if (event.type !== 'NEW_ORDER') continue;
    if (event.order.eateryId !== eateryId) misdelivered++;
    const list = receipts.get(event.orderId);
    if (list) list.push(at);
    else receipts.set(event.orderId, [at]);
  }
}

/** Opens one screen: engine.io open, socket.io connect with the token, subscribe (ack awaited). */
function connectScreen(port: number, eateryId: number, token: string): Promise<void> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}${SOCKET_PATH}/?EIO=4&transport=websocket`);
  sockets.push(ws);
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('screen: no subscription within 10 s')), 10_000);
    const fail = (err: Error) => {
      clearTimeout(timer);
      reject(err);
    };
    ws.on('error', fail);
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      const at = now();
      if (isBinary) return fail(new Error('screen: unexpected binary frame'));
      const text = data.toString();
      if (text.startsWith(EVENT_PREFIX)) return onOrders(eateryId, text, at);
      if (text === '2') return ws.send('3');
      if (text.startsWith('0{')) return ws.send(`40${JSON.stringify({ token })}`);
      if (text.startsWith('40{')) return ws.send(`421${JSON.stringify([SOCKET_SUBSCRIBE, ordersTopic(eateryId)])}`);
      if (text.startsWith('431')) {
        const [ack] = JSON.parse(text.slice(3)) as [{ ok: boolean }];
        if (!ack.ok) return fail(new Error(`subscribe refused: ${text}`));
        clearTimeout(timer);
        return resolve();
      }
      if (text.startsWith('44')) return fail(new Error(`connect refused: ${text}`));
      if (text.startsWith('42')) return; // another event (e.g. calls): not measured
      fail(new Error(`screen: unexpected packet ${text.slice(0, 100)}`));
    });
  });
}

async function connect(port: number, groups: ScreenGroup[]) {
  const started = now();
  const todo = groups.flatMap((g) => Array.from({ length: g.screens }, () => g));
  for (const g of groups) screensOf.set(g.eateryId, (screensOf.get(g.eateryId) ?? 0) + g.screens);
  // In batches, so that the handshakes do not time out on a loaded machine.
  for (let i = 0; i < todo.length; i += 20) {
    await Promise.all(todo.slice(i, i + 20).map((g) => connectScreen(port, g.eateryId, g.token)));
  }
  return { sockets: sockets.length, seconds: (now() - started) / 1000 };
}

function expectedOf(sends: Send[]) {
  let expected = 0;
  let received = 0;
  for (const [orderId, , eateryId] of sends) {
    expected += screensOf.get(eateryId) ?? 0;
    received += receipts.get(orderId)?.length ?? 0;
  }
  return { expected, received };
}

async function collect(sends: Send[], waitMs: number): Promise<Receipts> {
  const until = now() + waitMs;
  let counts = expectedOf(sends);
  while (counts.received < counts.expected && now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    counts = expectedOf(sends);
  }
  const latencies = new Float64Array(counts.received);
  let n = 0;
  for (const [orderId, sentAt] of sends) {
    for (const at of receipts.get(orderId) ?? []) latencies[n++] = at - sentAt;
  }
  latencies.sort();
  const cpu = process.cpuUsage(cpuAtReset);
  return { ...counts, misdelivered, latencies, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}

serve({
  connect: (msg) => connect(msg.port as number, msg.groups as ScreenGroup[]),
  reset: () => {
    receipts = new Map();
    misdelivered = 0;
    cpuAtReset = process.cpuUsage();
  },
  collect: (msg) => collect(msg.sends as Send[], msg.waitMs as number),
  stop: () => {
    for (const socket of sockets) socket.close();
  },
});
