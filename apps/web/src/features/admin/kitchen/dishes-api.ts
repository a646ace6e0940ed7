import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Category, CategoryWithDishes, Dish } from '@qr-menu/contract';
import { api } from '../../../api/client';

export const kitchenDishKeys = { list: (eateryId: number) => ['kitchen-dishes', eateryId] as const };

/** Every dish of the restaurant (the categories, then each one's dishes), for the "Sold out" dialog. */
export const useKitchenDishes = (eateryId: number, enabled: boolean) =>
  useQuery({
    queryKey: kitchenDishKeys.list(eateryId),
    queryFn: async (): Promise<Dish[]> => {
      const categories = await api<Category[]>(`/api/eatery/${eateryId}/category`);
      const full = await Promise.all(
        categories.map((c) => api<CategoryWithDishes>(`/api/eatery/${eateryId}/category/${c.categoryId ?? c.id}`)),
      );
      return full.flatMap((c) => c.dishes ?? []);
    },
    enabled,
  });

/** At most one refetch of the dish list in this many ms while orders keep coming. */
const FOLLOW_ORDERS_MS = 2000;

/**
 * While the dish list is shown: orders take portions of counted dishes (and sell a dish out at zero), so when the
 * kitchen's board hears an order change (its live socket patches the board queries), the list is fetched again,
 * at most once per FOLLOW_ORDERS_MS.
 */
export function useDishesFollowOrders(eateryId: number) {
  const qc = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = qc.getQueryCache().subscribe((event) => {
      const [scope, id] = event.query.queryKey;
      if (event.type !== 'updated' || event.action.type !== 'success' || scope !== 'kitchen' || id !== eateryId) {
        return;
      }
      timer ??= setTimeout(() => {
        timer = undefined;
        void qc.invalidateQueries({ queryKey: kitchenDishKeys.list(eateryId) });
      }, FOLLOW_ORDERS_MS);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [qc, eateryId]);
}

/**
 * PUT /api/eatery/{id}/dish/{dishId}/availability `{available, untilNextBusinessDay?}`: sold out (until the next
 * business day, when it comes back by itself, or until switched on), or back on the menu.
 */
export function useDishAvailability(eateryId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ dishId, available, untilNextBusinessDay }: DishAvailabilityChange) =>
      api<{ id: number; available: boolean; availableAgainAt?: string | null }>(
        `/api/eatery/${eateryId}/dish/${dishId}/availability`,
        {
          method: 'PUT',
          body: available ? { available } : { available, untilNextBusinessDay: !!untilNextBusinessDay },
        },
      ),
    onSuccess: (answer, { dishId }) =>
      qc.setQueryData<Dish[]>(kitchenDishKeys.list(eateryId), (dishes) =>
        dishes?.map((d) =>
          d.id === dishId
            ? { ...d, available: answer.available, availableAgainAt: answer.availableAgainAt ?? null }
            : d,
        ),
      ),
  });
}

export interface DishAvailabilityChange {
  dishId: number;
  available: boolean;
  /** With `available: false`: back by itself at the restaurant's next opening. */
  untilNextBusinessDay?: boolean;
}
