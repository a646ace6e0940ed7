import { useMemo, useSyncExternalStore } from 'react';
import type { TicketActionKind, TicketRef } from './kitchen-api';
import { storedValue } from '../shared/stored-value';

/** localStorage key of the bumps and recalls made while offline, oldest first (JSON `QueuedAction[]`). */
export const ACTION_QUEUE_KEY = 'qrmenu.kitchenQueue';

/** A bump or recall waiting for the connection, with what it applies to. */
export interface QueuedAction extends TicketRef {
  id: string;
  kind: TicketActionKind;
  eateryId: number;
  /** ms since 1970: when the cook did it. */
  at: number;
}

const EMPTY: QueuedAction[] = [];

const isAction = (a: unknown): a is QueuedAction => {
  const x = a as QueuedAction;
  return (
    !!x &&
    typeof x.id === 'string' &&
    (x.kind === 'bump' || x.kind === 'recall') &&
    typeof x.eateryId === 'number' &&
    typeof x.orderId === 'number' &&
    typeof x.batch === 'number'
  );
};

function parse(raw: string | null): QueuedAction[] {
  try {
    const list: unknown = JSON.parse(raw ?? '[]');
    return Array.isArray(list) ? list.filter(isAction) : EMPTY;
  } catch {
    return EMPTY;
  }
}

const queue = storedValue(ACTION_QUEUE_KEY, parse);
/** Every queued action, of every restaurant; the same array until the queue changes. */
const all = queue.read;
const save = (list: QueuedAction[]) => queue.write(list.length === 0 ? null : list);

let counter = 0;

/** Puts an action at the end of the queue. */
export function enqueueAction(action: Omit<QueuedAction, 'id' | 'at'>) {
  counter += 1;
  save([...all(), { ...action, id: `${Date.now()}-${counter}`, at: Date.now() }]);
}

/** Takes an action off the queue (sent, refused, or undone before it was sent). */
export function dropAction(id: string) {
  save(all().filter((a) => a.id !== id));
}

/** The queued actions of one restaurant, oldest first. */
export function useQueuedActions(eateryId: number): QueuedAction[] {
  const list = useSyncExternalStore(queue.subscribe, all, () => EMPTY);
  return useMemo(() => list.filter((a) => a.eateryId === eateryId), [list, eateryId]);
}

/** The key of a ticket (`${orderId}-${batch}`, as KitchenTicket.key) an action applies to. */
export const actionKey = (a: Pick<TicketRef, 'orderId' | 'batch'>) => `${a.orderId}-${a.batch}`;

/**
 * The tickets of `station` whose last queued action is a bump: they leave the screen at once, as if the server had
 * answered.
 */
export function pendingBumps(queue: readonly QueuedAction[], station: number | null): Set<string> {
  const last = new Map<string, TicketActionKind>();
  for (const a of queue) if (a.departmentId === station) last.set(actionKey(a), a.kind);
  return new Set([...last].filter(([, kind]) => kind === 'bump').map(([key]) => key));
}
