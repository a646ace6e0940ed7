import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { OrderEvent } from '@qr-menu/contract';
import { playChime, prepareChime } from '../shared/live/chime';
import { orderKeys } from './orders-api';

/** How long a new order's card flashes. */
export const FLASH_MS = 6000;
/** How long to wait at most for this tab's own "create order" answer before deciding whether to chime. */
const CREATE_WAIT_MS = 5000;

/**
 * New orders chime and flash on the board; orders this tab created itself do not. `onEvent` takes every order
 * event of the socket, `markOwn` an order this tab created, and `flashing` holds the ids of the flashing cards.
 */
export function useOrderAlerts(eateryId: number) {
  const qc = useQueryClient();
  const [flashing, setFlashing] = useState<ReadonlySet<number>>(new Set());
  const ownOrders = useRef(new Set<number>());
  useEffect(() => prepareChime(), []);

  const flash = useCallback((orderId: number) => {
    setFlashing((s) => new Set(s).add(orderId));
    setTimeout(
      () =>
        setFlashing((s) => {
          const next = new Set(s);
          next.delete(orderId);
          return next;
        }),
      FLASH_MS,
    );
  }, []);

  const onEvent = useCallback(
    (event: OrderEvent) => {
      if (event.type !== 'NEW_ORDER') return;
      const announce = () => {
        if (ownOrders.current.has(event.orderId)) return;
        playChime();
        flash(event.orderId);
      };
      // The event of an order this tab is creating may arrive before the answer: wait for it, then decide.
      const creating = () => qc.isMutating({ mutationKey: orderKeys.create(eateryId) }) > 0;
      if (!creating()) return announce();
      const started = Date.now();
      const wait = () => {
        if (creating() && Date.now() - started < CREATE_WAIT_MS) setTimeout(wait, 100);
        else setTimeout(announce, 150);
      };
      wait();
    },
    [qc, eateryId, flash],
  );

  const markOwn = useCallback((orderId: number) => {
    ownOrders.current.add(orderId);
  }, []);

  return { flashing, onEvent, markOwn };
}
