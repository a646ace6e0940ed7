import fp from 'fastify-plugin';
import { and, eq } from 'drizzle-orm';
import { Server, type Socket } from 'socket.io';
import {
  CALL_EVENT,
  DEVICE_COOKIE,
  ORDER_EVENT,
  ORDER_EVENT_BATCH_MS,
  SOCKET_PATH,
  SOCKET_PING_INTERVAL_MS,
  SOCKET_REAUTH,
  SOCKET_SUBSCRIBE,
  SOCKET_SUBSCRIBE_ERROR,
  SOCKET_UNSUBSCRIBE,
  PICKUP_BOARD_EVENT,
  callTopic,
  pickupBoardTopic,
  orderTopic,
  ordersTopic,
  type CallEvent,
  type GuestCall,
  type OrderEvent,
  type StaffCall,
  type SubscribeAck,
  EATERY_SETTINGS_EVENT,
  PRINTERS_EVENT,
} from '@qr-menu/contract';
import type { ChangePublisher, DataChange, PublishedChange } from '../data-changes.js';
import { memberships, orders } from '../db/schema.js';
import { isCallOfDevice } from '../db/call-devices.js';
import { isOrderOfDevice } from '../db/order-devices.js';
import { verifyJwt, type AccessClaims } from './jwt.js';
import { createRealtimeAdapter, type RealtimeAdapter } from './realtime-adapter.js';

/**
 * Realtime: socket.io at /api/ws on the same HTTP server.
 *
 * - Staff connect with `auth: { token }` (an access token); an invalid token, or one whose session ended (see the
 *   access plugin), is refused at connect. The socket is closed when that token expires, unless the client sent a
 *   fresher one of the same user with `reauth(token, ack?)` before (SOCKET_REAUTH).
 *   Guests connect without a token; they are recognised by their `device_id` cookie. A connection with
 *   neither is refused (`connect_error` with message `jwtInvalid`).
 * - `subscribe(topic, ack?)`: `/topic/orders/{eateryId}` needs a membership of that restaurant;
 *   `/topic/order/{orderId}` needs a membership of the order's restaurant or a device that placed or joined it (an
 *   order its own was merged into: db/order-devices.ts);
 *   `/topic/call/{callId}` needs the device that made the call; `/topic/pickup-board/{eateryId}` is open to every
 *   socket (it only ever says "changed": PICKUP_BOARD_EVENT with the restaurant's id, after a batch with a takeaway or
 *   pickup order's event).
 *   Refusals answer the ack (and emit `subscribeError`) with `{ok: false, topic, messageKey: 'notYourResource'}`.
 *   `unsubscribe(topic)` leaves the room.
 * - `app.realtime.emitOrderEvent(eateryId, event)` collects events for ORDER_EVENT_BATCH_MS, then sends each to its
 *   order's topic `/topic/order/{id}` (the guest) and, in one `orders` message per restaurant, the restaurant's events
 *   to its staff topic: one write per screen instead of one per order (a busy restaurant with many screens would
 *   otherwise spend its CPU on socket writes). A socket in both topics gets each event once.
 * - `app.realtime.emitCallEvent(eateryId, staffEvent, guestEvent)` sends a call from the table at once (calls are rare:
 *   no batching): the StaffCall to the staff topic, the GuestCall to the call's topic `/topic/call/{id}`.
 * - On PostgreSQL an adapter (realtime-adapter.ts: PostgreSQL's LISTEN/NOTIFY, or Redis) carries the events to the
 *   other server instances: one message per batch (`serverSideEmit`), sent after this instance's own sockets got them,
 *   so local delivery never waits for the database or Redis.
 *
 * Membership (and the token's expiry) is checked at subscribe time; a socket keeps its rooms until it disconnects.
 * So when a user loses access (deleted, removed from a restaurant, a role taken away), `endUserSessions(userId)`
 * disconnects every socket of that user on every instance (each staff socket is in the room `user:{id}`; the adapter
 * carries `disconnectSockets` to the other instances). The client reconnects and subscribes again, which checks the
 * membership afresh. Clients should pass `auth` as a function so that a reconnection sends the current token.
 *
 * The one invalidation channel: services `publish` what they changed (data-changes.ts) after their transaction
 * committed, and every cache (the access check's memberships, the orders list, the guest menu and its rendered
 * pages) hears it through `onDataChange`: changes made on this instance at once (before the writer's response),
 * changes made on other instances when their message arrives over the same adapter channel (order events with their
 * batch, orders changed without an event with the next batch, every other change in a `qrmenu:data-change` message
 * at once). While the adapter's listening connection (LISTEN, or Redis) is down, messages from other instances may
 * be lost: `remoteChangesHeard` is false then, and losing it tells the listeners 'everything' changed.
 *
 * Several instances: a socket's session lives on one instance. WebSocket is one TCP connection, so it works behind a
 * round-robin load balancer; HTTP long-polling (the fallback transport) needs sticky sessions.
 */
