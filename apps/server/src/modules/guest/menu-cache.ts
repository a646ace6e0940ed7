import { createHash } from 'node:crypto';
import { setImmediate as otherRequestsFirst } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { DEFAULT_LANGUAGE, type GuestMenuCategory, type Language } from '@qr-menu/contract';
import { HitCounter } from '../../plugins/hit-counter.js';
import { GuestMenuSource, type GuestEaterySettings, type MenuSource } from './menu-source.js';

/**
 * The guest menu cache: the menu is served as pre-serialized JSON bytes with an ETag, so a guest
 * request costs two Map lookups and sends a stored buffer as it is, instead of three queries and a JSON.stringify.
 *
 * Layout, per restaurant: the `"categories":[...]}` tail (the big part: every dish in three languages) serialized
 * once; per table the whole body, a small `{"eateryId":..,"tableId":..,"eateryName":..,"tableName":..,"timeZone":..,` head followed
 * by that tail, and its ETag (built from the table row on the table's first request; a copy per table because
 * concatenating on every request costs a third of the throughput). An INACTIVE table is cached too (as "inactive");
 * unknown ids are not (so random ids cannot fill memory), they cost one indexed query each. The cached bytes are
 * bounded (MAX_BYTES): past it the least recently used restaurants are dropped.
 *
 * Invalidation: `invalidate(eateryId)` drops the restaurant's entry. The plugin below calls it for every 'menu' and
 * 'settings' change the services publish (data-changes.ts), on this instance and, through the realtime channel, on
 * every other one. While changes from other instances could be missed (the channel's LISTEN connection is down) the
 * cache is bypassed (menus are built from the database on every request), and losing that connection empties it, so
 * a missed change can never leave a stale menu. A build that raced with an invalidation is not stored
 * (per-restaurant version counter). Entries also expire after ENTRY_TTL_MS as a last resort (a change made directly
 * in the database).
 */

const ENTRY_TTL_MS = 5 * 60_000;
/** Memory budget of the cached bytes; past it, the least recently used restaurants are dropped. */
const MAX_BYTES = 128 * 1024 * 1024;

/** A table's menu: the JSON body, its ETag, and the restaurant's guest language (the body's `defaultLanguage`). */
type MenuFound = { kind: 'ok'; body: Buffer; etag: string; language: Language };
export type MenuLookup = MenuFound | { kind: 'notFound' } | { kind: 'inactive' };

type TableEntry = MenuFound | { kind: 'inactive' };

/** What every menu of a restaurant shares: see MenuCache.eatery. */
export type EateryMenu = Pick<EateryEntry, 'name' | 'timeZone' | 'settings' | 'tail' | 'tailHash'>;

interface EateryEntry {
  name: string;
  timeZone: string;
  /** Currency, default language, logo, opening hours, service charge: sent in each table's head. */
  settings?: GuestEaterySettings;
  /** `"categories":[...]}` */
  tail: Buffer;
  tailHash: string;
  builtAt: number;
  lastUsed: number;
  /** tail + every table body */
  bytes: number;
  tables: Map<number, TableEntry>;
}

/** Main-thread work between two turns of the other requests while a menu is serialized. */
const SLICE_MS = 5;

/**
 * `"categories":[...]}` as bytes (the same as one JSON.stringify of the list), serialized one category at a time,
 * letting other requests run every SLICE_MS: the largest menu a restaurant may have (TENANT_LIMITS) takes tens of
 * milliseconds to serialize, which must not hold up every other restaurant's guests.
 */
async function serializeTail(categories: GuestMenuCategory[]): Promise<Buffer> {
  const parts = [Buffer.from('"categories":[')];
  let sliceStart = performance.now();
  for (const [i, category] of categories.entries()) {
    parts.push(Buffer.from(`${i > 0 ? ',' : ''}${JSON.stringify(category)}`));
    if (performance.now() - sliceStart > SLICE_MS) {
      await otherRequestsFirst();
      sliceStart = performance.now();
    }
  }
  parts.push(Buffer.from(']}'));
  return Buffer.concat(parts);
}

const sha1 = (...parts: (string | Buffer)[]) => {
  const h = createHash('sha1');
  for (const p of parts) h.update(p);
  return h.digest('base64url');
};

