/**
 * CPU time of other processes, from /proc (Linux): the PostgreSQL backends serving a database, and the machine
 * as a whole. The place-orders benchmark shares the machine's cores between the database, the server, the load
 * generator and the staff sockets; these figures show where the cores went. Elsewhere (no /proc) they are NaN.
 */
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import type pg from 'pg';

/** USER_HZ: /proc counts CPU time in 1/100 s on Linux. */
const TICKS_PER_SECOND = 100;

/** utime + stime of a process in seconds; NaN when it is gone (or there is no /proc). */
export function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
}

/** CPU seconds of each process id. */
export type PidCpu = [pid: number, seconds: number][];

export const cpuOfPids = (pids: readonly number[]): PidCpu =>
  pids.map((pid) => [pid, processCpuSeconds(pid)] as [number, number]).filter(([, s]) => Number.isFinite(s));

/**
 * CPU spent between two samples by the processes of the second one (a process new since the first counts from
 * its start; one gone by the second is not counted).
 */
export function cpuBetween(before: PidCpu, after: PidCpu): number {
  const earlier = new Map(before);
  let sum = 0;
  for (const [pid, s] of after) sum += s - (earlier.get(pid) ?? 0);
  return sum;
}

/**
 * The PostgreSQL client backends connected to the client's database (the benchmark's own database), with their
 * CPU: what the server's connections (queries, and the socket.io adapter's NOTIFYs) cost the database. Like the
 * raw insert's figure, it leaves out the background processes (autovacuum, WAL writer, checkpointer).
 */
export async function databaseBackendsCpu(client: pg.Client): Promise<PidCpu> {
  const { rows } = await client.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'",
  );
  return cpuOfPids(rows.map((r) => r.pid));
}

/** Busy and total CPU time of the machine (all cores) so far, in seconds. */
export function machineCpu(): { busy: number; total: number } {
  try {
    const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/);
    const v = values.map(Number);
    const total = v.slice(0, 8).reduce((a, b) => a + b, 0);
    const idle = v[3] + v[4]; // idle + iowait
    return { busy: (total - idle) / TICKS_PER_SECOND, total: total / TICKS_PER_SECOND };
  } catch {
    return { busy: NaN, total: NaN };
  }
}

/** Cores kept busy between two machineCpu samples (all processes of the machine, also others'). */
export function busyCores(before: { busy: number; total: number }, after: { busy: number; total: number }): number {
  return ((after.busy - before.busy) / (after.total - before.total)) * cpus().length;
}
