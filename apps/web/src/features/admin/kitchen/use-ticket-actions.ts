import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Order } from '@qr-menu/contract';
import { ApiError } from '../../../api/client';
import { orderChanged } from '../shared/live/patch-orders';
import { actionKey, dropAction, enqueueAction, pendingBumps, useQueuedActions } from './action-queue';
import { patchKitchenBoards, sendTicketAction, type TicketActionKind, type TicketRef } from './kitchen-api';

/** How long to wait before sending a queued action again after the server could not be reached. */
export const REPLAY_RETRY_MS = 5000;

/**
 * The queued action being sent now (its id), for the whole page: it is sent once, also when the screen remounts
 * meanwhile, and not taken back while on its way.
 */
const sending: { id: string | null } = { id: null };

/** A failure that means "the server was not reached": no network, or a gateway saying the server is away. */
export const isUnreachable = (err: unknown) =>
  err instanceof TypeError || (err instanceof ApiError && [502, 503, 504].includes(err.status));

const sameTicket = (a: TicketRef, b: TicketRef) =>
  a.orderId === b.orderId && a.batch === b.batch && a.departmentId === b.departmentId;

/**
 * Bump and recall that keep working offline. While `online` (socket connected and browser online) an action is sent
 * at once; offline, or when the server cannot be reached, it is queued (in memory and localStorage, so a reload keeps
 * it) and the ticket leaves the screen as if bumped. Back online the queue is sent in order, one at a time: bumping
 * twice is harmless on the server (it answers the order unchanged). A refusal (4xx) drops that action and shows why.
 * `recallLast` brings back the ticket this screen bumped last (a bump still queued is simply taken back).
 */
export function useTicketActions(eateryId: number, station: number | null, online: boolean) {
  const qc = useQueryClient();
  const queue = useQueuedActions(eateryId);
  const [error, setError] = useState<unknown>(null);
  const [inFlight, setInFlight] = useState<string | null>(null);
  const [lastBumped, setLastBumped] = useState<TicketRef | null>(null);
  const [retry, setRetry] = useState(0);
  const retryTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(retryTimer.current), []);

  const applied = (order: Order) => patchKitchenBoards(qc, eateryId, [orderChanged(order)]);

  // Replays the queue, oldest first, while online. While another send is on its way (this screen's before a
  // remount), it looks again a little later.
  const next = queue[0];
  useEffect(() => {
    if (!online || !next) return;
    if (sending.id) {
      const later = setTimeout(() => setRetry((n) => n + 1), REPLAY_RETRY_MS);
      return () => clearTimeout(later);
    }
    sending.id = next.id;
    sendTicketAction(eateryId, next.kind, next).then(
      (order) => {
        sending.id = null;
        patchKitchenBoards(qc, eateryId, [orderChanged(order)]);
        dropAction(next.id);
      },
      (err: unknown) => {
        sending.id = null;
        if (isUnreachable(err)) {
          clearTimeout(retryTimer.current);
          retryTimer.current = setTimeout(() => setRetry((n) => n + 1), REPLAY_RETRY_MS);
        } else {
          dropAction(next.id);
          setError(err);
        }
      },
    );
  }, [online, next, retry, eateryId, qc]);

  const act = (kind: TicketActionKind, ref: TicketRef) => {
    if (kind === 'bump') setLastBumped(ref);
    else if (lastBumped && sameTicket(lastBumped, ref)) setLastBumped(null);
    // Behind queued actions a new one waits its turn, so the server gets them in the order they were made.
    if (!online || queue.length > 0) {
      enqueueAction({ kind, eateryId, ...ref });
      return;
    }
    const flight = `${kind}:${actionKey(ref)}`;
    setInFlight(flight);
    sendTicketAction(eateryId, kind, ref)
      .then(applied, (err: unknown) => {
        if (isUnreachable(err)) enqueueAction({ kind, eateryId, ...ref });
        else setError(err);
      })
      .finally(() => setInFlight((f) => (f === flight ? null : f)));
  };

  /** Brings back the ticket bumped last on this screen, else `fallback` (the last one bumped anywhere). */
  const recallLast = (fallback?: TicketRef) => {
    const target = lastBumped ?? fallback;
    if (!target) return;
    setLastBumped(null);
    const lastQueued = [...queue].reverse().find((a) => sameTicket(a, target));
    if (lastQueued?.kind === 'bump' && sending.id !== lastQueued.id) dropAction(lastQueued.id);
    else act('recall', target);
  };

  const hidden = useMemo(() => pendingBumps(queue, station), [queue, station]);
  return {
    bump: (ref: TicketRef) => act('bump', ref),
    recall: (ref: TicketRef) => act('recall', ref),
    recallLast,
    /** Whether this action on this ticket is on its way (its button spins). */
    isBusy: (kind: TicketActionKind, key: string) => inFlight === `${kind}:${key}`,
    /** Actions made offline and not sent yet. */
    waiting: queue.length,
    /** Keys of tickets bumped offline: the screen leaves them out. */
    hidden,
    error,
    clearError: () => setError(null),
  };
}
