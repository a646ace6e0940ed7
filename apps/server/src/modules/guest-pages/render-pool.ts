import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Language } from '@qr-menu/contract';
import type { PageParts } from './page-cache.js';
import type { RenderJobMessage, RenderResultMessage, RenderWorkerData } from './render-worker.js';

/**
 * The worker's entry: compiled (`npm start` runs the build), render-worker.js itself; from the TypeScript sources
 * (development, tests), a shim that loads render-worker.ts through tsx, as a worker thread gets no loader of its own.
 */
const WORKER_ENTRY = new URL(
  import.meta.url.endsWith('.js') ? './render-worker.js' : './render-worker.mjs',
  import.meta.url,
);

/**
 * Render workers by default: one core is left to the main thread (requests, the database driver); at least one, at
 * most four (each holds its own React and, while rendering the largest menu, some hundred MB).
 */
export function defaultRenderWorkers(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

/** Pages waiting for a worker at most; more are refused (the guest gets the page the browser draws). */
const MAX_QUEUE = 64;
/** A render taking longer than this ends its worker (a new one starts for the next page). */
const RENDER_TIMEOUT_MS = 30_000;

export interface PageJob {
  path: string;
  lang: Language;
  /** The table's menu API body. */
  menu: Buffer;
}

interface Task {
  job: PageJob;
  resolve: (page: PageParts | null) => void;
  reject: (err: Error) => void;
}

/** The pool is full or closed: the caller answers without a rendered page. */
export class RenderRefused extends Error {}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * A small pool of worker threads that render guest pages (render-worker.ts), one page per worker at a time, in
 * order of request. Workers start on the first page and stay; one that fails or takes longer than
 * RENDER_TIMEOUT_MS is ended, its page fails, and a new one starts for the next page. `close` ends them all (the
 * app's onClose).
 */
export class RenderPool {
  private readonly idle: Worker[] = [];
  private readonly running = new Map<Worker, { task: Task; timer: NodeJS.Timeout }>();
  private readonly queue: Task[] = [];
  private closed = false;

  constructor(
    private readonly size: number,
    private readonly workerData: RenderWorkerData,
    private readonly maxQueue = MAX_QUEUE,
    private readonly timeoutMs = RENDER_TIMEOUT_MS,
  ) {}

  /** The page's parts (null: the renderer has no page for the path); rejects when the render fails or is refused. */
  render(job: PageJob): Promise<PageParts | null> {
    if (this.closed) return Promise.reject(new RenderRefused('guest page workers are closed'));
    if (this.queue.length >= this.maxQueue) {
      return Promise.reject(new RenderRefused(`guest page render queue full (${this.maxQueue} waiting)`));
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.startNext();
    });
  }

  /** Workers now running (tests). */
  get workers() {
    return this.idle.length + this.running.size;
  }

  async close() {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new RenderRefused('guest page workers are closed'));
    await Promise.all([...this.idle, ...this.running.keys()].map((w) => w.terminate()));
  }

  private startNext() {
    while (this.queue.length > 0 && !this.closed) {
      const worker = this.idle.pop() ?? (this.workers < this.size ? this.spawn() : null);
      if (!worker) return;
      const task = this.queue.shift()!;
      const timer = setTimeout(() => {
        this.fail(worker, new Error(`guest page render took longer than ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      this.running.set(worker, { task, timer });
      const { path, lang, menu } = task.job;
      worker.postMessage({ path, lang, menu } satisfies RenderJobMessage);
    }
  }

  private spawn(): Worker {
    const worker = new Worker(WORKER_ENTRY, { workerData: this.workerData });
    // A worker never keeps the process alive by itself; close() ends it with the app.
    worker.unref();
    worker.on('message', (result: RenderResultMessage) => {
      const run = this.finish(worker);
      if (!run) return;
      this.idle.push(worker);
      if ('error' in result) run.task.reject(new Error(`guest page worker: ${result.error}`));
      else if (result.page === null) run.task.resolve(null);
      else {
        const { html, etag, br, gz } = result.page;
        run.task.resolve({ html: asBuffer(html), etag, br: asBuffer(br), gz: asBuffer(gz) });
      }
      this.startNext();
    });
    worker.on('error', (err) => this.fail(worker, err instanceof Error ? err : new Error(String(err))));
    worker.on('exit', (code) => this.fail(worker, new Error(`guest page worker exited (code ${code})`)));
    return worker;
  }

  /** The worker's running page, no longer running. */
  private finish(worker: Worker) {
    const run = this.running.get(worker);
    if (run) {
      clearTimeout(run.timer);
      this.running.delete(worker);
    }
    return run;
  }

  /**
   * Ends a worker that failed, timed out or exited: its page fails; the next page gets a new worker. Once per
   * worker: its later events (the exit that terminate() causes) find it gone.
   */
  private fail(worker: Worker, err: Error) {
    const run = this.finish(worker);
    const i = this.idle.indexOf(worker);
    if (i >= 0) this.idle.splice(i, 1);
    else if (!run) return;
    run?.task.reject(err);
    void worker.terminate();
    this.startNext();
  }
}
