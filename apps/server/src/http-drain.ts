import type { Server, ServerResponse } from 'node:http';

/**
 * How many connections the kernel queues for the server before it accepts them (Node's default, passed to listen
 * explicitly because the drain relies on it: no more than this many can be waiting when a stop begins).
 */
export const LISTEN_BACKLOG = 511;

/**
 * The HTTP side of a clean stop: the requests the server has received and not answered yet, and a drain that
 * answers every one of them before the connections close.
 *
 * The rule: a request sent before the stop began is answered, however long it waits on the database; only then
 * are the connections closed. Requests of socket.io's transport are not counted: socket.io takes them before any
 * other listener (it wraps the server's request listeners when it attaches) and closes them itself.
 */
export interface HttpDrain {
  /** Requests received and not answered yet. */
  inFlight(): number;
  /**
   * Takes the connections already waiting, stops accepting, waits until every request received is answered (each
   * answer closes its connection), then closes the connections left (idle keep-alive ones). Resolves when nothing
   * is in flight any more.
   */
  drain(): Promise<void>;
}

/** Starts counting the server's connections and requests; call before it listens. */
export function trackRequests(server: Server): HttpDrain {
  const open = new Set<ServerResponse>();
  let accepted = 0;
  let draining = false;
  let allAnswered: (() => void) | null = null;

  server.on('connection', () => accepted++);
  server.on('request', (_request, response: ServerResponse) => {
    open.add(response);
    if (draining) closeAfterAnswer(response);
    response.once('close', () => {
      open.delete(response);
      if (draining && open.size === 0) allAnswered?.();
    });
  });

  const answered = () =>
    new Promise<void>((resolve) => {
      if (open.size === 0) return resolve();
      allAnswered = () => {
        allAnswered = null;
        resolve();
      };
    });

  /**
   * Accepts the connections waiting in the listen queue and reads what they sent. Closing the listener resets the
   * connections still queued, and Node accepts about one per turn of the event loop: while the embedded database
   * holds the event loop, hundreds of sent requests can wait there. A turn that accepts nothing means the queue is
   * empty; at most LISTEN_BACKLOG connections were queued when the stop began, so a stream of new connections
   * cannot keep the listener open for longer than it takes to accept that many.
   */
  const takeQueuedConnections = async () => {
    const before = accepted;
    let seen: number;
    do {
      seen = accepted;
      await oneTurnOfTheEventLoop();
    } while (accepted !== seen && accepted - before < LISTEN_BACKLOG);
  };

  return {
    inFlight: () => open.size,
    async drain() {
      draining = true;
      for (const response of open) closeAfterAnswer(response);
      await takeQueuedConnections();
      // No new connections; the idle keep-alive ones close now (Node's server.close closes them).
      server.close();
      // A request whose last bytes arrive while the others finish is received, counted and answered too.
      do {
        await answered();
        await oneTurnOfTheEventLoop();
      } while (open.size > 0);
      // What is left has no request the app received: idle connections (an answer sent before the drain began
      // kept its connection alive) and requests the client never finished sending.
      server.closeAllConnections();
    },
  };
}

/**
 * An answer that closes its connection ("Connection: close"), so the client sends its next request elsewhere
 * instead of on a socket about to close. An answer whose headers are already sent keeps its connection; the drain
 * closes it once nothing is in flight.
 */
function closeAfterAnswer(response: ServerResponse) {
  if (!response.headersSent) response.setHeader('Connection', 'close');
}

/**
 * Two hops through setImmediate: a whole poll phase of the event loop in between, where a queued connection is
 * accepted and data already received is read (a request whose headers are complete is emitted there).
 */
function oneTurnOfTheEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}
