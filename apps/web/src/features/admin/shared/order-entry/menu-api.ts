import { useQuery } from '@tanstack/react-query';
import type { Category, CategoryWithDishes } from '@qr-menu/contract';
import { api } from '../../../../api/client';

export interface MenuCategory {
  category: Category;
  dishes: CategoryWithDishes['dishes'];
}

/** Cache key of a restaurant's menu as staff enter orders from it. */
export const staffMenuKey = (eateryId: number) => ['orders', eateryId, 'menu'] as const;

/**
 * The restaurant's menu as staff order from it (the staff menu API): every category with its dishes, for the order
 * grid and the dish select of the order-item form.
 */
export const useOrderMenu = (eateryId: number, enabled = true) =>
  useQuery({
    queryKey: staffMenuKey(eateryId),
    queryFn: async (): Promise<MenuCategory[]> => {
      const categories = await api<Category[]>(`/api/eatery/${eateryId}/category`);
      const full = await Promise.all(
        categories.map((c) => api<CategoryWithDishes>(`/api/eatery/${eateryId}/category/${c.categoryId ?? c.id}`)),
      );
      return categories.map((category, i) => ({ category, dishes: full[i].dishes ?? [] }));
    },
    enabled,
    staleTime: 60_000,
  });
