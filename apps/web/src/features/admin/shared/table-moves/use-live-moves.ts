import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { KitchenBoard, Order } from '@qr-menu/contract';
import { looksMoved } from './move-plan';
import { tableMoveKeys } from './table-moves-api';

/**
 * Keeps the kitchen's move notices live over the board's own socket: the boards' orders are patched by order events
 * (use-live-kitchen.ts); when a patch looks like a move, merge or split (`looksMoved`), or a board is fetched again
 * (after a reconnect), the moves are read again. Ordinary changes (a new dish, a bump) read nothing.
 */
export function useLiveMoves(eateryId: number) {
  const qc = useQueryClient();
  useEffect(() => {
    const held = new Map<string, readonly Order[]>();
    return qc.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      const key = event.query.queryKey;
      if (key[0] !== 'kitchen' || key[1] !== eateryId) return;
      const orders = (event.query.state.data as KitchenBoard | undefined)?.orders ?? [];
      const before = held.get(event.query.queryHash);
      held.set(event.query.queryHash, orders);
      // `manual`: set from an event (patched); else fetched from the server.
      const fetched = !event.action.manual;
      if (before && (fetched || looksMoved(before, orders))) {
        void qc.invalidateQueries({ queryKey: tableMoveKeys.kitchenMoves(eateryId) });
      }
    });
  }, [qc, eateryId]);
}
