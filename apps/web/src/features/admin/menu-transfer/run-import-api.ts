import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MenuImportReport } from '@qr-menu/contract';
import { api, isApiError } from '../../../api/client';
import { departmentKeys } from '../shared/departments-api';
import { categoryKeys } from '../shared/menu/categories-api';
import type { ImportFiles } from './preview-import-api';
import { transferForm, transferPath } from './transfer-paths';

/**
 * Imports the sheet: the report once written, or `null` when the server refused it (422: the menu changed since the
 * check, so the file has problems now; the page checks it again to show them). The menu's lists are read again.
 */
export function useRunImport(restaurantId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, photos }: ImportFiles): Promise<MenuImportReport | null> => {
      try {
        return await api<MenuImportReport>(transferPath(restaurantId, 'import'), {
          method: 'POST',
          body: transferForm(file, photos),
        });
      } catch (err) {
        if (isApiError(err) && err.status === 422) return null;
        throw err;
      }
    },
    onSuccess: (report) => {
      if (!report) return;
      void qc.invalidateQueries({ queryKey: categoryKeys.list(restaurantId) });
      void qc.invalidateQueries({ queryKey: ['dishes', restaurantId] });
      void qc.invalidateQueries({ queryKey: departmentKeys.list(restaurantId) });
    },
  });
}
