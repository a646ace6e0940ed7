/**
 * The place-orders benchmark's output: one Markdown table with a row per database, scenario and load, the
 * (b)/(a) ratio and RSS lines, and the verdicts against the order placement budgets below.
 */
import { verdict } from '../common.js';
import type { Deliveries } from './protocol.js';

export const BUDGET = {
  /** Guest orders per second at saturation, (b) and (c). */
  postgresPerS: 1000,
  pglitePerS: 500,
  /** (b) saturation at least this share of (a), PostgreSQL. */
  rawShare: 0.5,
  /** NEW_ORDER p99 at the offered rate in (b). */
  newOrderP99Ms: 50,
  /** NEW_ORDER p99 at the offered rate in (c): one restaurant, every order to each of its 200 screens. */
  newOrderOneRestaurantP99Ms: 100,
  /** Server RSS at the end of the run. */
  pgliteRssMb: 512,
  postgresRssMb: 300,
  /** Orders after which the RSS budgets apply. */
  rssAfterOrders: 10_000,
};

export type DbKind = 'postgres' | 'pglite';
export const dbName = (kind: DbKind) => (kind === 'postgres' ? 'PostgreSQL' : 'PGlite');

export type ScenarioId = 'a' | 'b' | 'c';

export interface Row {
  db: DbKind;
  scenario: ScenarioId;
  label: string;
  /** 'saturation' or the offered rate. */
  load: 'saturation' | number;
  ordersPerS: number;
  /** POST latency (scenario a: one transaction), ms. */
  p50: number;
  p99: number;
  newOrder?: Deliveries;
  /** Server CPU seconds per 1 000 orders (scenario a: the raw-insert process). */
  cpuPer1000: number;
  /** CPU seconds per 1 000 orders of the other processes (NaN when not measured): PostgreSQL's backends of the
   * benchmark's database, the staff sockets processes, the load generator; and the machine's busy cores. */
  dbCpuPer1000: number;
  socketsCpuPer1000: number;
  loadCpuPer1000: number;
  busyCores: number;
  errors: number;
  unsent: number;
}

export interface DbSummary {
  db: DbKind;
  rows: Row[];
  /** Orders placed through the server (warm-ups included). */
  ordersPlaced: number;
  rssReadyMb: number;
  rssEndMb: number;
  peakRssMb: number;
}

const num = (v: number, digits = 0) => (Number.isFinite(v) ? v.toFixed(digits) : '–');
const msCell = (v: number | undefined) => (v === undefined || !Number.isFinite(v) ? '–' : `${v.toFixed(1)} ms`);

function deliveredCell(d: Deliveries | undefined) {
  if (!d) return '–';
  const wrong = d.misdelivered ? `, ${d.misdelivered} to other restaurants` : '';
  return `${d.received === d.expected ? 'all' : `${d.received} of`} ${d.expected}${wrong}`;
}

export function rowsTable(rows: Row[]): string {
  const columns = [
    'database',
    'scenario',
    'load',
    'orders/s',
    'POST p50',
    'POST p99',
    'NEW_ORDER p50',
    'NEW_ORDER p99',
    'NEW_ORDER delivered',
    'server CPU s / 1000 orders',
  ];
  const lines = [`| ${columns.join(' | ')} |`, `|${' --- |'.repeat(columns.length)}`];
  for (const r of rows) {
    const load = r.load === 'saturation' ? 'saturation' : `${r.load}/s offered`;
    const trouble = [r.errors ? `${r.errors} errors` : '', r.unsent ? `${r.unsent} not sent` : '']
      .filter(Boolean)
      .join(', ');
    lines.push(
      `| ${dbName(r.db)} | ${r.label} | ${load} | ${num(r.ordersPerS)}${trouble ? ` (${trouble})` : ''} | ` +
        `${msCell(r.p50)} | ${msCell(r.p99)} | ${msCell(r.newOrder?.p50)} | ${msCell(r.newOrder?.p99)} | ` +
        `${deliveredCell(r.newOrder)} | ${num(r.cpuPer1000, 2)} |`,
    );
  }
  return lines.join('\n');
}

/** Where the machine's CPU went, per 1 000 orders, by process. */
export function cpuTable(rows: Row[]): string {
  const columns = [
    'database',
    'scenario',
    'load',
    'server (a: raw-insert process)',
    'PostgreSQL backends',
    'staff sockets',
    'load generator',
    'machine busy (all processes)',
    'of which not the benchmark',
  ];
  const lines = [`| ${columns.join(' | ')} |`, `|${' --- |'.repeat(columns.length)}`];
  for (const r of rows) {
    const load = r.load === 'saturation' ? 'saturation' : `${r.load}/s offered`;
    lines.push(
      `| ${dbName(r.db)} | ${r.label} | ${load} | ${num(r.cpuPer1000, 2)} | ${num(r.dbCpuPer1000, 2)} | ` +
        `${num(r.socketsCpuPer1000, 2)} | ${num(r.loadCpuPer1000, 2)} | ${num(r.busyCores, 2)} cores | ` +
        `${num(otherCores(r), 2)} cores |`,
    );
  }
  return lines.join('\n');
}

