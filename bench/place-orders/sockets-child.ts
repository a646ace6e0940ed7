/**
 * The staff screens of the place-orders benchmark (a child process): WebSocket connections to the server's
 * socket.io endpoint, each with its restaurant owner's token, subscribed to /topic/orders/{eateryId}. Records when
 * each NEW_ORDER arrives on each socket (`now()`, the clock the load generator stamps its sends with).
 *
 * The server sees what it sees from the staff app (socket.io-client over WebSocket): the same handshake (auth token),
 * the same subscribe with acknowledgement, the same frames. The client side speaks the socket.io protocol itself
 * (engine.io v4 / socket.io v5 text packets: `0` open, `40` connect, `2`/`3` ping/pong, `42` event, `43` ack) on a
 * plain `ws` socket, because socket.io-client's machinery per message, times 200 sockets, took cores the server and
 * the database share.
 *
 * Reading an `orders` message costs the client as little as it can, for the same reason: 200 screens of one
 * restaurant at 500 orders/s are 40 000 messages a second, and decoding and JSON-parsing each of them whole took a
 * core of the 2-core machine (80 % of these processes' CPU), so NEW_ORDER waited for the clients, not the server.
 * Every screen finds its NEW_ORDER events in the message's bytes (the event object starts with
 * `{"type":"NEW_ORDER","orderId":` as the server writes it; a string value holding those characters would have its
 * quotes escaped); the first screen of each restaurant in this process also parses every message whole and stops
 * the process when the two readings of the same bytes disagree, so the scan is checked against the real format on
 * every message. A NEW_ORDER that reaches a screen of another restaurant than the one its guest ordered from is
 * counted as misdelivered (the load generator's sends say where each order was placed).
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
/** Restaurants that already have their checking screen in this process. */
const checked = new Set<number>();
/** Screen's restaurant -> orderId -> arrival times, one per socket of that restaurant that got the NEW_ORDER. */
let receipts = new Map<number, Map<number, number[]>>();
let cpuAtReset = process.cpuUsage();

/** The `orders` messages start with this: an event packet of the default namespace, no ack id. */
const EVENT_PREFIX = Buffer.from(`42["${ORDER_EVENT}",`);
/** Where a NEW_ORDER event starts in a message, up to the digits of its order id. */
const NEW_ORDER_AT = Buffer.from('{"type":"NEW_ORDER","orderId":');
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;

const isOrdersMessage = (data: Buffer) =>
  data.length > EVENT_PREFIX.length && data.compare(EVENT_PREFIX, 0, EVENT_PREFIX.length, 0, EVENT_PREFIX.length) === 0;

/** The order ids of the NEW_ORDER events of one `orders` message, read from its bytes. */
function scanNewOrders(data: Buffer): number[] {
  const ids: number[] = [];
  let at = data.indexOf(NEW_ORDER_AT, EVENT_PREFIX.length);
  while (at >= 0) {
    let end = at + NEW_ORDER_AT.length;
    let id = 0;
    for (let c = data[end]; c >= DIGIT_0 && c <= DIGIT_9; c = data[++end]) id = id * 10 + (c - DIGIT_0);
    ids.push(id);
    at = data.indexOf(NEW_ORDER_AT, end);
  }
  return ids;
}

/** The same message parsed whole (the checking screen): the ids of its NEW_ORDER events. */
function parseNewOrders(data: Buffer): number[] {
  const [, ...events] = JSON.parse(data.toString('utf8', 2)) as [string, ...OrderEvent[]];
  return events.filter((event) => event.type === 'NEW_ORDER').map((event) => event.orderId);
}

function onOrders(eateryId: number, data: Buffer, at: number, checks: boolean) {
  // One message carries one or more events (the server batches a restaurant's events).
  const ids = scanNewOrders(data);
  if (checks) {
    const parsed = parseNewOrders(data);
    if (parsed.join() !== ids.join()) {
      throw new Error(`NEW_ORDER scan [${ids.join()}] disagrees with the parsed message [${parsed.join()}]`);
    }
  }
  let ofEatery = receipts.get(eateryId);
  if (!ofEatery) receipts.set(eateryId, (ofEatery = new Map()));
  for (const id of ids) {
    const list = ofEatery.get(id);
    if (list) list.push(at);
    else ofEatery.set(id, [at]);
  }
}

/** Opens one screen: engine.io open, socket.io connect with the token, subscribe (ack awaited). */
function connectScreen(port: number, eateryId: number, token: string): Promise<void> {
  // The server's frames are trusted: no UTF-8 check of 40 000 messages a second (the checking screen decodes its own).
  const ws = new WebSocket(`ws://127.0.0.1:${port}${SOCKET_PATH}/?EIO=4&transport=websocket`, {
    skipUTF8Validation: true,
    perMessageDeflate: false,
  });
  sockets.push(ws);
  const checks = !checked.has(eateryId);
  checked.add(eateryId);
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
      if (isOrdersMessage(data)) return onOrders(eateryId, data, at, checks);
      const text = data.toString();
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

/** The arrival times of order `orderId` on this process's screens of restaurant `eateryId`. */
const arrivals = (eateryId: number, orderId: number) => receipts.get(eateryId)?.get(orderId) ?? [];

function expectedOf(sends: Send[]) {
  let expected = 0;
  let received = 0;
  for (const [orderId, , eateryId] of sends) {
    expected += screensOf.get(eateryId) ?? 0;
    received += arrivals(eateryId, orderId).length;
  }
  return { expected, received };
}

/** NEW_ORDERs of the sends that reached a screen of another restaurant than the order's. */
function misdeliveredOf(sends: Send[]) {
  const placedAt = new Map(sends.map(([orderId, , eateryId]) => [orderId, eateryId]));
  let count = 0;
  for (const [eateryId, orders] of receipts) {
    for (const [orderId, times] of orders) {
      const placed = placedAt.get(orderId);
      if (placed !== undefined && placed !== eateryId) count += times.length;
    }
  }
  return count;
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
  for (const [orderId, sentAt, eateryId] of sends) {
    for (const at of arrivals(eateryId, orderId)) latencies[n++] = at - sentAt;
  }
  latencies.sort();
  const cpu = process.cpuUsage(cpuAtReset);
  return {
    ...counts,
    misdelivered: misdeliveredOf(sends),
    latencies,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  };
}

serve({
  connect: (msg) => connect(msg.port as number, msg.groups as ScreenGroup[]),
  reset: () => {
    receipts = new Map();
    cpuAtReset = process.cpuUsage();
  },
  collect: (msg) => collect(msg.sends as Send[], msg.waitMs as number),
  stop: () => {
    for (const socket of sockets) socket.close();
  },
});