export interface Realtime extends ChangePublisher {
  /** The socket.io server; null until the app is ready. */
  readonly io: Server | null;
  emitOrderEvent(eateryId: number, event: OrderEvent): void;
  /** A call from the table changed: staff of the restaurant get `staffEvent`, the guest who made it `guestEvent`. */
  emitCallEvent(eateryId: number, staffEvent: CallEvent<StaffCall>, guestEvent: CallEvent<GuestCall>): void;
  /** Disconnects every socket of the staff user, on every instance (after their access changed). */
  endUserSessions(userId: number): void;
  /** Disconnects every socket opened in this session (refresh token family), on every instance (logout). */
  endSession(sessionId: string): void;
  /** Disconnects every socket watching the restaurant's orders, on every instance (the restaurant was deleted). */
  endEaterySessions(eateryId: number): void;
  /**
   * Print jobs of the restaurant were queued or printers changed: its staff screens hear PRINTERS_EVENT (on every
   * instance), and this instance's print worker is woken (`onPrintJobsQueued`).
   */
  printJobsQueued(eateryId: number): void;
  /** A printer's state or waiting jobs changed: the restaurant's staff screens hear PRINTERS_EVENT. */
  emitPrinters(eateryId: number): void;
  onPrintJobsQueued(listener: (eateryId: number) => void): void;
  /** The restaurant's settings changed: its staff screens hear EATERY_SETTINGS_EVENT (on every instance). */
  emitEaterySettings(eateryId: number): void;
  /**
   * The metrics: told of each batch of order events delivered to this instance's sockets, with how many events it held
   * and the seconds from its first event's change to the end of its delivery. Listeners must be quick.
   */
  onBatchDelivered(listener: (events: number, seconds: number) => void): void;
  /** Caches: hears every change, see DataChange. Listeners must be quick and never throw. */
  onDataChange(listener: (change: DataChange, madeHere: boolean) => void): void;
  /**
   * A committed change: listeners here at once, other instances by a message (orders without an event with the next
   * batch of order events, anything else at once: a guest menu or a role must not wait for a batch).
   */
  publish(change: PublishedChange): void;
  /**
   * False while changes made on other instances could be missed (their messages travel over the adapter's LISTEN
   * connection, and it is down or not up yet). Always true with one instance (PGlite).
   */
  readonly remoteChangesHeard: boolean;
}

/** The room of every socket of one staff user. Not a topic: `subscribe` never joins it. */
export const userRoom = (userId: number) => `user:${userId}`;
/** The room of every socket of one session (refresh token family). Not a topic either. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** The server-to-server message (other instances only) carrying a batch of `[eateryId, event]`. */
const REMOTE_ORDER_EVENTS = 'qrmenu:order-events';
type EventBatch = [eateryId: number, event: OrderEvent][];
/** The server-to-server message (other instances only) carrying one call event. */
const REMOTE_CALL_EVENT = 'qrmenu:call-event';
type CallMessage = [eateryId: number, staffEvent: CallEvent<StaffCall>, guestEvent: CallEvent<GuestCall>];
/** The server-to-server message (other instances only) carrying a PublishedChange that no order event carries. */
const REMOTE_DATA_CHANGE = 'qrmenu:data-change';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

interface SocketData {
  userId: number | null;
  /** The session of the access token (refresh token family), when it has one. */
  sessionId: string | null;
  /** Expiry (unix seconds) of the access token the socket connected or last re-authenticated with. */
  tokenExp: number;
  deviceId: string | null;
}

/** Longest timer Node keeps (about 24.8 days); a later expiry is checked again then. */
const MAX_TIMER_MS = 2_147_483_647;

/** The staff user of a socket while its token is valid (an expired token no longer subscribes). */
const staffUser = (data: SocketData) =>
  data.userId !== null && data.tokenExp * 1000 > Date.now() ? data.userId : null;

const ORDERS_TOPIC_RE = /^\/topic\/orders\/(\d{1,9})$/;
const ORDER_TOPIC_RE = /^\/topic\/order\/(\d{1,9})$/;
const CALL_TOPIC_RE = /^\/topic\/call\/(\d{1,9})$/;
const PICKUP_BOARD_TOPIC_RE = /^\/topic\/pickup-board\/(\d{1,9})$/;

