import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from '../src/common-passwords.js';
import {
  categoryData,
  cleanNote,
  createUserBody,
  dishData,
  guestPlaceOrderBody,
  idField,
  isCommonPassword,
  loginBody,
  menuId,
  orderItemInput,
  orderPathId,
  PASSWORD_RE,
  passwordField,
  pathId,
  tableBody,
  templateDishesBody,
  updateUserBody,
} from '../src/index.js';

describe('menu bodies that are not objects', () => {
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

describe('ids', () => {
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

describe('notes', () => {
  it('cleanNote removes bidi controls and empties invisible-only text', () => {
    expect(cleanNote('\u202Eabc\u202C')).toBe('abc');
    expect(cleanNote('a\u200Eb\u200Fc\u061Cd\u2066e\u2067f\u2068g\u2069h\u202Ai\u202Bj\u202Dk')).toBe('abcdefghijk');
    for (const s of ['', ' ', '\u200B', '\u200C\u200D', '\uFEFF', '\u2060', '\u00AD', '\u00A0\u3000', '\u202E \u200B'])
      expect(cleanNote(s), JSON.stringify(s)).toBe('');
    expect(cleanNote('  tea \u200D ')).toBe('tea \u200D');
  });

  it('the note schemas use it: an invisible note is no note', () => {
    const item = { dishId: 1, quantity: 1 };
    expect(orderItemInput.parse({ ...item, note: '\u200B' }).note).toBeNull();
    expect(orderItemInput.parse({ ...item, note: '\u202Eabc' }).note).toBe('abc');
    expect(guestPlaceOrderBody.parse({ items: [item], note: '\uFEFF' }).note).toBeNull();
    expect(tableBody.parse({ number: '1', note: '\u200C' }).note).toBeNull();
    // The length counts what is stored.
    expect(orderItemInput.safeParse({ ...item, note: `${'x'.repeat(500)}\u202E` }).success).toBe(true);
  });
});

describe('passwords', () => {
  it('refuse the most common passwords in any letter case, on every form that sets one', () => {
    for (const common of ['password1', 'Password1', 'QWERTY123', '1qaz2wsx', 'trustno1']) {
      expect(passwordField.safeParse(common).error?.issues[0].message, common).toBe('validation.commonPassword');
      const staff = { email: 'a@example.com', password: common, roles: ['WAITER'] };
      const create = createUserBody.safeParse({
        user: staff,
        restaurant: { eateryId: 1 },
        userProfileRequest: { name: 'Aysel' },
      });
      expect(create.error?.issues.map((i) => i.message)).toEqual(['validation.commonPassword']);
      const update = updateUserBody.safeParse({ username: 'a@example.com', password: common, roles: ['WAITER'] });
      expect(update.error?.issues.map((i) => i.message)).toEqual(['validation.commonPassword']);
    }
    expect(isCommonPassword('secret1234x')).toBe(false);
  });

  it('keep "at least 8, a letter and a digit" for every script', () => {
    for (const ok of ['abc 12345', 'Məmmədova 1', 'привет мир 7', '密码密码密码密码1', 'ab٣cdefg']) {
      expect(passwordField.safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of ['абвгдеёж', '12345678', 'şəhər 1', 'abc\u000012345', 'abcdefg\n1']) {
      expect(passwordField.safeParse(bad).error?.issues[0].message, bad).toBe('validation.password');
    }
  });

  it('compare the composed (NFC) form, so two keyboards give one password', () => {
    const decomposed = 'S\u0327ifre 2024'; // S + combining cedilla
    expect(passwordField.parse(decomposed)).toBe('\u015Eifre 2024');
    expect(loginBody.parse({ email: 'a@b.co', password: decomposed }).password).toBe('\u015Eifre 2024');
  });

  it('the list holds only passwords the rule would otherwise accept, in lower case', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(1000);
    for (const p of COMMON_PASSWORDS) {
      expect(PASSWORD_RE.test(p), p).toBe(true);
      expect(p).toBe(p.toLowerCase());
    }
  });
});
