import { sql } from 'drizzle-orm';
import type { PaperWidth, PrintDocument, PrinterState, PrinterTextMode } from '@qr-menu/contract';
import type { Db } from '../../db/client.js';

/** The rows of a raw statement, on either driver. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** What a send answers: printed, or refused for want of paper (the job waits). Failures throw. */
export interface SendResult {
  printed: boolean;
  state: 'ONLINE' | 'NO_PAPER';
}

/** A claimed job with its printer, as the worker sends it. */
export interface ClaimedJob {
  id: number;
  eateryId: number;
  printerId: number;
  attempts: number;
  document: PrintDocument;
  transport: 'DIRECT' | 'AGENT';
  host: string;
  port: number;
  paper: PaperWidth;
  textMode: PrinterTextMode;
  printerState: PrinterState;
}

/** The print agents connected to this instance (agent-hub.ts). */
export interface AgentLink {
  connectedEateries(): number[];
  send(eateryId: number, job: { jobId: number; host: string; port: number; bytes: Uint8Array }): Promise<SendResult>;
}

export interface PrintWorkerDeps {
  render(document: PrintDocument, target: { paper: PaperWidth; textMode: PrinterTextMode }): Uint8Array;
  sendDirect(address: { host: string; port: number }, bytes: Uint8Array): Promise<SendResult>;
  /** Asks a direct printer how it is (connected, paper), without printing. */
  probe?(address: { host: string; port: number }): Promise<'ONLINE' | 'OFFLINE' | 'NO_PAPER'>;
  agents?: AgentLink;
  /** A printer's state or waiting jobs changed: staff screens read them again. */
  changed?(eateryId: number): void;
  /** The clock of claims and retries; tests move it instead of waiting. */
  now?: () => Date;
  log?: { warn(obj: object, msg: string): void };
}

export interface PrintWorkerTiming {
  /** How often waiting jobs are looked for without being woken (retries, other instances' jobs). */
  pollMs: number;
  /** The first retry waits this long, each next one twice as long, up to `maxBackoffMs`. */
  baseBackoffMs: number;
  maxBackoffMs: number;
  /** A claimed job whose worker went away (a crash) is tried again after this. */
  claimMs: number;
  /**
   * A direct printer with nothing to print is asked how it is when its state is older than this, so a printer that
   * went off between two orders shows OFFLINE before the next ticket waits for it.
   */
  probeMs: number;
}

export const PRINT_WORKER_TIMING: PrintWorkerTiming = {
  pollMs: 1000,
  baseBackoffMs: 1000,
  maxBackoffMs: 15_000,
  claimMs: 60_000,
  probeMs: 30_000,
};

