import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Eatery } from '@qr-menu/contract';
import { api } from '../../../api/client';
import { restaurantKeys } from '../shared/restaurants-api';

/** The logo part of a restaurant save: a new file (PUT, multipart `image`) or the removal of the stored one. */
export function useSaveLogo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File | null }) => {
      if (!file) return api<Eatery>(`/api/eatery/${id}/logo`, { method: 'DELETE' });
      const body = new FormData();
      body.append('image', file);
      return api<Eatery>(`/api/eatery/${id}/logo`, { method: 'PUT', body });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: restaurantKeys.all }),
  });
}
