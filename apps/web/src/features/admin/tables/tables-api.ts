import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Table, TableAssignment, TableAssignmentBody, TableBody } from '@qr-menu/contract';
import { api } from '../../../api/client';

export const tableKeys = {
  list: (eateryId: number) => ['tables', eateryId] as const,
  assignments: (eateryId: number) => ['table-assignments', eateryId] as const,
};

/** Tables of a restaurant, each with its QR code (GET /api/eatery/{id}/table). */
export const useTables = (eateryId: number | null) =>
  useQuery({
    queryKey: tableKeys.list(eateryId ?? 0),
    queryFn: () => api<Table[]>(`/api/eatery/${eateryId}/table`),
    enabled: !!eateryId,
  });

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
export function useRotateTableKey(eateryId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (tableId: number) => api<Table>(`/api/eatery/${eateryId}/table/${tableId}/key`, { method: 'POST' }),
    onSuccess: (table) =>
      qc.setQueryData<Table[]>(tableKeys.list(eateryId), (list) => list?.map((t) => (t.id === table.id ? table : t))),
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
