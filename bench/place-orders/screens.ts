/**
 * A scenario's staff screens, spread over a few sockets processes (sockets-child.ts): 200 screens are 200 devices,
 * and one process parsing every message of all of them would add its own queue to the measured delivery times.
 * Each restaurant's screens are divided evenly between the processes; their receipts are merged here.
 */
import type { ChildProcess } from 'node:child_process';
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

export async function connectScreens(
  port: number,
  groups: ScreenGroup[],
  processes: number,
  track: (child: ChildProcess) => ChildProcess,
): Promise<Screens> {
  const children = Array.from({ length: processes }, () => track(forkChild('sockets-child', [])));
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
