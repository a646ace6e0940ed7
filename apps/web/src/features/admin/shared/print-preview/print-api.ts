import { useMutation } from '@tanstack/react-query';
import type { PrintQueued, PrintRequestBody } from '@qr-menu/contract';
import { api } from '../../../../api/client';

/**
 * Prints a pre-bill, a receipt or a day report on the restaurant's printers (POST /api/eatery/{id}/print): every
 * enabled printer that prints it gets a job. 409 `noPrinter` when none does.
 */
export const usePrintRequest = (eateryId: number) =>
  useMutation({
    mutationFn: (body: PrintRequestBody) => api<PrintQueued>(`/api/eatery/${eateryId}/print`, { method: 'POST', body }),
  });
