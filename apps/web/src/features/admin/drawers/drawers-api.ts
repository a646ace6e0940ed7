import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DrawerMovementKind, DrawerSession } from '@qr-menu/contract';
import { api } from '../../../api/client';

/**
 * Cash drawers (packages/contract/src/drawers.ts). Amounts go to the server as exact decimal strings ("50.50"); every
 * change answers the session as it now is.
 */
const base = (eateryId: number) => `/api/eatery/${eateryId}/drawers`;

export const drawerKeys = {
  all: (eateryId: number) => ['drawers', eateryId] as const,
  mine: (eateryId: number) => ['drawers', eateryId, 'mine'] as const,
  day: (eateryId: number, day: string) => ['drawers', eateryId, 'day', day] as const,
};

/** The caller's open drawer, or null. */
export const useMyDrawer = (eateryId: number) =>
  useQuery({
    queryKey: drawerKeys.mine(eateryId),
    queryFn: () => api<{ session: DrawerSession | null }>(`${base(eateryId)}/mine`).then((r) => r.session),
  });

/** The drawers of a business day: every one for an admin, the caller's own for a cashier. */
export const useDrawersOfDay = (eateryId: number, day: string) =>
  useQuery({
    queryKey: drawerKeys.day(eateryId, day),
    queryFn: () => api<DrawerSession[]>(`${base(eateryId)}?day=${day}`),
  });

/** A change of a drawer: the caller's drawer and the day's list are read again. */
function useDrawerChange<TArgs>(eateryId: number, send: (args: TArgs) => Promise<DrawerSession>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => qc.invalidateQueries({ queryKey: drawerKeys.all(eateryId) }),
  });
}

export const useOpenDrawer = (eateryId: number) =>
  useDrawerChange(eateryId, (openingFloat: string) =>
    api<DrawerSession>(base(eateryId), { method: 'POST', body: { openingFloat } }),
  );

export interface MovementArgs {
  sessionId: number;
  kind: DrawerMovementKind;
  amount: string;
  reason: string;
}

/** A pay-in or a pay-out, with its reason. */
export const useDrawerMovement = (eateryId: number) =>
  useDrawerChange(eateryId, ({ sessionId, ...body }: MovementArgs) =>
    api<DrawerSession>(`${base(eateryId)}/${sessionId}/movements`, { method: 'POST', body }),
  );

/** Closes a drawer with the cash counted; the answer carries expected, counted and the difference. */
export const useCloseDrawer = (eateryId: number) =>
  useDrawerChange(eateryId, ({ sessionId, counted }: { sessionId: number; counted: string }) =>
    api<DrawerSession>(`${base(eateryId)}/${sessionId}/close`, { method: 'POST', body: { counted } }),
  );
