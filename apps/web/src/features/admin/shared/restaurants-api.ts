import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Eatery, EateryBody } from '@qr-menu/contract';
import { api } from '../../../api/client';

export const restaurantKeys = {
  all: ['restaurants'] as const,
  one: (id: number) => ['restaurants', id] as const,
};

/** The caller's restaurants (GET /api/eatery answers only those, with the caller's roles). */
export const useRestaurants = () =>
  useQuery({ queryKey: restaurantKeys.all, queryFn: () => api<Eatery[]>('/api/eatery') });

export const useRestaurant = (id: number | null) =>
  useQuery({
    queryKey: restaurantKeys.one(id ?? 0),
    queryFn: () => api<Eatery>(`/api/eatery/${id}`),
    enabled: !!id,
  });

export function useSaveRestaurant() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: EateryBody }) =>
      id
        ? api<Eatery>(`/api/eatery/${id}`, { method: 'PUT', body })
        : api<Eatery>('/api/eatery', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: restaurantKeys.all }),
  });
}

export function useDeleteRestaurant() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/api/eatery/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: restaurantKeys.all }),
  });
}
