import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Department } from '@qr-menu/contract';
import { api } from '../../../api/client';
import { departmentKeys } from '../shared/departments-api';

export function useSaveDepartment(eateryId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id?: number; name: string }) =>
      id
        ? api<Department>(`/api/eatery/${eateryId}/kitchen-department/${id}`, { method: 'PUT', body: { name } })
        : api<Department>(`/api/eatery/${eateryId}/kitchen-department`, {
            method: 'POST',
            body: { name, restaurantId: eateryId },
          }),
    onSuccess: () => qc.invalidateQueries({ queryKey: departmentKeys.list(eateryId) }),
  });
}

/** Deleting a department also clears it from the dishes that had it, so their lists are refreshed too. */
export function useDeleteDepartment(eateryId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/api/eatery/${eateryId}/kitchen-department/${id}`, { method: 'DELETE' }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: departmentKeys.list(eateryId) }),
        qc.invalidateQueries({ queryKey: ['dishes', eateryId] }),
      ]),
  });
}