/**
 * Cores kept busy during a phase by processes that are not the benchmark's (the machine's busy cores minus the
 * server, its PostgreSQL backends, the sockets processes and the load generator); NaN when not measured.
 */
export function otherCores(r: Row): number {
  const own =
    ((r.cpuPer1000 + (Number.isFinite(r.dbCpuPer1000) ? r.dbCpuPer1000 : 0) + r.socketsCpuPer1000 + r.loadCpuPer1000) *
      r.ordersPerS) /
    1000;
  return r.busyCores - own;
}

/** Above this many cores of other work in a phase, the run measures the machine's contention as much as the code. */
const SHARED_MACHINE_CORES = 0.3;

const find = (rows: Row[], scenario: ScenarioId, load: 'saturation' | 'offered') =>
  rows.find(
    (r) => r.scenario === scenario && (load === 'saturation' ? r.load === 'saturation' : r.load !== 'saturation'),
  );

/** The (b)-saturation-to-(a) ratio, or null when either was not run. */
export function rawShare(rows: Row[]): number | null {
  const a = find(rows, 'a', 'saturation');
  const b = find(rows, 'b', 'saturation');
  return a && b && a.ordersPerS > 0 ? b.ordersPerS / a.ordersPerS : null;
}

/** Prints the lines under the table for one database. */
export function printSummary(s: DbSummary) {
  const share = rawShare(s.rows);
  if (share !== null) console.log(`${dbName(s.db)}: (b) saturation / (a) raw insert = ${share.toFixed(2)}`);
  console.log(
    `${dbName(s.db)}: server RSS ${num(s.rssReadyMb)} MB once ready, ${num(s.rssEndMb)} MB at the end after ` +
      `${s.ordersPlaced} orders (peak ${num(s.peakRssMb)} MB)`,
  );
}

/** Prints the verdicts of one database; true when all pass. */
export function judge(s: DbSummary): boolean {
  const name = dbName(s.db);
  // The server is one thread against the raw insert's 50 database connections: when other processes want the same
  // cores, (b) loses far more than (a) and every latency grows. Said next to the verdicts, which still count.
  const shared = s.rows.filter((r) => otherCores(r) > SHARED_MACHINE_CORES);
  if (shared.length > 0) {
    const worst = Math.max(...shared.map(otherCores));
    console.log(
      `${name}: other processes kept up to ${worst.toFixed(2)} cores busy during ${shared.length} phase(s): ` +
        'the figures below include the machine being shared (see the CPU table), not only the code',
    );
  }
  const perS = s.db === 'postgres' ? BUDGET.postgresPerS : BUDGET.pglitePerS;
  let pass = true;
  for (const scenario of ['b', 'c'] as const) {
    const row = find(s.rows, scenario, 'saturation');
    if (!row) continue;
    pass =
      verdict(
        `${name} ${row.label}, orders/s at saturation`,
        num(row.ordersPerS),
        `>= ${perS}/s`,
        row.ordersPerS >= perS,
      ) && pass;
  }
  const share = rawShare(s.rows);
  if (s.db === 'postgres' && share !== null) {
    pass =
      verdict(`${name} (b) / (a) raw insert`, share.toFixed(2), `>= ${BUDGET.rawShare}`, share >= BUDGET.rawShare) &&
      pass;
  }
  const newOrderBudgets = [
    ['b', BUDGET.newOrderP99Ms],
    ['c', BUDGET.newOrderOneRestaurantP99Ms],
  ] as const;
  for (const [scenario, budgetMs] of newOrderBudgets) {
    const offered = find(s.rows, scenario, 'offered');
    const d = offered?.newOrder;
    if (!offered || !d) continue;
    const complete = d.received === d.expected && d.misdelivered === 0 && offered.unsent === 0 && offered.errors === 0;
    const what = `${name} ${offered.label}, NEW_ORDER p99 at ${offered.load}/s offered`;
    pass =
      verdict(
        `${what}${complete ? '' : ' (NOT ALL SENT OR DELIVERED)'}`,
        msCell(d.p99),
        `<= ${budgetMs} ms`,
        complete && d.p99 <= budgetMs,
      ) && pass;
  }
  const rssBudget = s.db === 'postgres' ? BUDGET.postgresRssMb : BUDGET.pgliteRssMb;
  const enough = s.ordersPlaced >= BUDGET.rssAfterOrders;
  pass =
    verdict(
      `${name} server RSS at the end after ${s.ordersPlaced} orders` +
        `${enough ? '' : ` (fewer than ${BUDGET.rssAfterOrders}: indicative)`}` +
        `${s.db === 'pglite' ? ', first start on a new data dir' : ''}`,
      `${num(s.rssEndMb)} MB`,
      `<= ${rssBudget} MB`,
      s.rssEndMb <= rssBudget,
    ) && pass;
  return pass;
}