export class MenuCache {
  /** Tables' menus found in memory or built, for the metrics. */
  readonly lookups = new HitCounter();
  private readonly entries = new Map<number, EateryEntry>();
  private readonly building = new Map<number, Promise<EateryEntry | null>>();
  private readonly versions = new Map<number, number>();
  private totalBytes = 0;

  constructor(
    private readonly source: MenuSource,
    /** False while invalidations from other instances could be missed: the cache is then neither read nor filled. */
    private readonly usable: () => boolean = () => true,
    private readonly ttlMs = ENTRY_TTL_MS,
    private readonly maxBytes = MAX_BYTES,
  ) {}

  /** Whether the cache is in use (see `usable`). */
  get enabled() {
    return this.usable();
  }

  /** The menu of a table: cached bytes and ETag, or why there is none. */
  async get(eateryId: number, tableId: number): Promise<MenuLookup> {
    const entry = await this.entryOf(eateryId);
    if (!entry) return { kind: 'notFound' };
    let table = entry.tables.get(tableId);
    this.lookups.count(table !== undefined);
    if (!table) {
      const row = await this.source.loadTable(eateryId, tableId);
      if (!row) return { kind: 'notFound' };
      const head = Buffer.from(
        `${JSON.stringify({
          eateryId,
          tableId,
          eateryName: entry.name,
          tableName: row.number,
          timeZone: entry.timeZone,
          ...entry.settings,
        }).slice(0, -1)},`,
      );
      // The whole body per table (one copy of the tail each): a hit then sends a stored buffer as it is, which is
      // what makes it as fast as a static route. MAX_BYTES bounds the memory.
      table =
        row.status === 'INACTIVE'
          ? { kind: 'inactive' }
          : {
              kind: 'ok',
              body: Buffer.concat([head, entry.tail], head.length + entry.tail.length),
              etag: `"${sha1(head, entry.tailHash)}"`,
              language: entry.settings?.defaultLanguage ?? DEFAULT_LANGUAGE,
            };
      // Stored only while the entry is still the current one (no invalidation happened during the query), and not
      // when this one restaurant alone would exceed the budget (then its further tables are built per request).
      const size = table.kind === 'ok' ? table.body.length : 0;
      if (this.enabled && this.entries.get(eateryId) === entry && entry.bytes + size <= this.maxBytes) {
        entry.tables.set(tableId, table);
        this.account(entry, size);
      }
    }
    return table;
  }

  /**
   * The restaurant's part of every table's menu (its name, settings and the serialized categories), cached; null when
   * the restaurant does not exist. The pickup menu puts a head of its own before `tail`.
   */
  eatery(eateryId: number): Promise<EateryMenu | null> {
    return this.entryOf(eateryId);
  }

  /** The restaurant's entry, fresh (built when missing or past ENTRY_TTL_MS); null when it does not exist. */
  private async entryOf(eateryId: number): Promise<EateryEntry | null> {
    const now = Date.now();
    let entry = this.enabled ? this.entries.get(eateryId) : undefined;
    if (entry && now - entry.builtAt > this.ttlMs) {
      this.invalidate(eateryId);
      entry = undefined;
    }
    if (!entry) {
      const built = await this.buildEatery(eateryId);
      if (!built) return null;
      entry = built;
    }
    entry.lastUsed = now;
    return entry;
  }

  /** Cached bytes on this instance. */
  get bytes() {
    return this.totalBytes;
  }

  private account(entry: EateryEntry, bytes: number) {
    entry.bytes += bytes;
    this.totalBytes += bytes;
    while (this.totalBytes > this.maxBytes && this.entries.size > 1) {
      let victim: number | undefined;
      let oldest = Infinity;
      for (const [id, e] of this.entries) {
        if (e !== entry && e.lastUsed < oldest) {
          oldest = e.lastUsed;
          victim = id;
        }
      }
      if (victim === undefined) break;
      this.drop(victim);
    }
  }

  private drop(eateryId: number) {
    const entry = this.entries.get(eateryId);
    if (!entry) return;
    this.entries.delete(eateryId);
    this.totalBytes -= entry.bytes;
  }

