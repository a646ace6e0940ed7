import { useQuery } from '@tanstack/react-query';
import type { Table } from '@qr-menu/contract';
import { api } from '../../../api/client';
import { withQrBase } from '../shared/qr-base/qr-base';

/**
 * The table a test order is placed at: the first one guests can order at (not INACTIVE), else the first one; tables in
 * the order they were made.
 */
export function testOrderTable(tables: readonly Table[]): Table | undefined {
  return tables.find((t) => t.status !== 'INACTIVE') ?? tables[0];
}

/** The restaurant's tables with QR codes leading to `base` (GET /api/eatery/{id}/table?base=), for the test order. */
export const useTestOrderTable = (eateryId: number, base: string | undefined, enabled: boolean) =>
  useQuery({
    queryKey: ['setup-test-table', eateryId, base ?? ''],
    queryFn: () => api<Table[]>(withQrBase(`/api/eatery/${eateryId}/table`, base)),
    enabled,
    select: testOrderTable,
  });