/** The wait before the next attempt after `attempts` failed ones. */
export function backoffMs(attempts: number, t: PrintWorkerTiming): number {
  return Math.min(t.maxBackoffMs, t.baseBackoffMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Sends print jobs to printers: never lost, never twice, in order per printer.
 *
 * Each pass claims, for every printer with jobs waiting, the oldest job not printed (only that one: a printer's jobs
 * print in the order they were queued, and a printer that is off holds all of them). A claim is a row lock taken
 * with SKIP LOCKED and a status PRINTING with a deadline, in one transaction, so two instances never send the same
 * job; a claim whose worker died is taken again after its deadline. A printed job is DONE; a failed one waits with a
 * growing backoff and the printer is marked OFFLINE (or NO_PAPER), and the next pass tries again. Jobs of printers
 * reached through a print agent are claimed only by the instance the agent is connected to.
 */
export class PrintWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    private readonly deps: PrintWorkerDeps,
    private readonly timing: PrintWorkerTiming = PRINT_WORKER_TIMING,
  ) {
    this.now = deps.now ?? (() => new Date());
  }

  /** Polls every `pollMs` until stopped; `kick` runs a pass at once. */
  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.timing.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Runs a pass now (or right after the one running): jobs were queued or an agent connected. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  /** Stops polling and waits for the pass under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private async drain(): Promise<void> {
    try {
      while (!this.stopped && (await this.runOnce()) > 0);
      if (!this.stopped) await this.probeIdle();
    } catch (err) {
      this.deps.log?.warn({ err }, 'print worker pass failed');
    }
  }

  /**
   * One pass: claims the head job of every printer that may print now, sends them (printers in parallel), records
   * each outcome. The number of jobs printed (0: nothing to do now).
   */
  async runOnce(): Promise<number> {
    const jobs = await this.claim();
    const outcomes = await Promise.all(jobs.map((job) => this.print(job)));
    return outcomes.filter(Boolean).length;
  }

  /**
   * Asks the enabled direct printers without waiting jobs whose state is older than `probeMs` how they are, and
   * records it (staff screens hear of a change). At most 20 a pass: a few restaurants' printers, not a fleet.
   */
  async probeIdle(): Promise<void> {
    if (!this.deps.probe) return;
    const now = this.now();
    const stale = new Date(now.getTime() - this.timing.probeMs);
    const idle = rowsOf<{ id: number; eateryId: number; host: string; port: number; state: string }>(
      await this.db.execute(sql`
        select p.id, p.eatery_id as "eateryId", p.host, p.port, p.state from printers p
        where p.enabled and p.transport = 'DIRECT' and (p.state_at is null or p.state_at < ${stale})
          and not exists (select 1 from print_jobs j where j.printer_id = p.id and j.status in ('PENDING', 'PRINTING'))
        order by p.state_at nulls first limit 20`),
    );
    await Promise.all(
      idle.map(async (p) => {
        const state = await this.deps.probe!({ host: p.host, port: Number(p.port) });
        await this.db.execute(sql`
          update printers set state = ${state}, state_at = ${now},
            last_error = ${state === 'OFFLINE' ? 'no answer' : null}
          where id = ${p.id}`);
        if (state !== p.state) this.deps.changed?.(Number(p.eateryId));
      }),
    );
  }

  private async claim(): Promise<ClaimedJob[]> {
    const now = this.now();
    const until = new Date(now.getTime() + this.timing.claimMs);
    const agentEateries = this.deps.agents?.connectedEateries() ?? [];
    return this.db.transaction(async (tx) => {
      const heads = rowsOf<{ id: number }>(
        await tx.execute(sql`
          select j.id from print_jobs j join printers p on p.id = j.printer_id
          where j.id in (select min(id) from print_jobs where status in ('PENDING', 'PRINTING') group by printer_id)
            and p.enabled
            and (p.transport = 'DIRECT' or p.eatery_id = any(${sql.param(agentEateries)}::int[]))
            and ((j.status = 'PENDING' and j.next_attempt_at <= ${now})
              or (j.status = 'PRINTING' and j.claimed_until < ${now}))
          for update of j skip locked`),
      );
      if (heads.length === 0) return [];
      const claimed = rowsOf<Record<string, unknown>>(
        await tx.execute(sql`
          update print_jobs j set status = 'PRINTING', attempts = j.attempts + 1, claimed_until = ${until}
          from printers p
          where p.id = j.printer_id and j.id = any(${sql.param(heads.map((h) => h.id))}::int[])
          returning j.id, j.eatery_id, j.printer_id, j.attempts, j.document, p.transport, p.host, p.port, p.paper,
            p.text_mode, p.state`),
      );
      return claimed.map((r) => ({
        id: Number(r.id),
        eateryId: Number(r.eatery_id),
        printerId: Number(r.printer_id),
        attempts: Number(r.attempts),
        document: (typeof r.document === 'string' ? JSON.parse(r.document) : r.document) as PrintDocument,
        transport: r.transport as 'DIRECT' | 'AGENT',
        host: String(r.host),
        port: Number(r.port),
        paper: Number(r.paper) as PaperWidth,
        textMode: r.text_mode as PrinterTextMode,
        printerState: r.state as PrinterState,
      }));
    });
  }

  /** Sends one claimed job and records what happened; true when it printed. */
  private async print(job: ClaimedJob): Promise<boolean> {
    let result: SendResult | null = null;
    let error: string | null = null;
    try {
      const bytes = this.deps.render(job.document, { paper: job.paper, textMode: job.textMode });
      result =
        job.transport === 'AGENT'
          ? await this.sendThroughAgent(job, bytes)
          : await this.deps.sendDirect({ host: job.host, port: job.port }, bytes);
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
    }
    const now = this.now();
    if (result?.printed) {
      await this.db.execute(sql`
        update print_jobs set status = 'DONE', printed_at = ${now}, claimed_until = null, last_error = null
        where id = ${job.id} and status = 'PRINTING'`);
    } else {
      const retryAt = new Date(now.getTime() + backoffMs(job.attempts, this.timing));
      await this.db.execute(sql`
        update print_jobs set status = 'PENDING', next_attempt_at = ${retryAt}, claimed_until = null,
          last_error = ${error ?? 'out of paper'}
        where id = ${job.id} and status = 'PRINTING'`);
    }
    const state: PrinterState = result ? result.state : 'OFFLINE';
    await this.db.execute(sql`
      update printers set state = ${state}, state_at = ${now}, last_error = ${error}
      where id = ${job.printerId}`);
    // Every outcome changes what staff see: a job fewer waiting, or a printer that went off.
    this.deps.changed?.(job.eateryId);
    if (error && job.printerState !== 'OFFLINE') {
      this.deps.log?.warn({ printerId: job.printerId, jobId: job.id, error }, 'printer unreachable; jobs wait');
    }
    return result?.printed ?? false;
  }

  private sendThroughAgent(job: ClaimedJob, bytes: Uint8Array): Promise<SendResult> {
    if (!this.deps.agents) return Promise.reject(new Error('no print agent'));
    return this.deps.agents.send(job.eateryId, { jobId: job.id, host: job.host, port: job.port, bytes });
  }
}
