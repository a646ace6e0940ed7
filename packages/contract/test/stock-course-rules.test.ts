import { describe, expect, it } from 'vitest';
import { lineCourse, STOCK_LEFT_SHOWN_BELOW, stockLeftShown } from '../src/pos.js';
import { dishStockBody } from '../src/stock.js';

describe('portions left on the guest menu', () => {
  it('shows the count only when the owner shows it and few are left', () => {
    expect(stockLeftShown(3, true)).toBe(3);
    expect(stockLeftShown(STOCK_LEFT_SHOWN_BELOW, true)).toBe(STOCK_LEFT_SHOWN_BELOW);
    expect(stockLeftShown(STOCK_LEFT_SHOWN_BELOW + 1, true)).toBeNull();
    expect(stockLeftShown(3, false)).toBeNull();
    expect(stockLeftShown(null, true)).toBeNull();
  });

  it('takes a whole count 0..9999 or null', () => {
    expect(dishStockBody.parse({ count: 0 })).toEqual({ count: 0 });
    expect(dishStockBody.parse({ count: null })).toEqual({ count: null });
    for (const count of [-1, 10000, 2.5, '4', undefined])
      expect(dishStockBody.safeParse({ count }).success).toBe(false);
  });
});

describe('a line’s course', () => {
  it('is the one sent, else the category’s while the restaurant names it, else the first; none without courses', () => {
    expect(lineCourse(3, 2, 3)).toBe(3);
    expect(lineCourse(undefined, 2, 3)).toBe(2);
    expect(lineCourse(null, null, 3)).toBe(1);
    // The restaurant's list was shortened: the category's course is gone.
    expect(lineCourse(undefined, 4, 3)).toBe(1);
    expect(lineCourse(2, 2, 0)).toBeNull();
    expect(lineCourse(undefined, 2, 0)).toBeNull();
  });
});
