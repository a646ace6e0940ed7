import type { Language } from '@qr-menu/contract/constants';
import { downloadFile } from '../shared/download-file';
import { auditQueryString, type AuditFilters } from './audit-filters';

/** Downloads the log as CSV with the filters on screen (GET /api/eatery/{id}/audit.csv); `lang`: the columns' language. */
export function downloadAuditCsv(restaurantId: number, filters: AuditFilters, lang: Language) {
  return downloadFile(
    `/api/eatery/${restaurantId}/audit.csv${auditQueryString(filters, { lang })}`,
    `audit${filters.day ? `-${filters.day}` : ''}.csv`,
  );
}
