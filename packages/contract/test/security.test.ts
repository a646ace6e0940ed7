import { describe, expect, it } from 'vitest';
import { categoryData, dishData, templateDishesBody } from '../src/index.js';

describe('menu bodies that are not objects (issue #12)', () => {
  it.each([[[0]], [[null]], [[true]], [null], [0], ['x'], [true]])('%j is an invalid body, not a crash', (value) => {
    for (const schema of [categoryData, dishData, templateDishesBody]) {
      const r = schema.safeParse(value);
      expect(r.success).toBe(false);
    }
  });

  it('still reports the missing name beside another invalid field', () => {
    const r = dishData.safeParse({ price: 'x' });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join('.'))).toEqual(expect.arrayContaining(['price', 'nameAz']));
  });
});
