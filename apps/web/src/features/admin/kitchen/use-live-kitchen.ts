import { useQueryClient } from '@tanstack/react-query';
import { useOrdersSocket } from '../shared/live/use-orders-socket';
import { refreshPrinterStatus } from '../shared/printing/printing-api';
import { isAbout, type StaffSocketOptions } from '../shared/printing/staff-signals';
import { restaurantKeys } from '../shared/restaurants-api';
import { kitchenKeys, patchKitchenBoards } from './kitchen-api';

/**
 * Keeps the restaurant's kitchen boards live: every order event patches the orders they hold (by version; an event
 * never triggers a request); after a reconnect, or every minute while offline, the shown board is fetched once.
 * The same socket says when the printers changed (their queue banner reads them again) and when the restaurant's
 * settings changed: the board (it carries the amber and red minutes) and the restaurants (courses) are read again,
 * so an open screen takes new thresholds without a reload.
 */
export function useLiveKitchen(eateryId: number) {
  const qc = useQueryClient();
  const refetchBoards = () => void qc.refetchQueries({ queryKey: kitchenKeys.all(eateryId), type: 'active' });
  const options: StaffSocketOptions = {
    onEvent: (event) => patchKitchenBoards(qc, eateryId, [event]),
    onResync: () => {
      refetchBoards();
      refreshPrinterStatus(qc, eateryId);
    },
    onPrintersEvent: (id) => {
      if (isAbout(eateryId, id)) refreshPrinterStatus(qc, eateryId);
    },
    onEaterySettingsEvent: (id) => {
      if (!isAbout(eateryId, id)) return;
      refetchBoards();
      void qc.invalidateQueries({ queryKey: restaurantKeys.all });
    },
  };
  return useOrdersSocket(eateryId, options);
}
