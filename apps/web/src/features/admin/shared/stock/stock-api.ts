import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Dish, DishStock } from '@qr-menu/contract';
import { api } from '../../../../api/client';

/** The query keys that hold dishes (the menu's lists and the kitchen's sold-out list): a new count patches them. */
const DISH_LISTS = [['dishes'], ['kitchen-dishes']] as const;

/**
 * PUT /api/eatery/{id}/dishes/{dishId}/stock `{count}`: a dish's portions left (0..9999), or null: not counted. 0 sells
 * it out; a count brings back a dish that ran out. Every cached list of dishes takes the answer (count and
 * availability).
 */
export function useDishStock(eateryId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ dishId, count }: { dishId: number; count: number | null }) =>
      api<DishStock>(`/api/eatery/${eateryId}/dishes/${dishId}/stock`, { method: 'PUT', body: { count } }),
    onSuccess: (answer) => {
      const patch = (d: Dish): Dish =>
        d.id === answer.id
          ? {
              ...d,
              stockCount: answer.stockCount,
              available: answer.available,
              availableAgainAt: answer.availableAgainAt,
            }
          : d;
      for (const [key] of DISH_LISTS) {
        qc.setQueriesData<Dish[]>({ queryKey: [key, eateryId] }, (list) =>
          Array.isArray(list) ? list.map(patch) : list,
        );
      }
    },
  });
}
