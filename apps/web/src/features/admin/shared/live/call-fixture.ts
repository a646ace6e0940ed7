import type { StaffCall } from '@qr-menu/contract';

/** A staff call for tests: an open WAITER call at table 1 of restaurant 3; `fields` override the rest. */
export const makeCall = (id: number, fields: Partial<StaffCall> = {}): StaffCall => ({
  id,
  kind: 'WAITER',
  paymentMethod: null,
  status: 'OPEN',
  createdAt: `2026-11-24T10:0${id}:00.000Z`,
  acknowledgedAt: null,
  eateryId: 3,
  tableId: 1,
  tableNumber: '1',
  acknowledgedBy: null,
  ...fields,
});
