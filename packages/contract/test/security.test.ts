import { describe, expect, it } from 'vitest';
import { categoryData, dishData, idField, menuId, orderPathId, pathId, templateDishesBody } from '../src/index.js';

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

describe('ids (issue #12)', () => {
  it('accept numbers and plain decimal strings only', () => {
    expect(pathId.parse('1')).toBe(1);
    expect(pathId.parse(42)).toBe(42);
    expect(pathId.parse('2147483647')).toBe(2147483647);
    for (const bad of ['0x1', '1e0', ' 1', '1 ', '+1', '-1', '01', '1.0', '0', '', '2147483648', '١', 1.5, 0, null]) {
      expect(pathId.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
      expect(idField.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
      expect(menuId.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
      expect(orderPathId.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('ids inside menu bodies follow the same rule', () => {
    const base = { nameEn: 'Soups' };
    expect(categoryData.parse({ ...base, eateryId: '7' }).eateryId).toBe(7);
    expect(categoryData.parse({ ...base, eateryId: '' }).eateryId).toBeUndefined();
    expect(categoryData.safeParse({ ...base, eateryId: '0x7' }).success).toBe(false);
    expect(categoryData.safeParse({ ...base, eateryId: '7e0' }).success).toBe(false);
  });
});
