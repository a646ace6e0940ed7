import { useQuery } from '@tanstack/react-query';
import type { Role, StaffUser } from '@qr-menu/contract';
import { api } from '../../../api/client';

export const userKeys = {
  all: (eateryId: number) => ['users', eateryId] as const,
  list: (eateryId: number, role?: Role) => ['users', eateryId, role ?? 'all'] as const,
};

/**
 * What to call a staff user in a list or a picker: the name, else the e-mail, else `#id`. The server answers the
 * e-mails (and phones) to the restaurant's admins only (need to know): other roles get `username: null`.
 */
export const staffLabel = (user: Pick<StaffUser, 'id' | 'name' | 'username'>): string =>
  user.name || user.username || `#${user.id}`;

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