  /** Drops the restaurant's cached menu on this instance. */
  invalidate(eateryId: number) {
    this.versions.set(eateryId, (this.versions.get(eateryId) ?? 0) + 1);
    this.drop(eateryId);
    this.building.delete(eateryId);
  }

  /** Drops everything on this instance. */
  clear() {
    for (const id of [...this.entries.keys(), ...this.building.keys()]) this.invalidate(id);
  }

  get size() {
    return this.entries.size;
  }

  /** One build per restaurant at a time; concurrent requests wait for the same one. */
  private buildEatery(eateryId: number): Promise<EateryEntry | null> {
    const pending = this.building.get(eateryId);
    if (pending) return pending;
    const version = this.versions.get(eateryId) ?? 0;
    const promise = (async () => {
      const data = await this.source.loadEatery(eateryId);
      if (!data) return null;
      const tail = await serializeTail(data.categories);
      const now = Date.now();
      const entry: EateryEntry = {
        name: data.name,
        timeZone: data.timeZone,
        settings: data.settings,
        tail,
        tailHash: sha1(tail),
        builtAt: now,
        lastUsed: now,
        bytes: 0,
        tables: new Map(),
      };
      if (this.enabled && (this.versions.get(eateryId) ?? 0) === version) {
        this.entries.set(eateryId, entry);
        this.account(entry, tail.length);
      }
      return entry;
    })().finally(() => {
      if (this.building.get(eateryId) === promise) this.building.delete(eateryId);
    });
    this.building.set(eateryId, promise);
    return promise;
  }
}

export interface MenuCacheApi {
  get(eateryId: number, tableId: number): Promise<MenuLookup>;
  /** The restaurant's part of its menus (cached), or null when it does not exist: see MenuCache.eatery. */
  eatery(eateryId: number): Promise<EateryMenu | null>;
  /**
   * Drops the restaurant's cached menu here and on every other instance, as a published 'menu' change: for a change
   * made past the services (directly in the database).
   */
  invalidate(eateryId: number): void;
  /** The local cache (tests, benchmark). */
  readonly local: MenuCache;
}

declare module 'fastify' {
  interface FastifyInstance {
    menuCache: MenuCacheApi;
  }
}

/**
 * Registers `app.menuCache`, kept current by the changes the services publish (data-changes.ts): a restaurant's
 * 'menu' and 'settings' changes drop its menu, 'everything' drops all. Registered by app.ts after the realtime plugin.
 */
export const menuCachePlugin = fp(async (app) => {
  const cache = new MenuCache(new GuestMenuSource(app.db), () => app.realtime.remoteChangesHeard);
  app.metrics.registerCache('guest_menu', cache.lookups);
  const pool = app.database.kind === 'postgres' ? app.database.pool : undefined;
  app.realtime.onDataChange((change, madeHere) => {
    if (change.kind === 'menu' || change.kind === 'settings') {
      cache.invalidate(change.eateryId);
      if (madeHere && pool) notifyPreviousRelease(pool, change.eateryId, app.log);
    } else if (change.kind === 'everything') cache.clear();
  });
  app.decorate('menuCache', {
    get: (eateryId, tableId) => cache.get(eateryId, tableId),
    eatery: (eateryId) => cache.eatery(eateryId),
    invalidate: (eateryId) => app.realtime.publish({ kind: 'menu', eateryId }),
    local: cache,
  } satisfies MenuCacheApi);
});

/**
 * The previous release's instances drop a guest menu when they hear `NOTIFY menu_cache '<sender>:<eateryId>'` (they do
 * not listen to the realtime channel's typed changes yet). While a rolling deploy runs both releases on one database,
 * a menu change made here must reach them too: this sends their message as well. Remove it a release after the typed
 * changes arrived (every running instance then hears those).
 */
const PREVIOUS_RELEASE_CHANNEL = 'menu_cache';
function notifyPreviousRelease(pool: pg.Pool, eateryId: number, log: FastifyBaseLogger) {
  pool
    .query('SELECT pg_notify($1, $2)', [PREVIOUS_RELEASE_CHANNEL, `next-release:${eateryId}`])
    .catch((err: unknown) => log.warn({ err }, 'menu cache: NOTIFY for the previous release failed'));
}
