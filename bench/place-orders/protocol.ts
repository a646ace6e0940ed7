/**
 * What the processes of the place-orders benchmark say to each other over the fork IPC channel, and the shared
 * clock. The main process asks (`ask(child, cmd, payload)`), a child answers (`serve({cmd: handler})`); a child that
 * is ready by itself says so with one unsolicited `{reply: 'ready', ...}` message.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Milliseconds on the monotonic clock (CLOCK_MONOTONIC), the same in every process of the machine. */
export const now = () => Number(process.hrtime.bigint()) / 1e6;

/** One seeded restaurant as the server child reports it. */
export interface Restaurant {
  eateryId: number;
  tableIds: number[];
  dishIds: number[];
  /** An owner's access token (subscribes to the restaurant's staff topic). */
  token: string;
}

export interface ServerReady {
  port: number;
  restaurants: Restaurant[];
  rssMb: number;
}

/** Cumulative figures of a process since it started; the main process subtracts two of them. */
export interface ProcessStats {
  cpuSeconds: number;
  rssMb: number;
  /** Largest RSS sampled every 100 ms since start. */
  peakRssMb: number;
  /** PostgreSQL only: the CPU so far of each backend connected to the benchmark's database (cpu.ts). */
  dbBackends?: [pid: number, seconds: number][];
}

/** One placed order: id, send time (ms on `now()`), restaurant. */
export type Send = [orderId: number, sentAt: number, eateryId: number];

/** What one sockets process saw of a set of sends. */
export interface Receipts {
  /** Sum over the orders of this process's screens of the order's restaurant. */
  expected: number;
  received: number;
  /** NEW_ORDER events that reached a socket of another restaurant (must be 0). */
  misdelivered: number;
  /** Arrival minus send time of every receipt, ms, sorted. */
  latencies: Float64Array;
  /** CPU of the process since the last reset. */
  cpuSeconds: number;
}

/** NEW_ORDER arrival on all the staff sockets of a scenario. */
export interface Deliveries {
  expected: number;
  received: number;
  misdelivered: number;
  p50: number;
  p99: number;
  max: number;
  /** CPU of the sockets processes since the last reset. */
  cpuSeconds: number;
}

/** Result of the raw transactional insert (scenario a). */
export interface RawResult {
  orders: number;
  seconds: number;
  p50: number;
  p99: number;
  cpuSeconds: number;
  /** PostgreSQL only: CPU of the connections' backends while measuring (NaN on PGlite: in cpuSeconds). */
  dbCpuSeconds: number;
  errors: number;
}

/** A restaurant's staff screens in a scenario. */
export interface ScreenGroup {
  eateryId: number;
  token: string;
  screens: number;
}

type Reply = { reply: string } & Record<string, unknown>;

const isReply = (m: unknown, cmd: string): m is Reply =>
  typeof m === 'object' && m !== null && (m as { reply?: unknown }).reply === cmd;

/** Waits for the child's `{reply: cmd}` message; rejects when the child exits first. */
export function waitReply<T>(child: ChildProcess, cmd: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: unknown) => {
      if (!isReply(m, cmd)) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(m as T);
    };
    const onExit = (code: number | null, signal: string | null) =>
      reject(new Error(`child exited (${signal ?? code}) before answering ${cmd}`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/** Sends `{cmd, ...payload}` to the child and waits for its answer. */
export function ask<T>(child: ChildProcess, cmd: string, payload: object = {}): Promise<T> {
  const answer = waitReply<T>(child, cmd);
  child.send({ cmd, ...payload });
  return answer;
}

/** Child side: answers each `{cmd}` with the handler's result; `stop` answers, then exits the process. */
export function serve(handlers: Record<string, (msg: Record<string, unknown>) => unknown>) {
  process.on('message', async (msg: { cmd: string } & Record<string, unknown>) => {
    const handler = handlers[msg.cmd];
    if (!handler) throw new Error(`unknown command ${msg.cmd}`);
    const result = (await handler(msg)) ?? {};
    const reply = { reply: msg.cmd, ...(result as object) };
    if (msg.cmd === 'stop') process.send!(reply, () => process.exit(0));
    else process.send!(reply);
  });
}

/** Tells the parent this child is ready (the one unsolicited message). */
export const sayReady = (payload: object) => process.send!({ reply: 'ready', ...payload });

/** CPU seconds and RSS of this process, with the peak RSS sampled every 100 ms from the first call on. */
export function processStats(): () => ProcessStats {
  let peak = process.memoryUsage.rss();
  setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 100).unref();
  return () => {
    const cpu = process.cpuUsage();
    const rss = process.memoryUsage.rss();
    peak = Math.max(peak, rss);
    return { cpuSeconds: (cpu.user + cpu.system) / 1e6, rssMb: rss / 2 ** 20, peakRssMb: peak / 2 ** 20 };
  };
}

/** Forks one of the child scripts of this folder (`name`.ts) with the same TypeScript loader as this process. */
export function forkChild(
  name: string,
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; execArgv?: string[] } = {},
): ChildProcess {
  return fork(fileURLToPath(new URL(`./${name}.ts`, import.meta.url)), args, {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // Structured clone: typed arrays (latencies) cross as they are.
    serialization: 'advanced',
    env: { ...process.env, ...opts.env },
    execArgv: [...process.execArgv, ...(opts.execArgv ?? [])],
  });
}

/** Resolves when the child has exited (at once when it already has). */
export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}
