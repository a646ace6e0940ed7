import { useQueryClient } from '@tanstack/react-query';
import { useOrdersSocket, type OrdersSocketOptions } from '../shared/live/use-orders-socket';
import { printerKeys } from './printers-api';

/** The socket's options with the printers' message: `onPrintersEvent` runs on each PRINTERS_EVENT of the restaurant. */
type PrintersSocketOptions = OrdersSocketOptions & { onPrintersEvent: (eateryId: number) => void };

/**
 * Keeps the printers screen current: the restaurant's staff socket says when its printers' state or waiting jobs
 * changed (PRINTERS_EVENT), and after a reconnection anything may have; either way the printers and their waiting
 * jobs are read again.
 */
export function usePrintersLive(eateryId: number) {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: printerKeys.root(eateryId) });
  const options: PrintersSocketOptions = { onEvent: () => {}, onResync: refresh, onPrintersEvent: refresh };
  return useOrdersSocket(eateryId, options);
}
