import type { Language } from '@qr-menu/contract/constants';
import { apiResponse } from '../../../api/client';
import { auditQueryString, type AuditFilters } from './audit-filters';

/** The file name of a `Content-Disposition` header: `filename*=UTF-8''…` first (it may carry any letter), else `filename="…"`. */
function dispositionFileName(header: string | null): string | null {
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
  return (plain?.[1] ?? plain?.[2])?.trim() || null;
}

/**
 * Downloads the log as CSV with the filters on screen (GET /api/eatery/{id}/audit.csv): fetched with the staff token
 * through the api client (a plain link would carry no Authorization header), then saved under the server's file name.
 * `lang` sets the columns' language and decimal mark.
 */
export async function downloadAuditCsv(restaurantId: number, filters: AuditFilters, lang: Language) {
  const res = await apiResponse(`/api/eatery/${restaurantId}/audit.csv${auditQueryString(filters, { lang })}`);
  const blob = await res.blob();
  const fileName =
    dispositionFileName(res.headers.get('Content-Disposition')) ?? `audit${filters.day ? `-${filters.day}` : ''}.csv`;
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
