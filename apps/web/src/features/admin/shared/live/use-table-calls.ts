import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CallEvent, StaffCall } from '@qr-menu/contract';
import { api } from '../../../../api/client';

export const callKeys = { list: (eateryId: number) => ['calls', eateryId] as const };

/**
 * Calls from the tables (GET /api/eatery/{id}/calls): open ones and those acknowledged in the last minutes, oldest
 * first. Kept live by `applyCallEvent` from the socket's `calls` events (never re-fetched because of one).
 */
export const useTableCalls = (eateryId: number) =>
  useQuery({
    queryKey: callKeys.list(eateryId),
    queryFn: () => api<StaffCall[]>(`/api/eatery/${eateryId}/calls`),
  });

export const openCalls = (calls: readonly StaffCall[] | undefined): StaffCall[] =>
  (calls ?? []).filter((c) => c.status === 'OPEN');

/**
 * One call into the list: a new one is added (oldest first), a known one replaced. Calls have no version; the
 * only change is OPEN → ACKNOWLEDGED, so an acknowledged copy is never replaced by an open one (a late event).
 */
export function patchCalls(calls: readonly StaffCall[] | undefined, incoming: StaffCall): StaffCall[] {
  const list = (calls ?? []) as StaffCall[];
  const index = list.findIndex((c) => c.id === incoming.id);
  if (index < 0) {
    return [...list, incoming].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
  }
  const held = list[index];
  if (held.status === 'ACKNOWLEDGED' && incoming.status === 'OPEN') return list;
  const next = list.slice();
  next[index] = incoming;
  return next;
}

/** Applies a `calls` event of the staff topic to the cached calls of the restaurant. */
export function applyCallEvent(qc: QueryClient, eateryId: number, event: CallEvent) {
  if (event.call.eateryId !== eateryId) return;
  const key = callKeys.list(eateryId);
  // Nothing cached yet: the first fetch brings it.
  if (qc.getQueryData(key) === undefined) return;
  qc.setQueryData<StaffCall[]>(key, (calls) => patchCalls(calls, event.call));
}

/** POST /api/eatery/{id}/calls/{callId}/acknowledge ("On my way"); the answer patches the list at once. */
export function useAcknowledgeCall(eateryId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (callId: number) =>
      api<StaffCall>(`/api/eatery/${eateryId}/calls/${callId}/acknowledge`, { method: 'POST' }),
    onSuccess: (call) => qc.setQueryData<StaffCall[]>(callKeys.list(eateryId), (calls) => patchCalls(calls, call)),
  });
}
