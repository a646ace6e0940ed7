import { createHash, randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import pg from 'pg';
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
 * Invalidation: `invalidate(eateryId)` drops the restaurant's entry. The plugin below calls it after every
 * successful staff write under /api/eatery/{id} that can change what guests see (the restaurant itself, categories,
 * dishes, tables, kitchen departments), so the menu modules need no code for it. On PostgreSQL the invalidation is
 * sent with NOTIFY on channel `menu_cache` and every instance (LISTEN on a dedicated connection) drops its copy;
 * while that connection is down the cache is bypassed (menus are built from the database on every request) and it
 * is emptied when the connection comes back, so a missed notification can never leave a stale menu.
 * A build that raced with an invalidation is not stored (per-restaurant version counter). Entries also expire after
 * ENTRY_TTL_MS as a last resort (a change made directly in the database).
 */

export const MENU_CACHE_CHANNEL = 'menu_cache';
const ENTRY_TTL_MS = 5 * 60_000;
/** Memory budget of the cached bytes; past it, the least recently used restaurants are dropped. */
const MAX_BYTES = 128 * 1024 * 1024;

export type MenuLookup = { kind: 'ok'; body: Buffer; etag: string } | { kind: 'notFound' } | { kind: 'inactive' };

type TableEntry = { kind: 'ok'; body: Buffer; etag: string } | { kind: 'inactive' };

interface EateryEntry {
  name: string;
  timeZone: string;
  /** Currency, default language, logo, opening hours: sent in each table's head. */
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

const sha1 = (...parts: (string | Buffer)[]) => {
  const h = createHash('sha1');
  for (const p of parts) h.update(p);
  return h.digest('base64url');
};

export class MenuCache {
  private readonly entries = new Map<number, EateryEntry>();
  private readonly building = new Map<number, Promise<EateryEntry | null>>();
  private readonly versions = new Map<number, number>();
  private totalBytes = 0;
  /** False while invalidations from other instances could be missed (PostgreSQL, LISTEN not running). */
  enabled = true;

  constructor(
    private readonly source: MenuSource,
    private readonly ttlMs = ENTRY_TTL_MS,
    private readonly maxBytes = MAX_BYTES,
  ) {}

  /** The menu of a table: cached bytes and ETag, or why there is none. */
  async get(eateryId: number, tableId: number): Promise<MenuLookup> {
    const now = Date.now();
    let entry = this.entries.get(eateryId);
    if (entry && now - entry.builtAt > this.ttlMs) {
      this.invalidate(eateryId);
      entry = undefined;
    }
    if (!entry) {
      const built = await this.buildEatery(eateryId);
      if (!built) return { kind: 'notFound' };
      entry = built;
    }
    entry.lastUsed = now;
    let table = entry.tables.get(tableId);
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
      const tail = Buffer.from(`"categories":${JSON.stringify(data.categories)}}`);
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
  /** Drops the restaurant's cached menu here and, on PostgreSQL, on every other instance. */
  invalidate(eateryId: number): void;
  /** The local cache (tests, benchmark). */
  readonly local: MenuCache;
}

declare module 'fastify' {
  interface FastifyInstance {
    menuCache: MenuCacheApi;
  }
}

/** Staff writes that can change a guest menu: the restaurant itself (name), categories, dishes, tables, departments. */
const MENU_WRITE_ROUTE = /^\/api\/eatery\/:id(\/(category|categories|table|kitchen-department)(\/|$)|$)/;

/**
 * Registers `app.menuCache` and the invalidation hook. Registered by app.ts before the modules, so its onSend hook
 * sees every route.
 */
export const menuCachePlugin = fp(async (app) => {
  const cache = new MenuCache(new GuestMenuSource(app.db));
  const pool = app.database.kind === 'postgres' ? app.database.pool : undefined;
  const instanceId = randomBytes(6).toString('hex');

  const api: MenuCacheApi = {
    get: (eateryId, tableId) => cache.get(eateryId, tableId),
    invalidate(eateryId) {
      cache.invalidate(eateryId);
      if (pool) {
        pool
          .query('SELECT pg_notify($1, $2)', [MENU_CACHE_CHANNEL, `${instanceId}:${eateryId}`])
          .catch((err: unknown) => app.log.warn({ err }, 'menu cache: NOTIFY failed'));
      }
    },
    local: cache,
  };
  app.decorate('menuCache', api);

  // After the handler (so after its transaction committed), before the response leaves: a staff client that reloads
  // the guest menu right after its save sees the change.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return payload;
    const url = request.routeOptions.url;
    if (!url || !MENU_WRITE_ROUTE.test(url)) return payload;
    const id = Number((request.params as { id?: string }).id);
    if (Number.isSafeInteger(id) && id > 0) api.invalidate(id);
    return payload;
  });

  if (!pool) return;

  // PostgreSQL: LISTEN on a dedicated connection (not one of the pool's), reconnecting after failures.
  cache.enabled = false;
  let client: pg.Client | null = null;
  let closing = false;
  let retry: NodeJS.Timeout | null = null;

  const scheduleRetry = () => {
    if (closing || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void listen();
    }, 1000);
  };

  async function listen() {
    const c = new pg.Client(pool!.options);
    c.on('notification', (msg) => {
      if (msg.channel !== MENU_CACHE_CHANNEL || !msg.payload) return;
      const [from, id] = msg.payload.split(':');
      if (from !== instanceId && /^\d+$/.test(id ?? '')) cache.invalidate(Number(id));
    });
    const lost = (err?: Error) => {
      if (closing) return;
      app.log.warn({ err }, 'menu cache: LISTEN connection lost; cache bypassed until it is back');
      cache.enabled = false;
      cache.clear();
      if (client === c) client = null;
      c.end().catch(() => {});
      scheduleRetry();
    };
    c.on('error', lost);
    c.on('end', () => {
      if (client === c) lost();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${MENU_CACHE_CHANNEL}`);
    } catch (err) {
      app.log.warn({ err }, 'menu cache: LISTEN failed; retrying');
      c.end().catch(() => {});
      scheduleRetry();
      return;
    }
    if (closing) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    cache.clear();
    cache.enabled = true;
  }

  app.addHook('onReady', listen);
  app.addHook('preClose', async () => {
    closing = true;
    if (retry) clearTimeout(retry);
    cache.enabled = false;
    const c = client;
    client = null;
    if (c) await c.end().catch(() => {});
  });
});
