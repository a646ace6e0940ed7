import { describe, expect, it } from 'vitest';
import { orderDueCents } from '../src/constants.js';

describe('orderDueCents', () => {
  it('is the order’s price less its discount, in exact cents', () => {
    expect(orderDueCents({ orderPrice: 20, discount: 2 })).toBe(1800);
    expect(orderDueCents({ orderPrice: 0.3, discount: 0.1 })).toBe(20);
    expect(orderDueCents({ orderPrice: '19.99', discount: '0.00' })).toBe(1999);
    expect(orderDueCents({ orderPrice: 7.35, discount: 0 })).toBe(735);
  });
});
