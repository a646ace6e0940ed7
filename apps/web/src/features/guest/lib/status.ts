import { dishesProgress, rejectionReasonKey } from '@qr-menu/contract/constants';
import type { TFunction } from './i18n';

/**
 * Guest status labels: created, preparing (also for PROCESSING), ready, paid, cancelled, otherwise
 * accepted. ISSUED (handed to the table) reads "served": "accepted" for a dish already on the table would mislead.
 */
export type GuestStatusKey =
  'needsConfirmation' | 'created' | 'preparing' | 'ready' | 'served' | 'paid' | 'cancelled' | 'rejected' | 'accepted';

/**
 * NEEDS_CONFIRMATION (the restaurant's staff confirm guest orders) reads "Waiting for confirmation"; a
 * CANCELLED order with a rejection reason was rejected by staff before it was accepted: "Rejected".
 */
export function guestStatusKey(status: string, rejectionReason?: string | null): GuestStatusKey {
  switch (status) {
    case 'NEEDS_CONFIRMATION':
      return 'needsConfirmation';
    case 'CREATED':
      return 'created';
    case 'PROCESSING':
    case 'PREPARING':
      return 'preparing';
    case 'READY':
      return 'ready';
    case 'ISSUED':
      return 'served';
    case 'PAID':
      return 'paid';
    case 'CANCELLED':
      return rejectionReason ? 'rejected' : 'cancelled';
    default:
      return 'accepted';
  }
}

/**
 * The stepper of the confirmation page: accepted → preparing → ready → served → paid. The server sets ISSUED
 * ("served") when every live item of the order is SERVED at the table.
 */
export const STEPS = ['accepted', 'preparing', 'ready', 'served', 'paid'] as const;

/** Index of the step the order is at; -1 when cancelled; -2 while it waits for staff to confirm it. */
export function stepIndex(status: string): number {
  switch (status) {
    case 'CANCELLED':
      return -1;
    case 'NEEDS_CONFIRMATION':
      return -2;
    case 'PROCESSING':
    case 'PREPARING':
      return 1;
    case 'READY':
      return 2;
    case 'ISSUED':
      return 3;
    case 'PAID':
      return 4;
    default:
      return 0;
  }
}

/**
 * The step a paid order's dishes are at, from their statuses (paying does not stop the kitchen): 0 nothing started,
 * 1 preparing, 2 ready (some not served yet), 4 every dish served (past the "served" step).
 */
export function dishesStep(items: readonly { status: string }[]): number {
  const progress = dishesProgress(items.map((i) => i.status));
  return progress === null || progress === 'ISSUED' ? STEPS.length - 1 : stepIndex(progress);
}

/**
 * Why staff rejected an order, as the guest reads it: a common reason (`preset:<key>`) in the guest's language, a
 * reason staff wrote as they wrote it.
 */
export function rejectionText(t: TFunction, reason: string): string {
  const key = rejectionReasonKey(reason);
  return key ? t(`client.rejectionReasons.${key}`) : reason;
}
