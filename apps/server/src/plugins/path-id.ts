import { notFound } from './app-error.js';

/**
 * An id from the path as clients send it: digits only (1..9 of them, so always a safe integer), positive.
 * Anything else is "not found" (404 `notYourResource`), never 400: a bad id and another restaurant's id
 * look the same from outside.
 */
export function pathId(raw: string | undefined): number {
  if (raw === undefined || !/^\d{1,9}$/.test(raw)) throw notFound();
  const id = Number(raw);
  if (id <= 0) throw notFound();
  return id;
}
