import { useQueryClient } from '@tanstack/react-query';
import { useOrdersSocket } from '../shared/live/use-orders-socket';
import { kitchenKeys, patchKitchenBoards } from './kitchen-api';

/**
 * Keeps the restaurant's kitchen boards live: every order event patches the orders they hold (by version; an event
 * never triggers a request); after a reconnect, or every minute while offline, the shown board is fetched once.
 */
export function useLiveKitchen(eateryId: number) {
  const qc = useQueryClient();
  return useOrdersSocket(eateryId, {
    onEvent: (event) => patchKitchenBoards(qc, eateryId, [event]),
    onResync: () => void qc.refetchQueries({ queryKey: kitchenKeys.all(eateryId), type: 'active' }),
  });
}
