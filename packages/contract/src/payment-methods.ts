/** How a part of a bill is paid (and refunded). Zod-free: orders and bills both read it. */
export const PAYMENT_METHODS = ['CASH', 'CARD', 'OTHER'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
