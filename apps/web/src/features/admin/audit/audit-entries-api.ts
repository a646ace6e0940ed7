import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditPage } from '@qr-menu/contract';
import { api } from '../../../api/client';
import { auditQueryString, type AuditFilters } from './audit-filters';

export const auditKeys = {
  list: (restaurantId: number, f: AuditFilters) =>
    ['audit', restaurantId, f.day ?? 'all', f.userId ?? 'all', f.kind ?? 'all'] as const,
};

/**
 * The audit log, newest first, a page at a time (GET /api/eatery/{id}/audit): each page names the cursor of the next
 * one until none is left. Not asked while `enabled` is false (a day still being typed).
 */
export const useAuditEntries = (restaurantId: number, filters: AuditFilters, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: auditKeys.list(restaurantId, filters),
    queryFn: ({ pageParam, signal }) =>
      api<AuditPage>(
        `/api/eatery/${restaurantId}/audit${auditQueryString(filters, { cursor: pageParam ?? undefined })}`,
        { signal },
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (last: AuditPage) => last.nextCursor ?? undefined,
    enabled,
  });
