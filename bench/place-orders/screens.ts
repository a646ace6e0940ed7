/**
 * A scenario's staff screens in one or more sockets processes (sockets-child.ts). Each restaurant's screens are
 * divided evenly between the processes; their receipts are merged here. Since the screens read their NEW_ORDER ids
 * from the message bytes instead of parsing every message, one process reads 200 screens at 500 orders/s with ~0.3 of
 * a core and no queue of its own (measured: the same delivery times as two processes, with less CPU).
 */
import type { ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';
import { percentile } from '../common.js';
import { ask, exited, forkChild, type Deliveries, type Receipts, type ScreenGroup, type Send } from './protocol.js';

/** Process i gets screens i, i + n, i + 2n ... of each restaurant. */
function share(groups: ScreenGroup[], i: number, n: number): ScreenGroup[] {
  return groups
    .map((g) => ({ ...g, screens: Math.floor(g.screens / n) + (i < g.screens % n ? 1 : 0) }))
    .filter((g) => g.screens > 0);
}

export interface Screens {
  sockets: number;
  connectSeconds: number;
  /** Forgets earlier receipts and restarts the CPU count. */
  reset(): Promise<void>;
  /** NEW_ORDER arrival of the sends, after waiting up to waitMs for missing ones. */
  collect(sends: Send[], waitMs: number): Promise<Deliveries>;
  stop(): Promise<void>;
}

/**
 * `nice`: the scheduling priority of the sockets processes (0: the same as the server's; 1..19: lower). With a lower
 * one, when the cores are short the server and the database run first and the screens read what is waiting in their
 * sockets' buffers after: the time the clients need is then not taken from the server.
 */
export async function connectScreens(
  port: number,
  groups: ScreenGroup[],
  processes: number,
  track: (child: ChildProcess) => ChildProcess,
  { nice = 0 }: { nice?: number } = {},
): Promise<Screens> {
  const children = Array.from({ length: processes }, () => track(forkChild('sockets-child', [])));
  if (nice !== 0) for (const child of children) setPriority(child.pid!, nice);
  const connected = await Promise.all(
    children.map((child, i) =>
      ask<{ sockets: number; seconds: number }>(child, 'connect', { port, groups: share(groups, i, processes) }),
    ),
  );
  return {
    sockets: connected.reduce((sum, c) => sum + c.sockets, 0),
    connectSeconds: Math.max(...connected.map((c) => c.seconds)),
    reset: async () => {
      await Promise.all(children.map((child) => ask(child, 'reset')));
    },
    collect: async (sends, waitMs) => {
      const parts = await Promise.all(children.map((child) => ask<Receipts>(child, 'collect', { sends, waitMs })));
      const latencies = new Float64Array(parts.reduce((sum, p) => sum + p.latencies.length, 0));
      let offset = 0;
      for (const p of parts) {
        latencies.set(p.latencies, offset);
        offset += p.latencies.length;
      }
      latencies.sort();
      const sum = (key: 'expected' | 'received' | 'misdelivered' | 'cpuSeconds') =>
        parts.reduce((total, p) => total + p[key], 0);
      return {
        expected: sum('expected'),
        received: sum('received'),
        misdelivered: sum('misdelivered'),
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        max: latencies[latencies.length - 1] ?? NaN,
        cpuSeconds: sum('cpuSeconds'),
      };
    },
    stop: async () => {
      await Promise.all(children.map((child) => ask(child, 'stop').then(() => exited(child))));
    },
  };
}
