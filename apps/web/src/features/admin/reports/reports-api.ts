import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DayReport, Language, Report, ZList } from '@qr-menu/contract';
import { api } from '../../../api/client';
import { downloadFile } from '../shared/download-file';
import type { DayRange } from './report-range';

const base = (restaurantId: number) => `/api/eatery/${restaurantId}/reports`;

export const reportKeys = {
  report: (id: number, range: DayRange) => ['reports', id, range.from, range.to] as const,
  day: (id: number, day: string) => ['reports', id, 'day', day] as const,
  zList: (id: number) => ['reports', id, 'z-list'] as const,
};

/** The report of a range (null range: nothing asked yet, e.g. a custom range still being typed). */
export const useReport = (restaurantId: number, range: DayRange | null) =>
  useQuery({
    queryKey: reportKeys.report(restaurantId, range ?? { from: '', to: '' }),
    queryFn: () => api<Report>(`${base(restaurantId)}?from=${range!.from}&to=${range!.to}`),
    enabled: !!range,
  });

/** The X report of a day still open, or the Z report of a closed one (its `z` says which). */
export const useDayReport = (restaurantId: number, day: string | null) =>
  useQuery({
    queryKey: reportKeys.day(restaurantId, day ?? ''),
    queryFn: () => api<DayReport>(`${base(restaurantId)}/day?day=${day}`),
    enabled: !!day,
  });

/** The Z reports of a range of days, by number. */
export const useZList = (restaurantId: number, from: string, to: string) =>
  useQuery({
    queryKey: [...reportKeys.zList(restaurantId), from, to],
    queryFn: () => api<ZList>(`${base(restaurantId)}/z/list?from=${from}&to=${to}`),
  });

/**
 * Closing (Z) or reopening a day: the answer is the day's report as it now is, put in the cache; the list of Z
 * reports and the drawers (a closed day takes no cash) are read again.
 */
function useDayChange<TArgs>(restaurantId: number, send: (args: TArgs) => Promise<DayReport>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (report) => {
      qc.setQueryData(reportKeys.day(restaurantId, report.day), report);
      void qc.invalidateQueries({ queryKey: reportKeys.zList(restaurantId) });
    },
  });
}

/** Closes a business day with a Z report. */
export const useCloseDay = (restaurantId: number) =>
  useDayChange(restaurantId, (day: string) =>
    api<DayReport>(`${base(restaurantId)}/z`, { method: 'POST', body: { day } }),
  );

/** Opens a closed day again (EATERY_ADMIN), with a reason. */
export const useReopenDay = (restaurantId: number) =>
  useDayChange(restaurantId, (body: { day: string; reason: string }) =>
    api<DayReport>(`${base(restaurantId)}/z/reopen`, { method: 'POST', body }),
  );

export type CsvKind = 'orders' | 'items';

/** Downloads a CSV of the range; `lang` sets the columns' language and decimal mark. */
export function downloadCsv(restaurantId: number, kind: CsvKind, range: DayRange, lang: Language) {
  return downloadFile(
    `${base(restaurantId)}/${kind}.csv?from=${range.from}&to=${range.to}&lang=${lang}`,
    `${kind}-${range.from}-${range.to}.csv`,
  );
}

/** Downloads the day report as CSV (label; value rows) in `lang`. */
export function downloadDayCsv(restaurantId: number, day: string, lang: Language) {
  return downloadFile(`${base(restaurantId)}/day.csv?day=${day}&lang=${lang}`, `day-${day}.csv`);
}
