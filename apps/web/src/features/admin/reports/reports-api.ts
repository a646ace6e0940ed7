import { useQuery } from '@tanstack/react-query';
import type { Language, Report, ZReport } from '@qr-menu/contract';
import { api } from '../../../api/client';
import { downloadFile } from '../shared/download-file';
import type { DayRange } from './report-range';

const base = (restaurantId: number) => `/api/eatery/${restaurantId}/reports`;

export const reportKeys = {
  report: (id: number, range: DayRange) => ['reports', id, range.from, range.to] as const,
  z: (id: number, day: string) => ['reports', id, 'z', day] as const,
};

/** The report of a range (null range: nothing asked yet, e.g. a custom range still being typed). */
export const useReport = (restaurantId: number, range: DayRange | null) =>
  useQuery({
    queryKey: reportKeys.report(restaurantId, range ?? { from: '', to: '' }),
    queryFn: () => api<Report>(`${base(restaurantId)}?from=${range!.from}&to=${range!.to}`),
    enabled: !!range,
  });

export const useZReport = (restaurantId: number, day: string | null) =>
  useQuery({
    queryKey: reportKeys.z(restaurantId, day ?? ''),
    queryFn: () => api<ZReport>(`${base(restaurantId)}/z?day=${day}`),
    enabled: !!day,
  });

export type CsvKind = 'orders' | 'items';

/** Downloads a CSV of the range; `lang` sets the columns' language and decimal mark. */
export function downloadCsv(restaurantId: number, kind: CsvKind, range: DayRange, lang: Language) {
  return downloadFile(
    `${base(restaurantId)}/${kind}.csv?from=${range.from}&to=${range.to}&lang=${lang}`,
    `${kind}-${range.from}-${range.to}.csv`,
  );
}
