import { useMutation } from '@tanstack/react-query';
import type { FireCourseBody, Order } from '@qr-menu/contract';
import { api } from '../../../../api/client';

/**
 * "Fire": POST /api/eatery/{id}/orders/{orderId}/fire `{course}`. The floor and the orders board hear of the change
 * over their socket like of anyone else's, so nothing is patched here.
 */
export function useFireCourse(eateryId: number) {
  return useMutation({
    mutationFn: ({ orderId, course }: { orderId: number } & FireCourseBody) =>
      api<Order>(`/api/eatery/${eateryId}/orders/${orderId}/fire`, { method: 'POST', body: { course } }),
  });
}
