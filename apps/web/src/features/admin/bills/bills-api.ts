import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Bill,
  BillDiscountBody,
  BillPaymentBody,
  BillRefundBody,
  BillSplitItemBody,
  Order,
} from '@qr-menu/contract';
import { api } from '../../../api/client';

/** Closing the bill (packages/contract/src/bills.ts): every call answers the whole bill as it now is. */
export const billKeys = {
  one: (eateryId: number, orderIds: readonly number[]) => ['bill', eateryId, orderIds.join(',')] as const,
};

export const useBill = (eateryId: number, orderIds: readonly number[]) =>
  useQuery({
    queryKey: billKeys.one(eateryId, orderIds),
    queryFn: () => api<Bill>(`/api/eatery/${eateryId}/bill?orderIds=${orderIds.join(',')}`),
    enabled: orderIds.length > 0,
  });

/** A POST or PUT of the bill: its answer replaces the cached bill (no second request). */
function useBillChange<TBody>(eateryId: number, orderIds: readonly number[], send: (body: TBody) => Promise<Bill>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (bill) => qc.setQueryData(billKeys.one(eateryId, orderIds), bill),
  });
}

/** Records one part of the bill (a payment). */
export const useRecordPayment = (eateryId: number, orderIds: readonly number[]) =>
  useBillChange(eateryId, orderIds, (body: Omit<BillPaymentBody, 'orderIds'>) =>
    api<Bill>(`/api/eatery/${eateryId}/bill/payments`, { method: 'POST', body: { orderIds, ...body } }),
  );

/** Splits an unpaid line in two (3 × burger → 1 + 2): `quantity` goes to the new line, paid apart by items. */
export const useSplitItem = (eateryId: number, orderIds: readonly number[]) =>
  useBillChange(eateryId, orderIds, (body: Omit<BillSplitItemBody, 'orderIds'>) =>
    api<Bill>(`/api/eatery/${eateryId}/bill/split-item`, { method: 'POST', body: { orderIds, ...body } }),
  );

/** Sets the bill's discount (EATERY_ADMIN; amount 0 removes it). */
export const useSetDiscount = (eateryId: number, orderIds: readonly number[]) =>
  useBillChange(eateryId, orderIds, (body: Omit<BillDiscountBody, 'orderIds'>) =>
    api<Bill>(`/api/eatery/${eateryId}/bill/discount`, { method: 'PUT', body: { orderIds, ...body } }),
  );

/** Gives money back (EATERY_ADMIN): at most what was paid; a paid bill it leaves uncovered is open again. */
export const useRefund = (eateryId: number, orderIds: readonly number[]) =>
  useBillChange(eateryId, orderIds, (body: Omit<BillRefundBody, 'orderIds'>) =>
    api<Bill>(`/api/eatery/${eateryId}/bill/refunds`, { method: 'POST', body: { orderIds, ...body } }),
  );

/**
 * Reopens the closed (paid or cancelled) orders of a bill, one call per order (EATERY_ADMIN). The route answers an
 * order, not the bill, so the bill is read again afterwards, also when a later order failed: the first may be open.
 */
export const useReopenOrders = (eateryId: number, billOrderIds: readonly number[]) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ orderIds, reason }: { orderIds: readonly number[]; reason: string }) => {
      const reopened: Order[] = [];
      for (const id of orderIds) {
        reopened.push(
          await api<Order>(`/api/eatery/${eateryId}/orders/${id}/reopen`, { method: 'POST', body: { reason } }),
        );
      }
      return reopened;
    },
    onSettled: () => qc.invalidateQueries({ queryKey: billKeys.one(eateryId, billOrderIds) }),
  });
};
