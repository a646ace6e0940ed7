import fp from 'fastify-plugin';
import { HitCounter } from '../../plugins/hit-counter.js';
import type { ListOptions } from './order-queries.js';

/** One page of the staff orders list as sent: the serialized body and the X-Next-Cursor header (null: none). */
export interface CachedPage {
  body: Buffer;
  nextCursor: string | null;
}

/** How long a page is kept at most: the safety net for a change whose invalidation was lost. */
export const LIST_TTL_MS = 10_000;
/** Cached bytes at most on this instance; past it the least recently used pages go first. */
export const LIST_MAX_BYTES = 32 * 1024 * 1024;
/** Pages per restaurant at most (days, filters, further pages); past it its least recently used page goes. */
export const LIST_MAX_PER_EATERY = 16;
/** Restaurants whose last change is remembered at most (for reads under way); past it everything is cleared. */
const MAX_CHANGE_MARKS = 100_000;

interface Entry {
  eateryId: number;
  page: CachedPage;
  storedAt: number;
}

/**
 * The key of a list query: its filters after validation, in a fixed order (so `?to=D&from=D` and `?from=D&to=D`
 * share a page). The response does not depend on who asks (the access check ran before, and every role sees the
 * same list), so the caller is not part of it.
 */
export function listQueryKey(q: ListOptions): string {
  const cursor = q.cursor ? `${q.cursor.createdAtMicros}:${q.cursor.id}` : '';
  return `${q.status ?? ''}|${q.from ?? ''}|${q.to ?? ''}|${q.limit ?? ''}|${cursor}`;
}

/**
 * Pages of the staff orders list (GET /api/eatery/:id/orders) kept as the bytes that were sent, per restaurant and
 * query, so that the list answered from memory costs about what a constant route costs.
 *
 * A page must never be older than a change the client could already know of. So:
 * - every change of a restaurant's orders drops its pages (`invalidate`): each order event when it is emitted
 *   (before the writer's response), other instances' events when they arrive, and the restaurant's menu and
 *   settings changes the services publish (a deleted table or dish, a new time zone: see the plugin below);
 * - a page read from the database is stored only if its restaurant had no change while it was read (`stamp`);
 * - pages expire after LIST_TTL_MS, in case an invalidation from another instance was lost;
 * - while changes on other instances could be missed the cache is not used (`usable`), and when they may have been
 *   missed it is cleared.
 * Memory: at most LIST_MAX_BYTES and LIST_MAX_PER_EATERY pages per restaurant, least recently used out first.
 */
export class OrdersListCache {
  /** Key `${eateryId}?${queryKey}`; the Map's order is the use order (a hit moves its entry last). */
  private readonly entries = new Map<string, Entry>();
  private readonly byEatery = new Map<number, Set<string>>();
  private totalBytes = 0;
  /** A counter of changes; `changedAt` holds the count at each restaurant's last change, `clearedAt` at the last clear. */
  private ticks = 0;
  private readonly changedAt = new Map<number, number>();
  private clearedAt = 0;
  /** Hits and misses, for the metrics. */
  readonly lookups = new HitCounter();

  constructor(
    /** False while changes could be missed: the cache is then neither read nor filled. */
    private readonly usable: () => boolean = () => true,
    private readonly ttlMs = LIST_TTL_MS,
    private readonly maxBytes = LIST_MAX_BYTES,
    private readonly maxPerEatery = LIST_MAX_PER_EATERY,
  ) {}

  /** The page from memory, or from `load` (and then kept when nothing changed meanwhile). */
  async page(eateryId: number, queryKey: string, load: () => Promise<CachedPage>): Promise<CachedPage> {
    const usable = this.usable();
    const key = `${eateryId}?${queryKey}`;
    if (usable) {
      const hit = this.get(key);
      this.lookups.count(hit !== undefined);
      if (hit) return hit;
    }
    const stamp = this.ticks;
    const page = await load();
    if (usable && this.usable() && this.unchangedSince(eateryId, stamp)) this.store(eateryId, key, page);
    return page;
  }

  /** The restaurant's orders changed: its pages go, and reads under way do not keep theirs. */
  invalidate(eateryId: number) {
    if (this.changedAt.size >= MAX_CHANGE_MARKS) return this.clear();
    this.changedAt.set(eateryId, ++this.ticks);
    const keys = this.byEatery.get(eateryId);
    if (!keys) return;
    for (const key of keys) this.remove(key);
  }

  /** Everything may have changed. */
  clear() {
    this.clearedAt = ++this.ticks;
    this.changedAt.clear();
    this.entries.clear();
    this.byEatery.clear();
    this.totalBytes = 0;
  }

  /** Cached bytes and pages on this instance. */
  get bytes() {
    return this.totalBytes;
  }

  get size() {
    return this.entries.size;
  }

  private get(key: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (Date.now() - entry.storedAt >= this.ttlMs) {
      this.remove(key);
      return undefined;
    }
    // Most recently used: last in both orders.
    this.entries.delete(key);
    this.entries.set(key, entry);
    const keys = this.byEatery.get(entry.eateryId)!;
    keys.delete(key);
    keys.add(key);
    return entry.page;
  }

  private unchangedSince(eateryId: number, stamp: number) {
    return this.clearedAt <= stamp && (this.changedAt.get(eateryId) ?? 0) <= stamp;
  }

  private store(eateryId: number, key: string, page: CachedPage) {
    const size = page.body.length;
    if (size > this.maxBytes) return;
    this.remove(key);
    let keys = this.byEatery.get(eateryId);
    if (!keys) this.byEatery.set(eateryId, (keys = new Set()));
    if (keys.size >= this.maxPerEatery) this.remove(keys.values().next().value!);
    this.entries.set(key, { eateryId, page, storedAt: Date.now() });
    keys.add(key);
    this.totalBytes += size;
    while (this.totalBytes > this.maxBytes) this.remove(this.entries.keys().next().value!);
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalBytes -= entry.page.body.length;
    const keys = this.byEatery.get(entry.eateryId);
    keys?.delete(key);
    if (keys?.size === 0) this.byEatery.delete(entry.eateryId);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    ordersListCache: OrdersListCache;
  }
}

/**
 * Registers `app.ordersListCache` and what keeps it current: the changes the realtime plugin carries (order events
 * here and on other instances, orders, menu and settings changes the services publish, lost messages). Must be
 * registered after the realtime plugin.
 */
export const ordersListCachePlugin = fp(async (app) => {
  const cache = new OrdersListCache(() => app.realtime.remoteChangesHeard);
  app.decorate('ordersListCache', cache);
  app.metrics.registerCache('orders_list', cache.lookups);
  app.realtime.onDataChange((change) => {
    if (change.kind === 'orders') for (const id of change.eateryIds) cache.invalidate(id);
    else if (change.kind === 'menu' || change.kind === 'settings') cache.invalidate(change.eateryId);
    else if (change.kind === 'everything') cache.clear();
  });
});
