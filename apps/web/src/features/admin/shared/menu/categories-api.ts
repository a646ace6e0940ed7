import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pickNames, type Category, type CategoryData, type CommonCategory } from '@qr-menu/contract';
import { api } from '../../../../api/client';
import { menuFormData } from './menu-helpers';

export const categoryKeys = {
  list: (eateryId: number) => ['categories', eateryId] as const,
  common: ['common-categories'] as const,
};

/** The restaurant's categories, ordered, with dish counts and image URLs. */
export const useCategories = (eateryId: number | null) =>
  useQuery({
    queryKey: categoryKeys.list(eateryId ?? 0),
    queryFn: () => api<Category[]>(`/api/eatery/${eateryId}/category`),
    enabled: !!eateryId,
  });

/** The predefined catalogue (GET /api/category/common). */
export const useCommonCategories = (enabled = true) =>
  useQuery({
    queryKey: categoryKeys.common,
    queryFn: () => api<CommonCategory[]>('/api/category/common'),
    enabled,
    staleTime: Infinity,
  });

export interface SaveCategoryInput {
  id?: number;
  data: CategoryData;
  image: File | null;
  removeImage: boolean;
}

/** POST or PUT a category as multipart (`data` + optional `image`). */
export function useSaveCategory(eateryId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data, image, removeImage }: SaveCategoryInput) => {
      const body = menuFormData(
        { ...data, eateryId, ...(id ? { categoryId: id } : {}), ...(removeImage ? { removeImage } : {}) },
        image,
      );
      return id
        ? api<Category>(`/api/eatery/${eateryId}/category/${id}`, { method: 'PUT', body })
        : api<Category>(`/api/eatery/${eateryId}/category`, { method: 'POST', body });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: categoryKeys.list(eateryId) }),
  });
}

/** Creates the selected catalogue categories at once (all or none). */
export function useAddPredefinedCategories(eateryId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (selected: CommonCategory[]) =>
      api<Category[]>(`/api/eatery/${eateryId}/category/predefined`, {
        method: 'POST',
        body: selected.map((c) => ({ categoryId: c.categoryId, ...pickNames(c), image: c.image, eateryId })),
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: categoryKeys.list(eateryId) }),
  });
}

export function useDeleteCategory(eateryId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/api/eatery/${eateryId}/category/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: categoryKeys.list(eateryId) }),
  });
}

/**
 * Saves a new category order. The list is reordered at once (optimistic) and restored to the previous
 * order when the server refuses.
 */
export function useReorderCategories(eateryId: number) {
  const qc = useQueryClient();
  const key = categoryKeys.list(eateryId);
  return useMutation({
    // One order save at a time, in the order the user made them.
    scope: { id: `category-order-${eateryId}` },
    mutationFn: (ordered: Category[]) =>
      api<Category[]>(`/api/eatery/${eateryId}/category/order`, {
        method: 'PUT',
        body: { categoryIds: ordered.map((c) => c.id) },
      }),
    onMutate: async (ordered) => {
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData<Category[]>(key);
      qc.setQueryData(key, ordered);
      return { previous };
    },
    onError: (_err, _ordered, context) => {
      if (context?.previous) qc.setQueryData(key, context.previous);
    },
    onSuccess: (saved) => qc.setQueryData(key, saved),
  });
}
