/**
 * A guest page render worker (a worker_threads thread of RenderPool, loaded through render-worker.mjs): renders one
 * page at a time with the built server renderer and answers it with its ETag and brotli and gzip copies, so that
 * none of that work (React's render of the menu, the inlined menu's JSON, compressing megabytes of HTML) runs on the
 * main thread, where it would hold up every other restaurant's requests.
 */
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import type { Language } from '@qr-menu/contract';
import { brotliPage, gzipPage, pageEtag } from './page-cache.js';
import { PageTemplate } from './page-template.js';
import { renderTablePage, type GuestRenderer } from './render-page.js';

/** What RenderPool gives each of its workers. */
export interface RenderWorkerData {
  /** The built server renderer (plain JavaScript: apps/web/dist-ssr/entry-server.js). */
  entry: string;
  webDist: string;
}

/** A job: the page at `path` in `lang` for the table's menu API body (UTF-8 JSON). */
export interface RenderJobMessage {
  path: string;
  lang: Language;
  menu: Uint8Array;
}

/** The answer to a job: the page's parts (null: the renderer has no page for the path), or why it failed. */
export type RenderResultMessage =
  { page: { html: OwnBytes; etag: string; br: OwnBytes; gz: OwnBytes } | null } | { error: string };

/** Bytes in an ArrayBuffer of their own: transferred to the main thread without a copy. */
type OwnBytes = Uint8Array<ArrayBuffer>;

/** The bytes in an ArrayBuffer of their own (a small Buffer shares Node's pool, which must not be transferred). */
const ownBuffer = (bytes: Buffer): OwnBytes =>
  bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
    ? new Uint8Array(bytes.buffer as ArrayBuffer)
    : new Uint8Array(bytes);

const port = parentPort!;
const { entry, webDist } = workerData as RenderWorkerData;
const renderer = (await import(pathToFileURL(entry).href)) as GuestRenderer;
const template = new PageTemplate(webDist);

port.on('message', (job: RenderJobMessage) => {
  void answer(job).then(
    (result) => {
      const page = 'page' in result ? result.page : null;
      port.postMessage(result, page ? [page.html.buffer, page.br.buffer, page.gz.buffer] : []);
    },
    (err: unknown) => port.postMessage({ error: String((err as Error)?.stack ?? err) } satisfies RenderResultMessage),
  );
});

async function answer(job: RenderJobMessage): Promise<RenderResultMessage> {
  const menuJson = Buffer.from(job.menu.buffer, job.menu.byteOffset, job.menu.byteLength).toString('utf8');
  const html = await renderTablePage(renderer, template, { path: job.path, lang: job.lang, menuJson });
  if (html === null) return { page: null };
  const bytes = Buffer.from(html);
  return {
    page: {
      html: ownBuffer(bytes),
      etag: pageEtag(bytes),
      br: ownBuffer(brotliPage(bytes)),
      gz: ownBuffer(gzipPage(bytes)),
    },
  };
}
