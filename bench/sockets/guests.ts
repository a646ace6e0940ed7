/**
 * The guest sockets of the sockets benchmark, spread over a few guests processes (guests-child.ts), the way
 * place-orders/screens.ts spreads the staff screens; their receipts are added up here.
 */
import type { ChildProcess } from 'node:child_process';
import { ask, exited, forkChild } from '../place-orders/protocol.js';
import type { GuestReceipts, GuestSpec } from './protocol.js';

export interface Guests {
  sockets: number;
  connectSeconds: number;
  /** Forgets earlier receipts and restarts the CPU count. */
  reset(): Promise<void>;
  collect(): Promise<GuestReceipts>;
  stop(): Promise<void>;
}

export async function connectGuests(
  port: number,
  guests: GuestSpec[],
  processes: number,
  track: (child: ChildProcess) => ChildProcess,
): Promise<Guests> {
  // forkChild starts scripts of place-orders/; this one lives beside this file.
  const children = Array.from({ length: processes }, () => track(forkChild('../sockets/guests-child', [])));
  const connected = await Promise.all(
    children.map((child, i) =>
      ask<{ sockets: number; seconds: number }>(child, 'connect', {
        port,
        guests: guests.filter((_, g) => g % processes === i),
      }),
    ),
  );
  return {
    sockets: connected.reduce((sum, c) => sum + c.sockets, 0),
    connectSeconds: Math.max(...connected.map((c) => c.seconds)),
    reset: async () => {
      await Promise.all(children.map((child) => ask(child, 'reset')));
    },
    collect: async () => {
      const parts = await Promise.all(children.map((child) => ask<GuestReceipts>(child, 'collect')));
      const sum = (key: keyof GuestReceipts) => parts.reduce((total, p) => total + p[key], 0);
      return {
        sockets: sum('sockets'),
        events: sum('events'),
        misdelivered: sum('misdelivered'),
        closed: sum('closed'),
        cpuSeconds: sum('cpuSeconds'),
      };
    },
    stop: async () => {
      await Promise.all(children.map((child) => ask(child, 'stop').then(() => exited(child))));
    },
  };
}
