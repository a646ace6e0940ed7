import { useQuery } from '@tanstack/react-query';
import type { Department } from '@qr-menu/contract';
import { api } from '../../../api/client';

export const departmentKeys = { list: (eateryId: number) => ['departments', eateryId] as const };

/** Kitchen departments of a restaurant (GET /api/eatery/{id}/kitchen-department): its screen and the dish form. */
export const useDepartments = (eateryId: number | null) =>
  useQuery({
    queryKey: departmentKeys.list(eateryId ?? 0),
    queryFn: () => api<Department[]>(`/api/eatery/${eateryId}/kitchen-department`),
    enabled: !!eateryId,
  });
