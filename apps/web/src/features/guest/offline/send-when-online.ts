import { ApiError } from '../../../api/api-error';
import { isOnline, whenOnlineOrTimeout } from './online-status';

/** What the retry loop needs from the browser (tests give a fake one). */
export interface NetworkWatch {
  isOnline(): boolean;
  /** Waits for the `online` event or `ms`, whichever comes first; rejects when `signal` aborts. */
  wait(ms: number, signal?: AbortSignal): Promise<void>;
}

export const browserNetwork: NetworkWatch = { isOnline, wait: whenOnlineOrTimeout };

/** While offline, how often `navigator.onLine` is looked at again (some browsers miss an `online` event). */
export const OFFLINE_CHECK_MS = 15_000;
/** Waits between retries of a request that failed although the browser said online: 1 s, 2 s, 4 s ... 30 s. */
export const retryDelayMs = (attempt: number) => Math.min(30_000, 1000 * 2 ** attempt);

/** A failure where no answer came back (no connection, connection dropped): not an HTTP error, not a cancel. */
export function isNetworkError(err: unknown): boolean {
  if (err instanceof ApiError) return false;
  return !(err instanceof DOMException && err.name === 'AbortError');
}

export interface SendWhenOnlineOptions {
  /** Whether a failure is worth sending again (the request is safe to repeat, e.g. it carries an Idempotency-Key). */
  retryable: (err: unknown) => boolean;
  /** The request waits for the connection: the page tells the guest it will go when the connection is back. */
  onWaiting?: () => void;
  /** The request is (again) on its way. */
  onSending?: () => void;
  /** Stops waiting (the guest cancelled): the promise rejects with the abort reason. */
  signal?: AbortSignal;
  network?: NetworkWatch;
}

/**
 * Sends `send()` when the browser is online, and again after each retryable failure: at once when the `online`
 * event fires, else after a growing delay. Never sends while the browser says it is offline (such a request cannot
 * leave the phone). Resolves with the first answer; rejects with the first failure that is not retryable.
 */
export async function sendWhenOnline<T>(send: () => Promise<T>, opts: SendWhenOnlineOptions): Promise<T> {
  const network = opts.network ?? browserNetwork;
  let failures = 0;
  for (;;) {
    opts.signal?.throwIfAborted();
    if (!network.isOnline()) {
      opts.onWaiting?.();
      await network.wait(OFFLINE_CHECK_MS, opts.signal);
      continue;
    }
    opts.onSending?.();
    try {
      return await send();
    } catch (err) {
      opts.signal?.throwIfAborted();
      if (!opts.retryable(err)) throw err;
      opts.onWaiting?.();
      await network.wait(retryDelayMs(failures++), opts.signal);
    }
  }
}
