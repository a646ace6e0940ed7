import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Printer, PrinterBody, PrintJob, PrintPreview } from '@qr-menu/contract';
import { api } from '../../../api/client';

/** The kinds of sample a printer's preview shows. */
export type PreviewKind = 'TICKET' | 'RECEIPT' | 'TEST';

/**
 * Query keys. The printers and their waiting jobs share a root, so one invalidation (after a change, or when the
 * server says the printers changed) reads both again; previews live apart: they change only with the settings.
 */
export const printerKeys = {
  root: (eateryId: number) => ['printers', eateryId] as const,
  list: (eateryId: number) => ['printers', eateryId, 'list'] as const,
  jobs: (eateryId: number, printerId: number) => ['printers', eateryId, 'jobs', printerId] as const,
  preview: (eateryId: number, printerId: number, kind: PreviewKind) =>
    ['printPreview', eateryId, printerId, kind] as const,
};

const base = (eateryId: number) => `/api/eatery/${eateryId}/printers`;

/** The restaurant's printers with their state and waiting jobs (EATERY_ADMIN). */
export const usePrinters = (eateryId: number) =>
  useQuery({ queryKey: printerKeys.list(eateryId), queryFn: () => api<Printer[]>(base(eateryId)) });

/** Adds a printer (no id) or changes one. */
export function useSavePrinter(eateryId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: PrinterBody }) =>
      id
        ? api<Printer>(`${base(eateryId)}/${id}`, { method: 'PUT', body })
        : api<Printer>(base(eateryId), { method: 'POST', body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: printerKeys.root(eateryId) });
      void qc.invalidateQueries({ queryKey: ['printPreview', eateryId] });
    },
  });
}

/** Deletes a printer; its waiting jobs go with it. */
export function useDeletePrinter(eateryId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`${base(eateryId)}/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: printerKeys.root(eateryId) }),
  });
}

/** Queues a test page on a printer. */
export function useTestPrint(eateryId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<PrintJob>(`${base(eateryId)}/${id}/test`, { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: printerKeys.root(eateryId) }),
  });
}

/** A sample of what a printer prints (a ticket, a receipt, its test page), laid out for its paper. */
export const usePrintPreview = (eateryId: number, printerId: number, kind: PreviewKind) =>
  useQuery({
    queryKey: printerKeys.preview(eateryId, printerId, kind),
    queryFn: () => api<PrintPreview>(`${base(eateryId)}/${printerId}/preview?kind=${kind}`),
  });

/** A printer's jobs not printed yet (waiting, or being sent), newest first. */
export const useWaitingJobs = (eateryId: number, printerId: number) =>
  useQuery({
    queryKey: printerKeys.jobs(eateryId, printerId),
    queryFn: () => api<PrintJob[]>(`/api/eatery/${eateryId}/print-jobs?printerId=${printerId}`),
    select: (jobs) => jobs.filter((j) => j.status === 'PENDING' || j.status === 'PRINTING'),
  });

/** Gives up a job that has not printed (the printer's waiting count drops). */
export function useCancelJob(eateryId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (jobId: number) => api<void>(`/api/eatery/${eateryId}/print-jobs/${jobId}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: printerKeys.root(eateryId) }),
  });
}
