import { useCallback, useEffect, useRef } from 'react';
import { partialMatchKey, useQueryClient } from '@tanstack/react-query';
import type { OrderEvent } from '@qr-menu/contract';
import { earlierOpenKeys } from './earlier-open-orders';
import { orderKeys, patchOrderLists } from './orders-api';

/**
 * The restaurant's cached order lists follow the socket: `apply` patches every list from one event,
 * with no list request. A list fetch that was under way when an event came answers what the server had before it,
 * so such events are held and applied again to the fetch's answer (patches keep the higher version, so applying
 * one twice changes nothing). `resync` re-fetches the lists once: after a reconnect, when events may have been
 * missed.
 */
export function useLiveOrderLists(eateryId: number) {
  const qc = useQueryClient();
  /** Events that came while a list of the restaurant was being fetched. */
  const held = useRef<OrderEvent[]>([]);

  useEffect(() => {
    const lists = orderKeys.lists(eateryId);
    const fetching = () => qc.isFetching({ queryKey: lists }) > 0;
    return qc.getQueryCache().subscribe((e) => {
      if (e.type !== 'updated' || !partialMatchKey(e.query.queryKey, lists)) return;
      // A fetch's answer (not a patch: those are `manual`) replaces the pages: put the held events back on top.
      if (e.action.type === 'success' && !e.action.manual && held.current.length) {
        patchOrderLists(qc, eateryId, held.current);
      }
      if (!fetching()) held.current = [];
    });
  }, [qc, eateryId]);

  const apply = useCallback(
    (event: OrderEvent) => {
      if (qc.isFetching({ queryKey: orderKeys.lists(eateryId) }) > 0) held.current.push(event);
      patchOrderLists(qc, eateryId, [event]);
    },
    [qc, eateryId],
  );

  const resync = useCallback(
    () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: orderKeys.lists(eateryId) }),
        qc.invalidateQueries({ queryKey: earlierOpenKeys.all(eateryId) }),
      ]),
    [qc, eateryId],
  );

  return { apply, resync };
}
