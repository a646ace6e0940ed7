import type { PickupBoard } from '@qr-menu/contract';
import { PICKUP_ROUTES } from '@qr-menu/contract/constants';
import { api } from '../../../api/client';
import { useGuestQuery } from '../lib/query';

/**
 * The board re-reads its numbers when the server says they moved (its socket topic); this slow poll only covers a
 * socket that cannot connect or missed a message while reconnecting.
 */
export const BOARD_POLL_MS = 30_000;

export const boardKey = (eateryId: number) => ['guest', 'pickup-board', eateryId] as const;

export const usePickupBoard = (eateryId: number) =>
  useGuestQuery<PickupBoard>({
    key: boardKey(eateryId),
    enabled: true,
    fetch: (signal) => api<PickupBoard>(PICKUP_ROUTES.board(eateryId), { auth: false, signal }),
    staleTime: 0,
    refetchInterval: () => BOARD_POLL_MS,
  });
