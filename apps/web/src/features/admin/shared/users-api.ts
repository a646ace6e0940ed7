import { useQuery } from '@tanstack/react-query';
import type { Role, StaffUser } from '@qr-menu/contract';
import { api } from '../../../api/client';

export const userKeys = {
  all: (eateryId: number) => ['users', eateryId] as const,
  list: (eateryId: number, role?: Role) => ['users', eateryId, role ?? 'all'] as const,
};

/**
 * Staff of a restaurant, optionally only those holding `role` (GET /api/eatery/{id}/user?role=): the users
 * screen and the waiter assignment of tables.
 */
export const useUsers = (eateryId: number | null, role?: Role) =>
  useQuery({
    queryKey: userKeys.list(eateryId ?? 0, role),
    queryFn: () => api<StaffUser[]>(`/api/eatery/${eateryId}/user${role ? `?role=${role}` : ''}`),
    enabled: !!eateryId,
  });