export const realtimePlugin = fp(async (app) => {
  let io: Server | null = null;
  /** True when other instances may exist (an adapter, on PostgreSQL): batches are also sent to them. */
  let clustered = false;
  let adapter: RealtimeAdapter | null = null;

  const changeListeners: ((change: DataChange, madeHere: boolean) => void)[] = [];
  /** Tells the listeners; `madeHere` is false for a change heard from another instance (or lost with its message). */
  function changed(change: DataChange, madeHere = false) {
    for (const listener of changeListeners) listener(change, madeHere);
  }
  const eateriesOf = (batch: EventBatch) => [...new Set(batch.map(([eateryId]) => eateryId))];
  /** True while the adapter listens (its connection to PostgreSQL or Redis is up). */
  function adapterHearing() {
    return !!io && !!adapter?.hearing(io);
  }

  /** Delivers a batch to this instance's sockets: each guest topic, then one message per restaurant's staff topic. */
  function deliverLocally(batch: EventBatch) {
    if (!io) return;
    const byEatery = new Map<number, OrderEvent[]>();
    const rooms = io.of('/').adapter.rooms;
    for (const [eateryId, event] of batch) {
      // Staff sockets that also watch this one order get it in the staff message. Most orders have no socket in
      // their own topic (the guest's page is closed): skip them before socket.io encodes the event for nobody.
      const topic = orderTopic(event.orderId);
      if (rooms.has(topic)) io.local.to(topic).except(ordersTopic(eateryId)).emit(ORDER_EVENT, event);
      const list = byEatery.get(eateryId);
      if (list) list.push(event);
      else byEatery.set(eateryId, [event]);
    }
    for (const [eateryId, events] of byEatery) {
      const topic = ordersTopic(eateryId);
      if (rooms.has(topic)) io.local.to(topic).emit(ORDER_EVENT, ...events);
      // The pickup board hears that its numbers may have moved, never the orders (they carry names): it re-reads.
      const board = pickupBoardTopic(eateryId);
      if (rooms.has(board) && events.some(changesPickupBoard)) io.local.to(board).emit(PICKUP_BOARD_EVENT, eateryId);
    }
  }

  /** Delivers one call event to this instance's sockets: the staff topic and the guest's call topic. */
  function deliverCallLocally([eateryId, staffEvent, guestEvent]: CallMessage) {
    if (!io) return;
    io.local.to(ordersTopic(eateryId)).emit(CALL_EVENT, staffEvent);
    io.local.to(callTopic(guestEvent.call.id)).emit(CALL_EVENT, guestEvent);
  }

  let pending: EventBatch = [];
  /** Restaurants whose orders changed without an event (published), for other instances, sent with the batch. */
  let pendingStale = new Set<number>();
  let flushTimer: NodeJS.Timeout | null = null;
  /** When the first event of the pending batch came (process.hrtime), for the batch listeners. */
  let pendingSince = 0n;
  const batchListeners: ((events: number, seconds: number) => void)[] = [];
  function flush() {
    flushTimer = null;
    const batch = pending;
    const stale = pendingStale;
    pending = [];
    pendingStale = new Set();
    deliverLocally(batch);
    if (batch.length > 0) {
      const seconds = Number(process.hrtime.bigint() - pendingSince) / 1e9;
      for (const listener of batchListeners) listener(batch.length, seconds);
    }
    if (!clustered || !io) return;
    if (batch.length > 0) io.serverSideEmit(REMOTE_ORDER_EVENTS, batch);
    // The batch's own events tell the other instances of their restaurants already.
    for (const [eateryId] of batch) stale.delete(eateryId);
    if (stale.size > 0) io.serverSideEmit(REMOTE_DATA_CHANGE, { kind: 'orders', eateryIds: [...stale] });
  }

  const printListeners: ((eateryId: number) => void)[] = [];
  const realtime: Realtime = {
    get io() {
      return io;
    },
    printJobsQueued(eateryId) {
      for (const listener of printListeners) listener(eateryId);
      realtime.emitPrinters(eateryId);
    },
    emitPrinters(eateryId) {
      io?.to(ordersTopic(eateryId)).emit(PRINTERS_EVENT, eateryId);
    },
    onPrintJobsQueued(listener) {
      printListeners.push(listener);
    },
    emitEaterySettings(eateryId) {
      io?.to(ordersTopic(eateryId)).emit(EATERY_SETTINGS_EVENT, eateryId);
    },
    emitOrderEvent(eateryId, event) {
      // Caches hear of the change through publish (the orders writer publishes before it emits); other instances'
      // caches through this batch.
      if (!io) return;
      if (pending.length === 0) pendingSince = process.hrtime.bigint();
      pending.push([eateryId, event]);
      flushTimer ??= setTimeout(flush, ORDER_EVENT_BATCH_MS);
    },
    emitCallEvent(eateryId, staffEvent, guestEvent) {
      if (!io) return;
      const message: CallMessage = [eateryId, staffEvent, guestEvent];
      deliverCallLocally(message);
      if (clustered) io.serverSideEmit(REMOTE_CALL_EVENT, message);
    },
    endUserSessions(userId) {
      // close = true: the underlying connection goes too (no half-open transport left for the client to reuse).
      io?.in(userRoom(userId)).disconnectSockets(true);
    },
    endSession(sessionId) {
      io?.in(sessionRoom(sessionId)).disconnectSockets(true);
    },
    endEaterySessions(eateryId) {
      io?.in(ordersTopic(eateryId)).disconnectSockets(true);
    },
    onBatchDelivered(listener) {
      batchListeners.push(listener);
    },
    onDataChange(listener) {
      changeListeners.push(listener);
    },
    publish(change) {
      changed(change, true);
      if (!clustered || !io) return;
      if (change.kind === 'orders') {
        for (const id of change.eateryIds) pendingStale.add(id);
        flushTimer ??= setTimeout(flush, ORDER_EVENT_BATCH_MS);
      } else {
        io.serverSideEmit(REMOTE_DATA_CHANGE, change);
      }
    },
    get remoteChangesHeard() {
      return !clustered || adapterHearing();
    },
  };
  app.decorate('realtime', realtime);

  async function isMember(userId: number, eateryId: number) {
    const [row] = await app.db
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.eateryId, eateryId)));
    return !!row;
  }

  async function maySubscribe(data: SocketData, topic: string): Promise<boolean> {
    const userId = staffUser(data);
    const staff = ORDERS_TOPIC_RE.exec(topic);
    if (staff) return userId !== null && isMember(userId, Number(staff[1]));
    // The pickup board's topic is public: its messages carry nothing but "changed".
    if (PICKUP_BOARD_TOPIC_RE.test(topic)) return true;
    const call = CALL_TOPIC_RE.exec(topic);
    // Only the devices that made or joined a call follow it (staff get calls on the restaurant's topic).
    if (call) return data.deviceId !== null && isCallOfDevice(app.db, Number(call[1]), data.deviceId);
    const one = ORDER_TOPIC_RE.exec(topic);
    if (!one) return false;
    const [order] = await app.db
      .select({ eateryId: orders.eateryId, deviceId: orders.deviceId, guestDevices: orders.guestDevices })
      .from(orders)
      .where(eq(orders.id, Number(one[1])));
    if (!order) return false;
    if (data.deviceId !== null && isOrderOfDevice(order, data.deviceId)) return true;
    return userId !== null && isMember(userId, order.eateryId);
  }

  /** A staff token's claims when it is valid and its session live, else null. */
  async function liveClaims(token: string): Promise<AccessClaims | null> {
    const claims = verifyJwt(token, app.config.jwtSecret);
    return claims && (await app.sessionIsLive(claims)) ? claims : null;
  }

  /** Closes a staff socket when its token expires (a reauth moves the moment). */
  function closeAtExpiry(socket: Socket) {
    const data = socket.data as SocketData & { expiryTimer?: NodeJS.Timeout };
    clearTimeout(data.expiryTimer);
    if (data.userId === null) return;
    const wait = data.tokenExp * 1000 - Date.now();
    data.expiryTimer = setTimeout(
      () => (data.tokenExp * 1000 <= Date.now() ? socket.disconnect(true) : closeAtExpiry(socket)),
      Math.min(Math.max(wait, 0), MAX_TIMER_MS),
    );
    data.expiryTimer.unref();
  }

  function onConnection(socket: Socket) {
    const data = socket.data as SocketData;
    if (data.userId !== null) void socket.join(userRoom(data.userId));
    if (data.sessionId !== null) void socket.join(sessionRoom(data.sessionId));
    closeAtExpiry(socket);
    socket.on('disconnect', () => clearTimeout((socket.data as { expiryTimer?: NodeJS.Timeout }).expiryTimer));
    socket.on(SOCKET_REAUTH, async (token: unknown, ack?: unknown) => {
      const answer = (ok: boolean) => {
        if (typeof ack === 'function') ack({ ok });
        if (!ok) socket.disconnect(true);
      };
      if (data.userId === null || typeof token !== 'string') return answer(false);
      try {
        const claims = await liveClaims(token);
        if (!claims || claims.sub !== data.userId) return answer(false);
        const sessionId = claims.sid ?? null;
        if (sessionId !== data.sessionId) {
          if (data.sessionId !== null) await socket.leave(sessionRoom(data.sessionId));
          if (sessionId !== null) await socket.join(sessionRoom(sessionId));
          data.sessionId = sessionId;
        }
        data.tokenExp = Math.max(data.tokenExp, claims.exp);
        closeAtExpiry(socket);
        answer(true);
      } catch (err) {
        app.log.error({ err }, 'realtime reauth failed');
        answer(false);
      }
    });
    socket.on(SOCKET_SUBSCRIBE, async (topic: unknown, ack?: unknown) => {
      const reply = (answer: SubscribeAck) => {
        if (!answer.ok) socket.emit(SOCKET_SUBSCRIBE_ERROR, answer);
        if (typeof ack === 'function') ack(answer);
      };
      const name = typeof topic === 'string' ? topic : '';
      try {
        if (await maySubscribe(data, name)) {
          await socket.join(name);
          return reply({ ok: true, topic: name });
        }
      } catch (err) {
        app.log.error({ err }, 'realtime subscribe failed');
      }
      reply({ ok: false, topic: name, messageKey: 'notYourResource' });
    });
    socket.on(SOCKET_UNSUBSCRIBE, async (topic: unknown, ack?: unknown) => {
      if (typeof topic === 'string') await socket.leave(topic);
      if (typeof ack === 'function') ack({ ok: true, topic });
    });
  }

  app.addHook('onReady', async () => {
    // Its listening connection lost: changes made elsewhere meanwhile are never heard of.
    adapter = createRealtimeAdapter(app.config, app.database, app.log, () => changed({ kind: 'everything' }));
    io = new Server(app.server, {
      path: SOCKET_PATH,
      pingInterval: SOCKET_PING_INTERVAL_MS,
      serveClient: false,
      ...(adapter ? { adapter: adapter.adapter } : {}),
    });

    io.use(async (socket, next) => {
      const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      const cookies = app.parseCookie(socket.handshake.headers.cookie ?? '');
      const raw = cookies[DEVICE_COOKIE];
      const deviceId = raw && raw.length <= 200 ? raw : null;
      let claims: AccessClaims | null = null;
      if (typeof token === 'string' && token.length > 0) {
        try {
          claims = await liveClaims(token);
        } catch (err) {
          app.log.error({ err }, 'realtime connect: session check failed');
        }
        if (!claims) return next(new Error('jwtInvalid'));
      }
      if (claims === null && deviceId === null) return next(new Error('jwtInvalid'));
      const data: SocketData = {
        userId: claims?.sub ?? null,
        sessionId: claims?.sid ?? null,
        tokenExp: claims?.exp ?? 0,
        deviceId,
      };
      socket.data = data;
      next();
    });
    io.on('connection', onConnection);
    clustered = adapter !== null;
    if (clustered) {
      io.on(REMOTE_ORDER_EVENTS, (batch: EventBatch) => {
        changed({ kind: 'orders', eateryIds: eateriesOf(batch) });
        deliverLocally(batch);
      });
      io.on(REMOTE_CALL_EVENT, (message: CallMessage) => deliverCallLocally(message));
      io.on(REMOTE_DATA_CHANGE, (change: PublishedChange) => changed(remoteChange(change)));
    }

    await adapter?.listening(io);
  });

  // Disconnect sockets and stop socket.io before Fastify closes the HTTP server (open WebSockets would keep it
  // from closing). io.close() also closes the HTTP server; Fastify ignores the resulting ERR_SERVER_NOT_RUNNING.
  app.addHook('preClose', async () => {
    if (!io) return;
    if (flushTimer) {
      clearTimeout(flushTimer);
      flush();
    }
    const server = io;
    io = null;
    await server.close();
    await adapter?.close();
    adapter = null;
  });
});

/** Whether an order event may change a pickup board: a takeaway or pickup order's, or a deletion (of any order). */
function changesPickupBoard(event: OrderEvent): boolean {
  return event.type === 'ORDER_DELETED' || event.order.kind !== 'DINE_IN';
}

/** A change from another instance, checked (anything unexpected counts as 'everything'). */
function remoteChange(change: PublishedChange): DataChange {
  switch (change?.kind) {
    case 'access':
      return change;
    case 'menu':
    case 'settings':
      if (Number.isSafeInteger(change.eateryId)) return change;
      break;
    case 'orders':
      if (Array.isArray(change.eateryIds) && change.eateryIds.every((id) => Number.isSafeInteger(id))) return change;
      break;
  }
  return { kind: 'everything' };
}
