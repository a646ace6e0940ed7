/**
 * The sockets benchmark's output: a table of the one-instance run, a table of the adapters side by side, and the
 * verdicts against the budgets below.
 */
import { verdict } from '../common.js';
import type { Deliveries } from '../place-orders/protocol.js';
import type { GuestReceipts } from './protocol.js';

export const BUDGET = {
  /** Largest server RSS sampled during the one-instance run (20 000 sockets). */
  serverRssMb: 1024,
  /** NEW_ORDER p99 on every socket that should get it, at the offered rate (also across instances). */
  newOrderP99Ms: 100,
};

export type AdapterKind = 'postgres' | 'redis';

/** CPU seconds of each process kind while measuring. */
export interface CpuSeconds {
  /** The server (one instance), or instance A + instance B. */
  server: number;
  /** The socket clients: staff screens and guests. */
  clients: number;
  loadGenerator: number;
  /** PostgreSQL's backends of the benchmark's database. */
  database: number;
  /** The Redis server (NaN when it is not on this machine or not used). */
  redis: number;
  /** Cores kept busy, all processes of the machine. */
  busyCores: number;
}

export interface OneInstance {
  restaurants: number;
  staffSockets: number;
  guestSockets: number;
  connectSeconds: number;
  rate: number;
  seconds: number;
  orders: number;
  errors: number;
  unsent: number;
  /** The guests' POST until its answer, from the scheduled send time (ms): how much of NEW_ORDER's time is placing. */
  postP50: number;
  postP99: number;
  newOrder: Deliveries;
  guests: GuestReceipts;
  rssReadyMb: number;
  rssConnectedMb: number;
  rssEndMb: number;
  peakRssMb: number;
  cpu: CpuSeconds;
}

export interface AdapterRow {
  adapter: AdapterKind;
  /** 'saturation' or the offered rate. */
  load: 'saturation' | number;
  seconds: number;
  orders: number;
  errors: number;
  unsent: number;
  newOrder: Deliveries;
  /** The same orders on one board per restaurant on A: without crossing, for reference. */
  onA: Deliveries;
  /** Server CPU split: instance A (takes the orders) and B (holds the screens). */
  cpuA: number;
  cpuB: number;
  cpu: CpuSeconds;
}

const num = (v: number, digits = 0) => (Number.isFinite(v) ? v.toFixed(digits) : '–');
const msCell = (v: number) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : '–');
const adapterName = (kind: AdapterKind) => (kind === 'redis' ? 'Redis streams' : 'PostgreSQL');
const missing = (d: Deliveries) => d.expected - d.received;
const share = (part: number, whole: number) => (whole > 0 ? `${((100 * part) / whole).toFixed(0)}%` : '–');

export function oneInstanceTable(r: OneInstance): string {
  const d = r.newOrder;
  const cpu = r.cpu;
  const core = (s: number) => `${num(s, 1)} s (${share(s, r.seconds)} of a core)`;
  const rows: [string, string][] = [
    ['sockets', `${r.staffSockets + r.guestSockets} (${r.staffSockets} staff, ${r.guestSockets} guests)`],
    ['restaurants', `${r.restaurants}`],
    ['connected and subscribed in', `${num(r.connectSeconds, 1)} s`],
    ['orders', `${r.orders} in ${num(r.seconds, 1)} s (${r.rate}/s offered), ${r.errors} errors, ${r.unsent} not sent`],
    ['POST p50 / p99', `${msCell(r.postP50)} / ${msCell(r.postP99)}`],
    ['NEW_ORDER p50 / p99 / max', `${msCell(d.p50)} / ${msCell(d.p99)} / ${msCell(d.max)}`],
    ['NEW_ORDER delivered', `${d.received} of ${d.expected} (${missing(d)} missing)`],
    ['delivered where it should not be', `${d.misdelivered + r.guests.misdelivered}`],
    ['order events on guest sockets', `${r.guests.events}; guest sockets closed by the server: ${r.guests.closed}`],
    [
      'server RSS',
      `${num(r.rssReadyMb)} MB ready, ${num(r.rssConnectedMb)} MB with the sockets, ${num(r.rssEndMb)} MB at the ` +
        `end, peak ${num(r.peakRssMb)} MB (${num((1024 * (r.peakRssMb - r.rssReadyMb)) / (r.staffSockets + r.guestSockets), 1)} KB a socket)`,
    ],
    ['CPU: server', core(cpu.server)],
    [
      'CPU: socket clients',
      `${core(cpu.clients)}; ${share(cpu.clients, cpu.clients + cpu.server)} of clients + server`,
    ],
    ['CPU: load generator, PostgreSQL backends', `${core(cpu.loadGenerator)}, ${core(cpu.database)}`],
    ['machine busy', `${num(cpu.busyCores, 2)} cores`],
  ];
  return ['| one instance | |', '| --- | --- |', ...rows.map(([k, v]) => `| ${k} | ${v} |`)].join('\n');
}

