import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserBody, StaffUser, UpdateUserBody } from '@qr-menu/contract';
import { api } from '../../../api/client';
import { userKeys } from '../shared/users-api';

export type SaveUserInput = { id: number; body: UpdateUserBody } | { id?: undefined; body: CreateUserBody };

export function useSaveUser(eateryId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveUserInput) =>
      input.id
        ? api<StaffUser>(`/api/eatery/${eateryId}/user/${input.id}`, { method: 'PUT', body: input.body })
        : api<StaffUser>(`/api/eatery/${eateryId}/user`, { method: 'POST', body: input.body }),
    // Dropping the WAITER role also drops the user's table assignments; a new name shows in the top bar.
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: userKeys.all(eateryId) }),
        qc.invalidateQueries({ queryKey: ['table-assignments', eateryId] }),
        qc.invalidateQueries({ queryKey: ['auth-status'] }),
      ]),
  });
}

export function useDeleteUser(eateryId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/api/eatery/${eateryId}/user/${id}`, { method: 'DELETE' }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: userKeys.all(eateryId) }),
        qc.invalidateQueries({ queryKey: ['table-assignments', eateryId] }),
      ]),
  });
}

/** Sets (`pin`) or clears (null) a member's PIN for the restaurant's devices; the staff list shows who has one. */
export function useSavePin(eateryId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, pin }: { userId: number; pin: string | null }) =>
      api<void>(`/api/eatery/${eateryId}/user/${userId}/pin`, {
        method: pin === null ? 'DELETE' : 'PUT',
        ...(pin === null ? {} : { body: { pin } }),
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all(eateryId) }),
  });
}
