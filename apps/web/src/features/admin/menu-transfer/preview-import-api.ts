import { useMutation } from '@tanstack/react-query';
import type { MenuImportReport } from '@qr-menu/contract';
import { api } from '../../../api/client';
import { transferForm, transferPath } from './transfer-paths';

export interface ImportFiles {
  file: File;
  photos: File | null;
}

/** Checks a sheet (and its photos) without writing anything: what the import would do, row by row. */
export const usePreviewImport = (restaurantId: number) =>
  useMutation({
    mutationFn: ({ file, photos }: ImportFiles) =>
      api<MenuImportReport>(transferPath(restaurantId, 'preview'), {
        method: 'POST',
        body: transferForm(file, photos),
      }),
  });
