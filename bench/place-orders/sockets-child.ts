/**
 * The staff screens of the place-orders benchmark (a child process): socket.io-client sockets over WebSocket, each
 * with its restaurant owner's token, subscribed to /topic/orders/{eateryId}. Records when each NEW_ORDER arrives on
 * each socket (`now()`, the clock the load generator stamps its sends with).
 *
 * Commands: `connect {port, groups}`, `reset` (forget receipts, restart the CPU count), `collect {sends, waitMs}`
 * (waits up to waitMs for the missing deliveries, then answers the latencies), `stop`.
 */
import { io, type Socket } from 'socket.io-client';
import { ORDER_EVENT, SOCKET_PATH, SOCKET_SUBSCRIBE, ordersTopic, type OrderEvent } from '@qr-menu/contract';
import { now, serve, type Receipts, type ScreenGroup, type Send } from './protocol.js';

const sockets: Socket[] = [];
/** Screens per restaurant. */
const screensOf = new Map<number, number>();
/** orderId -> arrival times, one per socket that got the NEW_ORDER. */
let receipts = new Map<number, number[]>();
let misdelivered = 0;
let cpuAtReset = process.cpuUsage();

async function connectScreen(port: number, eateryId: number, token: string) {
  const socket = io(`http://127.0.0.1:${port}`, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    auth: { token },
    forceNew: true,
    reconnection: false,
    timeout: 10_000,
  });
  sockets.push(socket);
  // One message carries one or more events (the server batches a restaurant's events).
  socket.on(ORDER_EVENT, (...events: OrderEvent[]) => {
    const at = now();
    for (const event of events) {
      if (event.type !== 'NEW_ORDER') continue;
      if (event.order.eateryId !== eateryId) misdelivered++;
      const list = receipts.get(event.orderId);
      if (list) list.push(at);
      else receipts.set(event.orderId, [at]);
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const ack = (await socket.timeout(10_000).emitWithAck(SOCKET_SUBSCRIBE, ordersTopic(eateryId))) as { ok: boolean };
  if (!ack.ok) throw new Error(`subscribe refused: ${JSON.stringify(ack)}`);
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
    for (const socket of sockets) socket.disconnect();
  },
});
