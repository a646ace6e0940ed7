import type { FastifyReply } from 'fastify';
import { AppError } from '../../plugins/app-error.js';
import type { HashGate } from './passwords.js';

/**
 * `task` (a password hash, and what must wait for it) in a slot of `gate`; 429 `tooManyRequests` at once when every
 * slot and waiting place is taken. Logins, registrations and password resets share one gate.
 */
export function inHashSlot<T>(gate: HashGate, task: () => Promise<T>): Promise<T> {
  const run = gate.tryRun(task);
  if (!run) throw new AppError(429, 'tooManyRequests');
  return run;
}

/**
 * For a route whose handler hashes a password: a 429 of the hash bound (inHashSlot) gets a Retry-After of a second,
 * since the hashes ahead of it take milliseconds.
 */
export function retryAfterBusy(reply: FastifyReply, err: unknown) {
  if (err instanceof AppError && err.statusCode === 429) reply.header('retry-after', '1');
}
