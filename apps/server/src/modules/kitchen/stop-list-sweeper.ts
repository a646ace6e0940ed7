import type { FastifyBaseLogger } from 'fastify';

/** How often the stop-list is checked for dishes due back (a dish returns at most this late). */
export const STOP_LIST_SWEEP_MS = 30_000;

export interface StopListSweeperDeps {
  /** Makes the due dishes available again (and publishes the change of each restaurant's menu). */
  releaseDueDishes(now: Date): Promise<unknown>;
  log: FastifyBaseLogger;
  /** The clock (tests move it). */
  now?: () => Date;
  intervalMs?: number;
}

/**
 * Brings dishes put on the stop-list "until the next business day" back when their time has come (the dishes
 * service publishes those restaurants' menu changes, as it does for the availability route). Every instance runs
 * one: the update is idempotent, and only the instance that changed rows publishes.
 */
export class StopListSweeper {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(private readonly deps: StopListSweeperDeps) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.sweep(), this.deps.intervalMs ?? STOP_LIST_SWEEP_MS);
    this.timer.unref();
  }

  /** Stops the timer and waits for a sweep under way (so the database is not closed under it). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One sweep; errors are logged (the next sweep tries again). Overlapping calls share the sweep under way. */
  sweep(): Promise<void> {
    this.running ??= this.sweepOnce().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async sweepOnce(): Promise<void> {
    try {
      await this.deps.releaseDueDishes(this.deps.now?.() ?? new Date());
    } catch (err) {
      this.deps.log.warn({ err }, 'stop-list sweep failed');
    }
  }
}
