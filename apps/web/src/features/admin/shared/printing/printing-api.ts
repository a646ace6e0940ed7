import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PrinterStatus, PrintJob } from '@qr-menu/contract';
import { api } from '../../../../api/client';

/**
 * Query keys of what every service screen reads about printing (ROLE_MATRIX.printing): the printers' state and
 * waiting jobs, and the jobs of one order (for "Reprint").
 */
export const printingKeys = {
  root: (eateryId: number) => ['printing', eateryId] as const,
  status: (eateryId: number) => ['printing', eateryId, 'status'] as const,
  orderJobs: (eateryId: number, orderId: number) => ['printing', eateryId, 'jobs', orderId] as const,
};

/**
 * GET /api/eatery/{id}/printers/status: each enabled printer's state and jobs waiting. Read again when the staff
 * socket says the printers changed (`refreshPrinterStatus` from its PRINTERS_EVENT) and after a reconnection.
 */
export const usePrinterStatus = (eateryId: number) =>
  useQuery({
    queryKey: printingKeys.status(eateryId),
    queryFn: ({ signal }) => api<PrinterStatus[]>(`/api/eatery/${eateryId}/printers/status`, { signal }),
  });

/** What a PRINTERS_EVENT (or a reconnection) does: the printers' state and the order's jobs are read again. */
export const refreshPrinterStatus = (qc: QueryClient, eateryId: number) =>
  void qc.invalidateQueries({ queryKey: printingKeys.root(eateryId) });

/** GET /api/eatery/{id}/print-jobs?orderId=: the order's print jobs, newest first; only while `enabled` (a menu open). */
export const useOrderPrintJobs = (eateryId: number, orderId: number, enabled: boolean) =>
  useQuery({
    queryKey: printingKeys.orderJobs(eateryId, orderId),
    queryFn: ({ signal }) => api<PrintJob[]>(`/api/eatery/${eateryId}/print-jobs?orderId=${orderId}`, { signal }),
    enabled,
  });

/** POST /api/eatery/{id}/print-jobs/{jobId}/reprint: the same document again, as a new job on the same printer. */
export function useReprint(eateryId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (job: PrintJob) =>
      api<PrintJob>(`/api/eatery/${eateryId}/print-jobs/${job.id}/reprint`, { method: 'POST' }),
    onSuccess: () => refreshPrinterStatus(qc, eateryId),
  });
}
