import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { ApiError } from '../../../api/api-error';

/**
 * A small query cache for the guest pages, in place of TanStack Query (the guest bundle carries no
 * admin libraries). It does what the guest pages use: one request per key at a time, cached data shared by every
 * page, a fresh-for time, a poll interval, setting data from a socket event, and invalidation after an order.
 */
/** What a page reads, narrowed as TanStack Query's result: not pending and not failed means the data is there. */
export type QueryResult<T> = {
  error: unknown;
  refetch: () => Promise<{ data: T | undefined }>;
} & (
  | { isPending: true; isError: false; data: undefined }
  | { isPending: false; isError: true; data: undefined }
  | { isPending: false; isError: false; data: T }
);

export interface QueryOptions<T> {
  key: readonly unknown[];
  enabled: boolean;
  fetch: (signal: AbortSignal) => Promise<T>;
  /** How long data counts as fresh: a page that mounts within it makes no request. */
  staleTime: number;
  /** Poll period for the current data; false stops the poll. */
  refetchInterval?: (data: T | undefined) => number | false;
}

interface Entry {
  data: unknown;
  error: unknown;
  fetchedAt: number;
  inflight: Promise<void> | null;
  fetcher: ((signal: AbortSignal) => Promise<unknown>) | null;
  listeners: Set<() => void>;
  snapshot: Snapshot;
}
type Snapshot = { data: unknown; error: unknown; hasData: boolean };

const RETRIES = 2;
const RETRY_MS = 1000;
const cache = new Map<string, Entry>();
const keyOf = (key: readonly unknown[]) => JSON.stringify(key);

function entryOf(k: string): Entry {
  let e = cache.get(k);
  if (!e) {
    e = {
      data: undefined,
      error: null,
      fetchedAt: 0,
      inflight: null,
      fetcher: null,
      listeners: new Set(),
      snapshot: { data: undefined, error: null, hasData: false },
    };
    cache.set(k, e);
  }
  return e;
}

function publish(e: Entry) {
  e.snapshot = { data: e.data, error: e.error, hasData: e.fetchedAt > 0 };
  for (const l of e.listeners) l();
}

/** Client errors (4xx) will not succeed on a retry; network errors and 5xx get two more tries. */
const retryable = (err: unknown) => !(err instanceof ApiError && err.status < 500);

async function run(e: Entry): Promise<void> {
  const fetcher = e.fetcher;
  if (!fetcher) return;
  e.inflight ??= (async () => {
    const controller = new AbortController();
    for (let attempt = 0; ; attempt++) {
      try {
        e.data = await fetcher(controller.signal);
        e.error = null;
        e.fetchedAt = Date.now();
        break;
      } catch (err) {
        if (attempt < RETRIES && retryable(err)) {
          await new Promise((r) => setTimeout(r, RETRY_MS));
          continue;
        }
        e.error = err;
        break;
      }
    }
    e.inflight = null;
    publish(e);
  })();
  return e.inflight;
}

export function useGuestQuery<T>({ key, enabled, fetch, staleTime, refetchInterval }: QueryOptions<T>): QueryResult<T> {
  const k = keyOf(key);
  const entry = entryOf(k);
  // The latest fetcher wins (it closes over the page's current ids).
  if (enabled) entry.fetcher = fetch as Entry['fetcher'];
  const subscribe = useCallback(
    (listener: () => void) => {
      const e = entryOf(k);
      e.listeners.add(listener);
      return () => void e.listeners.delete(listener);
    },
    [k],
  );
  const snap = useSyncExternalStore(
    subscribe,
    () => entryOf(k).snapshot,
    () => entryOf(k).snapshot,
  );

  useEffect(() => {
    if (!enabled) return;
    const e = entryOf(k);
    if (Date.now() - e.fetchedAt >= staleTime || e.error) void run(e);
  }, [k, enabled, staleTime]);

  const interval = enabled && refetchInterval ? refetchInterval(snap.data as T | undefined) : false;
  useEffect(() => {
    if (!interval) return;
    const timer = setInterval(() => void run(entryOf(k)), interval);
    return () => clearInterval(timer);
  }, [k, interval]);

  const refetch = useCallback(async () => {
    const e = entryOf(k);
    await run(e);
    return { data: e.data as T | undefined };
  }, [k]);

  // No data yet (also while disabled) is "pending"; an error with no data to show is "failed".
  const state = snap.hasData
    ? { isPending: false as const, isError: false as const, data: snap.data as T }
    : snap.error
      ? { isPending: false as const, isError: true as const, data: undefined }
      : { isPending: true as const, isError: false as const, data: undefined };
  return { ...state, error: snap.error, refetch };
}

/** Puts data in the cache (an order from a socket event or a POST answer): every page showing it updates. */
export function setQueryData<T>(key: readonly unknown[], update: T | ((current: T | undefined) => T | undefined)) {
  const e = entryOf(keyOf(key));
  const next =
    typeof update === 'function' ? (update as (c: T | undefined) => T | undefined)(e.data as T | undefined) : update;
  if (next === undefined) return;
  e.data = next;
  e.error = null;
  e.fetchedAt = Date.now();
  publish(e);
}

/** Marks the data stale: shown pages re-fetch now, others when they mount. */
export function invalidateQuery(key: readonly unknown[]) {
  const e = cache.get(keyOf(key));
  if (!e) return;
  e.fetchedAt = e.fetchedAt && 1;
  if (e.listeners.size) void run(e);
}

/** Empties the cache (the server after rendering a page with seeded data). */
export function clearGuestQueries() {
  cache.clear();
}

/** Tests start from an empty cache. */
export const clearGuestQueriesForTests = clearGuestQueries;
