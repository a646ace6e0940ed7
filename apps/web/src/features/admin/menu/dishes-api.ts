import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { centsToDecimal, pickTexts, toCents, type CommonDish, type Dish, type DishData } from '@qr-menu/contract';
import { api } from '../../../api/client';
import { categoryKeys } from '../shared/menu/categories-api';
import { menuFormData } from '../shared/menu/menu-helpers';

export const dishKeys = {
  all: (eateryId: number) => ['dishes', eateryId] as const,
  list: (eateryId: number, categoryId: number) => ['dishes', eateryId, categoryId] as const,
  common: (key: string) => ['common-dishes', key] as const,
};

const base = (eateryId: number, categoryId: number) => `/api/eatery/${eateryId}/category/${categoryId}/dish`;

/** The query of a category's dishes, in their saved order (one cache entry for the cards and the whole-menu list). */
export const dishesQuery = (eateryId: number, categoryId: number) =>
  queryOptions({
    queryKey: dishKeys.list(eateryId, categoryId),
    queryFn: () => api<Dish[]>(base(eateryId, categoryId)),
  });

/** Dishes of a category, in their saved order. */
export const useDishes = (eateryId: number | null, categoryId: number | null) =>
  useQuery({ ...dishesQuery(eateryId ?? 0, categoryId ?? 0), enabled: !!eateryId && !!categoryId });

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

/** One quick change of a dish from the menu list: its price (a decimal string) or whether it is on sale. */
export type QuickDishChange = { price: string } | { available: boolean };

/**
 * Saves one quick change of a dish with the dish's usual update (PUT …/dish/{id}, multipart): its six texts and the
 * price as they are, plus the change; what is left out (options, tags, hours, department, photo) stays as it is.
 * The list shows the change at once and takes it back when the server refuses it (then `onRefused`, for every
 * refused change, not only the last one). Changes run one after another, so a second change sends what the first
 * one made.
 */
export function useQuickDishUpdate(eateryId: number, onRefused?: (error: Error, change: QuickDishChange) => void) {
  const qc = useQueryClient();
  return useMutation({
    scope: { id: `dish-quick-${eateryId}` },
    mutationFn: ({ dish, change }: { dish: Dish; change: QuickDishChange }) => {
      const key = dishKeys.list(eateryId, dish.categoryId);
      // The dish as the list holds it now (earlier quick changes included), with this change.
      const current = qc.getQueryData<Dish[]>(key)?.find((d) => d.id === dish.id) ?? dish;
      const data = {
        ...pickTexts(current),
        price: 'price' in change ? change.price : centsToDecimal(toCents(current.price)),
        ...('available' in change ? { available: change.available } : {}),
        eateryId,
        dishId: dish.id,
      };
      return api<Dish>(`${base(eateryId, dish.categoryId)}/${dish.id}`, {
        method: 'PUT',
        body: menuFormData(data, null),
      });
    },
    onMutate: async ({ dish, change }) => {
      const key = dishKeys.list(eateryId, dish.categoryId);
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<Dish[]>(key)?.find((d) => d.id === dish.id);
      const shown = 'price' in change ? { price: toCents(change.price) / 100 } : { available: change.available };
      qc.setQueryData<Dish[]>(key, (list) => list?.map((d) => (d.id === dish.id ? { ...d, ...shown } : d)));
      return { before };
    },
    onError: (err, { dish, change }, context) => {
      // Only the refused field goes back: another change of the row may have been saved meanwhile.
      const before = context?.before;
      if (before) {
        const back = 'price' in change ? { price: before.price } : { available: before.available };
        qc.setQueryData<Dish[]>(dishKeys.list(eateryId, dish.categoryId), (list) =>
          list?.map((d) => (d.id === dish.id ? { ...d, ...back } : d)),
        );
      }
      onRefused?.(err, change);
    },
    onSuccess: (saved) =>
      qc.setQueryData<Dish[]>(dishKeys.list(eateryId, saved.categoryId), (list) =>
        list?.map((d) => (d.id === saved.id ? saved : d)),
      ),
  });
}
