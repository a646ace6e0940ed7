import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pickTexts, type CommonDish, type Dish, type DishData } from '@qr-menu/contract';
import { api } from '../../../api/client';
import { categoryKeys } from '../shared/menu/categories-api';
import { menuFormData } from '../shared/menu/menu-helpers';

export const dishKeys = {
  all: (eateryId: number) => ['dishes', eateryId] as const,
  list: (eateryId: number, categoryId: number) => ['dishes', eateryId, categoryId] as const,
  common: (key: string) => ['common-dishes', key] as const,
};

const base = (eateryId: number, categoryId: number) => `/api/eatery/${eateryId}/category/${categoryId}/dish`;

/** Dishes of a category, in their saved order. */
export const useDishes = (eateryId: number | null, categoryId: number | null) =>
  useQuery({
    queryKey: dishKeys.list(eateryId ?? 0, categoryId ?? 0),
    queryFn: () => api<Dish[]>(base(eateryId!, categoryId!)),
    enabled: !!eateryId && !!categoryId,
  });

/** Template dishes of a catalogue category (GET /api/dish/common/{key}); disabled without a key. */
export const useCommonDishes = (key: string | null) =>
  useQuery({
    queryKey: dishKeys.common(key ?? ''),
    queryFn: () => api<CommonDish[]>(`/api/dish/common/${encodeURIComponent(key!)}`),
    enabled: !!key,
    staleTime: Infinity,
  });

/** Dish counts on the category cards follow every dish change. */
const refresh = (qc: ReturnType<typeof useQueryClient>, eateryId: number) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: dishKeys.all(eateryId) }),
    qc.invalidateQueries({ queryKey: categoryKeys.list(eateryId) }),
  ]);

export interface SaveDishInput {
  id?: number;
  data: DishData;
  image: File | null;
  removeImage: boolean;
}

/** POST or PUT a dish as multipart (`data` + optional `image`) under the category it is in now. */
export function useSaveDish(eateryId: number, categoryId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data, image, removeImage }: SaveDishInput) => {
      const body = menuFormData(
        { ...data, eateryId, ...(id ? { dishId: id } : {}), ...(removeImage ? { removeImage } : {}) },
        image,
      );
      return id
        ? api<Dish>(`${base(eateryId, categoryId)}/${id}`, { method: 'PUT', body })
        : api<Dish>(base(eateryId, categoryId), { method: 'POST', body });
    },
    onSuccess: () => refresh(qc, eateryId),
  });
}

/** Creates the selected template dishes in the category, all or none. */
export function useAddTemplateDishes(eateryId: number, categoryId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (selected: CommonDish[]) =>
      api<Dish[]>(`${base(eateryId, categoryId)}/templates`, {
        method: 'POST',
        body: selected.map((d) => ({ ...pickTexts(d), price: d.price, available: true, image: d.image })),
      }),
    onSuccess: () => refresh(qc, eateryId),
  });
}

export function useDeleteDish(eateryId: number, categoryId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`${base(eateryId, categoryId)}/${id}`, { method: 'DELETE' }),
    onSuccess: () => refresh(qc, eateryId),
  });
}

/** Saves a new dish order: applied at once, restored when the server refuses. */
export function useReorderDishes(eateryId: number, categoryId: number) {
  const qc = useQueryClient();
  const key = dishKeys.list(eateryId, categoryId);
  return useMutation({
    scope: { id: `dish-order-${eateryId}-${categoryId}` },
    mutationFn: (ordered: Dish[]) =>
      api<Dish[]>(`${base(eateryId, categoryId)}/order`, {
        method: 'PUT',
        body: { dishIds: ordered.map((d) => d.id) },
      }),
    onMutate: async (ordered) => {
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData<Dish[]>(key);
      qc.setQueryData(key, ordered);
      return { previous };
    },
    onError: (_err, _ordered, context) => {
      if (context?.previous) qc.setQueryData(key, context.previous);
    },
    onSuccess: (saved) => qc.setQueryData(key, saved),
  });
}