export function adaptersTable(rows: AdapterRow[]): string {
  const columns = [
    'adapter',
    'load',
    'orders/s through A',
    'NEW_ORDER on B p50',
    'p99',
    'max',
    'on A (same instance) p50 / p99',
    'delivered on B',
    'events/s delivered',
    'CPU % of a core: A, B, PostgreSQL, Redis, clients',
  ];
  const lines = [`| ${columns.join(' | ')} |`, `|${' --- |'.repeat(columns.length)}`];
  for (const r of rows) {
    const d = r.newOrder;
    const load = r.load === 'saturation' ? 'saturation' : `${r.load}/s offered`;
    const trouble = [r.errors ? `${r.errors} errors` : '', r.unsent ? `${r.unsent} not sent` : '']
      .filter(Boolean)
      .join(', ');
    const pct = (s: number) => (Number.isFinite(s) ? ((100 * s) / r.seconds).toFixed(0) : '–');
    lines.push(
      `| ${adapterName(r.adapter)} | ${load} | ${num(r.orders / r.seconds)}${trouble ? ` (${trouble})` : ''} | ` +
        `${msCell(d.p50)} | ${msCell(d.p99)} | ${msCell(d.max)} | ${msCell(r.onA.p50)} / ${msCell(r.onA.p99)} | ` +
        `${d.received === d.expected ? 'all' : `${d.received} of`} ${d.expected}` +
        `${d.misdelivered ? `, ${d.misdelivered} to other restaurants` : ''} | ${num(d.received / r.seconds)} | ` +
        `${pct(r.cpuA)}, ${pct(r.cpuB)}, ${pct(r.cpu.database)}, ${pct(r.cpu.redis)}, ${pct(r.cpu.clients)} |`,
    );
  }
  return lines.join('\n');
}

/** All delivered, nothing where it should not be, every order sent and answered. */
const complete = (d: Deliveries, errors: number, unsent: number, elsewhere = 0) =>
  d.received === d.expected && d.misdelivered + elsewhere === 0 && errors === 0 && unsent === 0;

/** Prints the verdicts; true when all pass. */
export function judge(one: OneInstance | null, adapters: AdapterRow[]): boolean {
  let pass = true;
  if (one) {
    const d = one.newOrder;
    const sockets = one.staffSockets + one.guestSockets;
    pass =
      verdict(
        `one instance, ${sockets} sockets, server RSS peak`,
        `${num(one.peakRssMb)} MB`,
        `<= ${BUDGET.serverRssMb} MB`,
        one.peakRssMb <= BUDGET.serverRssMb,
      ) && pass;
    const whole = complete(d, one.errors, one.unsent, one.guests.misdelivered);
    pass =
      verdict(
        `one instance, NEW_ORDER p99 at ${one.rate}/s offered${whole ? '' : ' (NOT ALL SENT OR DELIVERED, OR MISDELIVERED)'}`,
        msCell(d.p99),
        `<= ${BUDGET.newOrderP99Ms} ms, all delivered, none misdelivered`,
        whole && d.p99 <= BUDGET.newOrderP99Ms,
      ) && pass;
  }
  for (const r of adapters) {
    if (r.load === 'saturation') continue;
    const whole = complete(r.newOrder, r.errors, r.unsent);
    pass =
      verdict(
        `${adapterName(r.adapter)} adapter, NEW_ORDER across instances p99 at ${r.load}/s offered` +
          `${whole ? '' : ' (NOT ALL SENT OR DELIVERED, OR MISDELIVERED)'}`,
        msCell(r.newOrder.p99),
        `<= ${BUDGET.newOrderP99Ms} ms, all delivered`,
        whole && r.newOrder.p99 <= BUDGET.newOrderP99Ms,
      ) && pass;
  }
  return pass;
}
