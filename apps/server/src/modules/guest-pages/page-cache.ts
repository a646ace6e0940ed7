import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { HitCounter } from '../../plugins/hit-counter.js';

/** A page's ETag: a hash of its bytes. */
export const pageEtag = (html: Buffer) => `"${createHash('sha1').update(html).digest('base64url')}"`;

/** Brotli at a middle quality: close to the best size for HTML, in a few milliseconds for a 200-dish menu. */
export const brotliPage = (html: Buffer) =>
  brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } });

export const gzipPage = (html: Buffer) => gzipSync(html, { level: 6 });

/** What a render worker made of a page: its bytes, ETag and compressed copies. */
export interface PageParts {
  html: Buffer;
  etag: string;
  br: Buffer;
  gz: Buffer;
}

/**
 * A rendered page with its ETag and compressed copies: made by a render worker, or, for a page rendered on the main
 * thread, on first request for each.
 */
export class RenderedPage {
  readonly html: Buffer;
  readonly etag: string;
  private br?: Buffer;
  private gz?: Buffer;

  constructor(page: Buffer | PageParts) {
    if (Buffer.isBuffer(page)) {
      this.html = page;
      this.etag = pageEtag(page);
    } else {
      ({ html: this.html, etag: this.etag, br: this.br, gz: this.gz } = page);
    }
  }

  brotli(): Buffer {
    return (this.br ??= brotliPage(this.html));
  }

  gzip(): Buffer {
    return (this.gz ??= gzipPage(this.html));
  }
}

/** How many of the latest render times PageCache keeps (benchmark). */
const RENDER_TIMES_KEPT = 100;

/**
 * Rendered guest pages by restaurant, menu ETag, language and page kind (keys `${eateryId}|...`): a page is rendered
 * once per menu version, so a guest page costs what the menu API does. A changed menu has a new ETag, so its old
 * pages are never used again; `dropEatery` frees them as soon as the change is heard, and the least recently used
 * ones are dropped past `maxEntries`.
 */
export class PageCache {
  private readonly entries = new Map<string, RenderedPage>();
  private readonly pending = new Map<string, Promise<RenderedPage | null>>();
  /** Pages rendered (tests: a second request is served from the cache). */
  renders = 0;
  /** Hits and misses, for the metrics. */
  readonly lookups = new HitCounter();
  /** Milliseconds of the latest renders, queue wait included (benchmark). */
  readonly renderTimes: number[] = [];

  constructor(private readonly maxEntries = 500) {}

  async get(key: string, render: () => Promise<RenderedPage | null>): Promise<RenderedPage | null> {
    const hit = this.entries.get(key);
    this.lookups.count(hit !== undefined);
    if (hit) {
      // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    let pending = this.pending.get(key);
    if (!pending) {
      pending = (async () => {
        this.renders++;
        const started = performance.now();
        const page = await render();
        this.renderTimes.push(performance.now() - started);
        if (this.renderTimes.length > RENDER_TIMES_KEPT) this.renderTimes.shift();
        if (page === null) return null;
        this.entries.set(key, page);
        while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
        return page;
      })().finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
    }
    return pending;
  }

  /** Drops the restaurant's pages (its menu changed: they will not be asked for again). */
  dropEatery(eateryId: number) {
    const prefix = `${eateryId}|`;
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  clear() {
    this.entries.clear();
  }

  get size() {
    return this.entries.size;
  }
}
