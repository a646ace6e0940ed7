import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Table,
  TableAssignment,
  TableAssignmentBody,
  TableBody,
  TableRangeBody,
  TableRangeResult,
} from '@qr-menu/contract';
import { api } from '../../../api/client';
import { withQrBase } from '../shared/qr-base/qr-base';

export const tableKeys = {
  /** Every list of the restaurant, whatever address its QR codes lead to (for invalidation). */
  list: (eateryId: number) => ['tables', eateryId] as const,
  /** The list with QR codes leading to `base` (undefined: the server's choice). */
  listOn: (eateryId: number, base: string | undefined) => ['tables', eateryId, base ?? ''] as const,
  assignments: (eateryId: number) => ['table-assignments', eateryId] as const,
};

/**
 * Tables of a restaurant, each with its QR code leading to `base` (GET /api/eatery/{id}/table?base=). `enabled: false`
 * waits (the device's QR address is still being read).
 */
export const useTables = (eateryId: number | null, base?: string, enabled = true) =>
  useQuery({
    queryKey: tableKeys.listOn(eateryId ?? 0, base),
    queryFn: () => api<Table[]>(withQrBase(`/api/eatery/${eateryId}/table`, base)),
    enabled: !!eateryId && enabled,
  });

/**
 * POST /api/eatery/{id}/tables/bulk: tables named from … to; numbers already taken are skipped (reported in the
 * answer).
 */
export function useCreateTableRange(eateryId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TableRangeBody) =>
      api<TableRangeResult>(`/api/eatery/${eateryId}/tables/bulk`, { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: tableKeys.list(eateryId) }),
  });
}

export function useSaveTable(eateryId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: TableBody }) =>
      id
        ? api<Table>(`/api/eatery/${eateryId}/table/${id}`, { method: 'PUT', body })
        : api<Table>(`/api/eatery/${eateryId}/table`, { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: tableKeys.list(eateryId) }),
  });
}

/**
 * POST …/table/{tableId}/key: a new random QR key for the table ("New QR code"). The answer is the table
 * with its new QR code, which replaces it in the cached list at once.
 */
export function useRotateTableKey(eateryId: number, base?: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (tableId: number) =>
      api<Table>(withQrBase(`/api/eatery/${eateryId}/table/${tableId}/key`, base), { method: 'POST' }),
    onSuccess: (table) =>
      qc.setQueryData<Table[]>(tableKeys.listOn(eateryId, base), (list) =>
        list?.map((t) => (t.id === table.id ? table : t)),
      ),
  });
}

export function useDeleteTable(eateryId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/api/eatery/${eateryId}/table/${id}`, { method: 'DELETE' }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: tableKeys.list(eateryId) }),
        qc.invalidateQueries({ queryKey: tableKeys.assignments(eateryId) }),
      ]),
  });
}

/** Waiter assignments of every table of the restaurant. */
export const useAssignments = (eateryId: number | null) =>
  useQuery({
    queryKey: tableKeys.assignments(eateryId ?? 0),
    queryFn: () => api<TableAssignment[]>(`/api/eatery/${eateryId}/table-assignment`),
    enabled: !!eateryId,
  });

export function useAssignWaiter(eateryId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TableAssignmentBody) =>
      api<TableAssignment>(`/api/eatery/${eateryId}/table-assignment`, { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: tableKeys.assignments(eateryId) }),
  });
}

export function useUnassignWaiter(eateryId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (assignmentId: number) =>
      api<void>(`/api/eatery/${eateryId}/table-assignment/${assignmentId}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: tableKeys.assignments(eateryId) }),
  });
}
