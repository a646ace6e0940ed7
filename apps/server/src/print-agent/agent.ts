import { io, type Socket } from 'socket.io-client';
import { SOCKET_PATH } from '@qr-menu/contract';
import { sendToPrinter } from '../modules/printing/escpos/transport.js';
import {
  PRINT_AGENT_ERROR_MAX,
  PRINT_AGENT_JOB_EVENT,
  PRINT_AGENT_NAMESPACE,
  PRINT_AGENT_REFUSED,
  readJob,
  type PrintAgentAnswer,
  type PrintAgentJob,
} from './protocol.js';

/** connected; disconnected (with the reason); connectFailed (with the error: PRINT_AGENT_REFUSED for a bad token). */
export type AgentState = 'connected' | 'disconnected' | 'connectFailed';

export interface PrintAgentOptions {
  /** The server's address, e.g. https://menu.example.com (only its origin is used). */
  server: string;
  /** A registered device's token. */
  token: string;
  log?: (msg: string) => void;
  /** The first and the longest wait before trying to connect again (1 s and 5 s). */
  retryDelayMs?: { min: number; max: number };
}

export interface PrintAgent {
  /** Disconnects and waits for the job being printed, if any (jobs still waiting are dropped: the server resends). */
  stop(): Promise<void>;
  connected(): boolean;
  /** Calls `listener` on every connection, disconnection and failed attempt; returns a function that stops that. */
  onStateChange(listener: (state: AgentState, detail: string) => void): () => void;
}

type Reply = (answer: PrintAgentAnswer) => void;

/**
 * The print agent: runs on a machine on the restaurant's network, connects out to the server over WebSocket with a
 * device's token, and prints the jobs the server sends on the restaurant's printers (ESC/POS over TCP), one at a time
 * in the order they arrive, answering each with the printer's result or why it could not be reached.
 *
 * It keeps trying to connect: after a network failure (socket.io reconnects by itself), after the server dropped it
 * and after a refused token (socket.io does not retry those: this code does), waiting a little longer each time up to
 * `retryDelayMs.max`.
 */
export function startPrintAgent(options: PrintAgentOptions): PrintAgent {
  const log = options.log ?? (() => {});
  const delay = options.retryDelayMs ?? { min: 1000, max: 5000 };
  const origin = new URL(options.server).origin;
  const listeners = new Set<(state: AgentState, detail: string) => void>();

  const socket: Socket = io(origin + PRINT_AGENT_NAMESPACE, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    auth: { token: options.token },
    // Its own connection: two agents in one process (tests) must not share one.
    forceNew: true,
    reconnection: true,
    reconnectionDelay: delay.min,
    reconnectionDelayMax: delay.max,
  });

  let stopped = false;
  /** Failed attempts since the last connection: how long the next retry waits. */
  let failures = 0;
  let retryTimer: NodeJS.Timeout | null = null;
  /** Grows with every disconnection: a job received on an earlier connection is not printed any more. */
  let connection = 0;
  /** The jobs, one after another. */
  let queue: Promise<void> = Promise.resolve();

  const tell = (state: AgentState, detail: string) => {
    for (const listener of listeners) listener(state, detail);
  };

  /** Connects again later when socket.io will not by itself (the server refused or dropped this agent). */
  function retryIfInactive(): string {
    if (stopped || socket.active) return 'reconnecting';
    const wait = Math.min(delay.max, delay.min * 2 ** Math.min(failures, 10));
    failures++;
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (!stopped) socket.connect();
    }, wait);
    return `trying again in ${Math.ceil(wait / 1000)} s`;
  }

  socket.on('connect', () => {
    failures = 0;
    log(`connected to ${origin}`);
    tell('connected', '');
  });

  socket.on('disconnect', (reason) => {
    connection++;
    if (stopped) return;
    log(`disconnected (${reason}), ${retryIfInactive()}`);
    tell('disconnected', reason);
  });

  socket.on('connect_error', (err) => {
    if (stopped) return;
    if (!socket.active) {
      const why = err.message === PRINT_AGENT_REFUSED ? 'this device token is not valid or was revoked' : err.message;
      log(`the server refused this agent: ${why}; ${retryIfInactive()}`);
    } else {
      failures++;
      log(`cannot connect to ${origin}: ${err.message}; reconnecting`);
    }
    tell('connectFailed', err.message);
  });

  socket.on(PRINT_AGENT_JOB_EVENT, (raw: unknown, ack?: unknown) => {
    const reply: Reply = typeof ack === 'function' ? (answer) => ack(answer) : () => {};
    const job = readJob(raw);
    if (!job) {
      log('a job was refused: it is not a valid print job');
      reply({ ok: false, error: 'not a valid print job' });
      return;
    }
    const received = connection;
    queue = queue.then(() => printOne(job, reply, received));
  });

  /** Prints one job and answers; never throws (the queue goes on). */
  async function printOne(job: PrintAgentJob, reply: Reply, received: number) {
    const printer = `${job.host}:${job.port}`;
    // The server stopped waiting for this answer when the connection went, and sends the job again.
    if (received !== connection) {
      log(`job ${job.jobId} for ${printer} skipped: the connection was lost before it was printed`);
      return;
    }
    try {
      const result = await sendToPrinter({ host: job.host, port: job.port }, job.bytes);
      log(`job ${job.jobId} → ${printer}: ${result.printed ? 'printed' : 'not printed'} (${result.state})`);
      reply({ ok: true, printed: result.printed, state: result.state });
    } catch (err) {
      const error = (err instanceof Error && err.message) || String(err);
      log(`job ${job.jobId} → ${printer} failed: ${error}`);
      reply({ ok: false, error: error.slice(0, PRINT_AGENT_ERROR_MAX) });
    }
  }

  return {
    async stop() {
      if (stopped) return queue;
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      connection++;
      socket.disconnect();
      await queue;
    },
    connected: () => socket.connected,
    onStateChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
