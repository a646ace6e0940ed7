import type { AuditKind, Language } from '@qr-menu/contract/constants';

/** What the owner narrowed the log to; null = no narrowing on that field. */
export interface AuditFilters {
  /** A calendar day (YYYY-MM-DD) in the restaurant's time zone. */
  day: string | null;
  userId: number | null;
  kind: AuditKind | null;
}

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written YYYY-MM-DD ("2026-02-30" is not): what a date input may hold while being typed. */
export function isDay(text: string): boolean {
  if (!DAY_RE.test(text)) return false;
  const ms = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === text;
}

/**
 * The query string of the log's calls: the filters that are set, then `cursor` (the next page) or `lang` (the CSV's
 * language). Always in the same order, so one filter set is one URL.
 */
export function auditQueryString(filters: AuditFilters, extra: { cursor?: number; lang?: Language } = {}): string {
  const params = new URLSearchParams();
  if (filters.day) params.set('day', filters.day);
  if (filters.userId !== null) params.set('userId', String(filters.userId));
  if (filters.kind) params.set('kind', filters.kind);
  if (extra.cursor !== undefined) params.set('cursor', String(extra.cursor));
  if (extra.lang) params.set('lang', extra.lang);
  const text = params.toString();
  return text ? `?${text}` : '';
}
