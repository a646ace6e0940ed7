import type { Db } from '../../db/client.js';
import type { PlaceOrderInput } from './batch-eligibility.js';
import { placeBatch } from './place-order-batch.js';
import type { InsertedOrder } from './place-order-sql.js';

/**
 * Group commit of new orders. Orders placed while the database is busy with earlier ones wait here and then go
 * in together: one statement to read and one to write (one commit, one WAL flush) for all
 * of them instead of a transaction each. The database's per-transaction work is what limits orders per second once the HTTP path is
 * cheap, so sharing it is what lets throughput grow with load.
 *
 * - An order arriving while fewer than `maxInFlight` batches run waits only for the end of the current event-loop
 *   turn (setImmediate), so that the orders parsed in the same turn share a statement; there is no timer, so an
 *   order on a quiet server is not delayed.
 * - Each order keeps its own outcome: a refused order (see placeBatch) gets null and the caller takes the slow
 *   path for it; the others of the batch are placed. Two orders of one batch with the same device and
 *   Idempotency-Key: only the first goes into the statement, the others get null and find it on the slow path
 *   (after the batch committed).
 * - Two batches at most in flight (measured with bench/place-orders.ts, 50 guests: one at a time serialises the
 *   statements and halves throughput; four make the batches smaller and each order's share of the commit larger).
 *   In PostgreSQL one order alone costs ~0.6 ms of backend CPU (mostly its commit), one of a batch of 25 ~0.15 ms.
 * - When a statement of the batch fails (not a refusal: an error), every order of the batch is retried alone, so one
 *   order's error never fails the others and each caller gets its own order's error.
 */
export class OrderBatcher {
  private queue: Waiting[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly db: Db,
    /** "Now" of the rules the batch path checks (opening hours). */
    private readonly clock: () => Date = () => new Date(),
    private readonly limits: { maxInFlight: number; maxBatch: number } = { maxInFlight: 2, maxBatch: 64 },
  ) {}

  /** Places the order with the next batch; null when it was refused and nothing of it was written. */
  place(input: PlaceOrderInput): Promise<InsertedOrder | null> {
    return new Promise((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        this.drain();
      });
    });
  }

  private drain() {
    while (this.queue.length > 0 && this.inFlight < this.limits.maxInFlight) {
      const batch = this.queue.splice(0, this.limits.maxBatch);
      this.inFlight++;
      void this.run(batch).finally(() => {
        this.inFlight--;
        this.drain();
      });
    }
  }

  private async run(batch: Waiting[]) {
    const { sent, repeats } = splitRepeats(batch);
    try {
      const results = await placeBatch(
        this.db,
        sent.map((w) => w.input),
        this.clock(),
      );
      sent.forEach((w, i) => w.resolve(results[i]));
    } catch (err) {
      if (sent.length === 1) sent[0].reject(err);
      else await Promise.all(sent.map((w) => this.runAlone(w)));
    }
    for (const w of repeats) w.resolve(null);
  }

  /** One order in its own statement: its error is its own. */
  private async runAlone(w: Waiting) {
    try {
      const [result] = await placeBatch(this.db, [w.input], this.clock());
      w.resolve(result);
    } catch (err) {
      w.reject(err);
    }
  }
}

interface Waiting {
  input: PlaceOrderInput;
  resolve: (placed: InsertedOrder | null) => void;
  reject: (err: unknown) => void;
}

/** The orders to send, and the repeats of an idempotency key already among them (same restaurant and device). */
function splitRepeats(batch: Waiting[]): { sent: Waiting[]; repeats: Waiting[] } {
  const keys = new Set<string>();
  const sent: Waiting[] = [];
  const repeats: Waiting[] = [];
  for (const w of batch) {
    const { eateryId, deviceId, idempotencyKey } = w.input;
    if (deviceId !== null && idempotencyKey !== null) {
      const key = JSON.stringify([eateryId, deviceId, idempotencyKey]);
      if (keys.has(key)) {
        repeats.push(w);
        continue;
      }
      keys.add(key);
    }
    sent.push(w);
  }
  return { sent, repeats };
}
