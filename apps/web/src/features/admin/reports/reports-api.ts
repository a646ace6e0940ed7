import { useQuery } from '@tanstack/react-query';
import type { Language, Report, ZReport } from '@qr-menu/contract';
import { api, apiResponse } from '../../../api/client';
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

/** The file name of a `Content-Disposition` header: `filename*=UTF-8''…` first (it may carry any letter), else `filename="…"`. */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // A broken encoding: the plain name below, if any.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || null;
}

/**
 * Downloads a CSV of the range: fetched with the staff token through the api client (a plain link would carry no
 * Authorization header), then saved under the server's file name. `lang` sets the columns' language and decimal mark.
 */
export async function downloadCsv(restaurantId: number, kind: CsvKind, range: DayRange, lang: Language) {
  const res = await apiResponse(`${base(restaurantId)}/${kind}.csv?from=${range.from}&to=${range.to}&lang=${lang}`);
  const blob = await res.blob();
  const fileName =
    dispositionFileName(res.headers.get('Content-Disposition')) ?? `${kind}-${range.from}-${range.to}.csv`;
  saveBlob(blob, fileName);
}

function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: some browsers start the download only after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
