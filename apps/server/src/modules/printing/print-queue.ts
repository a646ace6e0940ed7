import type { PrintDocument, PrintJobKind } from '@qr-menu/contract';
import type { Executor } from '../../db/client.js';
import { printJobs } from '../../db/schema.js';

/** A job to queue: what it is, for which printer, and the finished document. */
export interface NewPrintJob {
  printerId: number;
  kind: PrintJobKind;
  orderId: number | null;
  title: string;
  document: PrintDocument;
  reprintOf?: number | null;
}

/**
 * Queues print jobs in the caller's transaction: they are printed once it commits (the worker polls, and is woken
 * by whoever queued them). The worker sends each printer's jobs in the order of their ids.
 */
export async function queueJobs(ex: Executor, eateryId: number, jobs: readonly NewPrintJob[]): Promise<number[]> {
  if (jobs.length === 0) return [];
  const rows = await ex
    .insert(printJobs)
    .values(jobs.map((j) => ({ ...j, eateryId, reprintOf: j.reprintOf ?? null })))
    .returning({ id: printJobs.id });
  return rows.map((r) => r.id);
}
