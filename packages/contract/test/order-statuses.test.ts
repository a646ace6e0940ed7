import { describe, expect, it } from 'vitest';
import {
  FINAL_ORDER_STATUSES,
  isFinalOrderStatus,
  isKitchenOrderStatus,
  isSettledOrder,
  itemsStillMove,
  paidFoodComing,
  isOpenOrderStatus,
  KITCHEN_ORDER_STATUSES,
  OPEN_ORDER_STATUSES,
  ORDER_STATUSES,
} from '../src/constants.js';

describe('open, final and kitchen order statuses', () => {
  it('PAID and CANCELLED are final; every other status is open, ISSUED (served, not paid) too', () => {
    expect(ORDER_STATUSES.filter(isFinalOrderStatus)).toEqual(['PAID', 'CANCELLED']);
    expect(ORDER_STATUSES.filter(isOpenOrderStatus)).toEqual([
      'NEEDS_CONFIRMATION',
      'CREATED',
      'PROCESSING',
      'PREPARING',
      'READY',
      'ISSUED',
    ]);
  });

  it('splits every status into exactly one of open and final', () => {
    for (const s of ORDER_STATUSES) expect(isOpenOrderStatus(s), s).toBe(!isFinalOrderStatus(s));
    expect([...OPEN_ORDER_STATUSES, ...FINAL_ORDER_STATUSES].sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it('the kitchen sees open and paid orders, not cancelled ones nor those waiting for staff confirmation', () => {
    expect(KITCHEN_ORDER_STATUSES).toEqual(['CREATED', 'PROCESSING', 'PREPARING', 'READY', 'ISSUED', 'PAID']);
    expect(isKitchenOrderStatus('NEEDS_CONFIRMATION')).toBe(false);
    expect(isKitchenOrderStatus('PAID')).toBe(true);
    expect(isKitchenOrderStatus('CANCELLED')).toBe(false);
    expect(isKitchenOrderStatus('ISSUED')).toBe(true);
  });

  it('a paid order is settled once every live dish is served; a cancelled one at once', () => {
    const order = (status: string, ...items: string[]) => ({ status, items: items.map((s) => ({ status: s })) });
    expect(isSettledOrder(order('PAID', 'CREATED', 'SERVED'))).toBe(false);
    expect(paidFoodComing(order('PAID', 'READY'))).toBe(true);
    expect(isSettledOrder(order('PAID', 'SERVED', 'DELETED'))).toBe(true);
    expect(paidFoodComing(order('PAID', 'SERVED', 'DELETED'))).toBe(false);
    expect(isSettledOrder(order('CANCELLED', 'CREATED'))).toBe(true);
    expect(isSettledOrder(order('ISSUED', 'SERVED'))).toBe(false);
    expect(paidFoodComing(order('READY', 'READY'))).toBe(false);
    expect(itemsStillMove('PAID')).toBe(true);
    expect(itemsStillMove('CANCELLED')).toBe(false);
  });

  it('knows no status that is not one', () => {
    expect(isOpenOrderStatus('DONE')).toBe(false);
    expect(isFinalOrderStatus('DONE')).toBe(false);
    expect(isKitchenOrderStatus('DONE')).toBe(false);
  });
});
