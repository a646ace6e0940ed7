import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** A rendered page with its ETag and compressed copies (made once, on first request for each). */
export class RenderedPage {
  readonly etag: string;
  private br?: Buffer;
  private gz?: Buffer;

  constructor(readonly html: Buffer) {
    this.etag = `"${createHash('sha1').update(html).digest('base64url')}"`;
  }

  /** Brotli at a middle quality: close to the best size for HTML, in a few milliseconds for a 200-dish menu. */
  brotli(): Buffer {
    return (this.br ??= brotliCompressSync(this.html, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }));
  }

  gzip(): Buffer {
    return (this.gz ??= gzipSync(this.html, { level: 6 }));
  }
}

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

  constructor(private readonly maxEntries = 500) {}

  async get(key: string, render: () => Promise<string | null>): Promise<RenderedPage | null> {
    const hit = this.entries.get(key);
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
        const html = await render();
        if (html === null) return null;
        const page = new RenderedPage(Buffer.from(html));
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
