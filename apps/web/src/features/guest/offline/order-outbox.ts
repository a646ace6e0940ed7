import { useSyncExternalStore } from 'react';
import { sendWhenOnline, type NetworkWatch } from './send-when-online';

/**
 * The guest's one submission on its way ("place order" or "add dishes"), kept outside the page: it goes on while
 * the guest moves between pages, a page that mounts again shows its progress, and a second tap on the same
 * submission never starts a second request loop.
 */

/** A message for the guest: an i18n key and its values. */
export interface OutboxMessage {
  key: string;
  values?: Record<string, unknown>;
}

export interface OutboxState {
  /** `sending`: a request is on its way; `waiting`: no connection, it goes when the connection is back. */
  phase: 'idle' | 'sending' | 'waiting';
  /** Why the last submission failed for good (null: none, or dismissed). */
  message: OutboxMessage | null;
}

export interface Submission<T> {
  /** Same id = same submission (the Idempotency-Key of an order). */
  id: string;
  send: () => Promise<T>;
  retryable: (err: unknown) => boolean;
  /** The server took it. */
  onSent: (result: T) => void;
  /** It failed for good: clean up and say why. */
  onFailed: (err: unknown) => Promise<OutboxMessage>;
}

const IDLE: OutboxState = { phase: 'idle', message: null };
let state: OutboxState = IDLE;
let current: { id: string; controller: AbortController } | null = null;
const listeners = new Set<() => void>();
let network: NetworkWatch | undefined;

function set(next: Partial<OutboxState>) {
  state = { ...state, ...next };
  for (const l of listeners) l();
}

/** Sends a submission (see sendWhenOnline); a submission with the id of the one on its way joins it. */
export async function submit<T>(s: Submission<T>): Promise<void> {
  if (current?.id === s.id) return;
  current?.controller.abort();
  const mine = { id: s.id, controller: new AbortController() };
  current = mine;
  set({ phase: 'sending', message: null });
  const isMine = () => current === mine;
  try {
    const result = await sendWhenOnline(s.send, {
      retryable: s.retryable,
      signal: mine.controller.signal,
      onWaiting: () => isMine() && set({ phase: 'waiting' }),
      onSending: () => isMine() && set({ phase: 'sending' }),
      network,
    });
    s.onSent(result);
    if (isMine()) set({ phase: 'idle' });
  } catch (err) {
    if (mine.controller.signal.aborted) return; // cancelled or replaced: whoever did it set the state
    const message = await s.onFailed(err);
    if (isMine()) set({ phase: 'idle', message });
  } finally {
    if (isMine()) current = null;
  }
}

/** Stops waiting for the connection; the caller keeps what is needed to send the same submission again. */
export function cancel() {
  current?.controller.abort();
  current = null;
  set({ phase: 'idle' });
}

export const dismissMessage = () => set({ message: null });

export const getOutbox = () => state;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The outbox's state, re-rendering on every change. */
export function useOutbox(): OutboxState {
  return useSyncExternalStore(subscribe, getOutbox, () => IDLE);
}

/** Tests: a clean outbox and a fake network. */
export function resetOutboxForTests(fakeNetwork?: NetworkWatch) {
  current?.controller.abort();
  current = null;
  state = IDLE;
  network = fakeNetwork;
}
