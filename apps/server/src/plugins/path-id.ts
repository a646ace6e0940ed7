import { DECIMAL_ID_RE, MAX_DB_ID } from '@qr-menu/contract';
import { notFound } from './app-error.js';

/**
 * An id from the path as clients send it: plain decimal digits without a leading zero (the contract's
 * DECIMAL_ID_RE: '0x1', '1e0', '+1', ' 1' and '01' are not ids), at most a database int4.
 * Anything else is "not found" (404 `notYourResource`), never 400: a bad id and another restaurant's id
 * look the same from outside.
 */
export function pathId(raw: string | undefined): number {
  const id = parsePathId(raw);
  if (id === null) throw notFound();
  return id;
}

/** pathId's rule without the 404: the id, or null when `raw` is not one. */
export function parsePathId(raw: string | undefined): number | null {
  if (raw === undefined || !DECIMAL_ID_RE.test(raw)) return null;
  const id = Number(raw);
  return id > MAX_DB_ID ? null : id;
}
