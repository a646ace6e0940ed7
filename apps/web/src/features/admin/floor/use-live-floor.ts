import { useQueryClient } from '@tanstack/react-query';
import { useOrdersSocket } from '../shared/live/use-orders-socket';
import { applyCallEvent, callKeys } from '../shared/live/use-table-calls';
import { refreshPrinterStatus } from '../shared/printing/printing-api';
import { floorKeys, patchFloorOrders } from './floor-api';

/**
 * Keeps the floor live: order events patch the open orders (by version), call events the calls; neither triggers a
 * request. After a reconnect (or every minute while offline) both are fetched once. A change of the printers reads
 * their state again (the waiting-tickets banner).
 */
export function useLiveFloor(eateryId: number) {
  const qc = useQueryClient();
  return useOrdersSocket(eateryId, {
    onEvent: (event) => patchFloorOrders(qc, eateryId, [event]),
    onCallEvent: (event) => applyCallEvent(qc, eateryId, event),
    onPrintersEvent: () => refreshPrinterStatus(qc, eateryId),
    onResync: () => {
      void qc.refetchQueries({ queryKey: floorKeys.orders(eateryId) });
      void qc.refetchQueries({ queryKey: callKeys.list(eateryId) });
      refreshPrinterStatus(qc, eateryId);
    },
  });
}
