import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS, isDomainPassword, isMostlySpace } from '../src/common-passwords.js';
import { createUserBody, updateUserBody } from '../src/users.js';
import { isCommonPassword, passwordField, PASSWORD_RE } from '../src/validation.js';

const firstMessage = (password: string) => passwordField.safeParse(password).error?.issues[0].message;

describe('weak passwords', () => {
  it('the list holds the common passwords the rule would otherwise accept', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(1300);
    for (const p of [
      'password1',
      'qwerty123',
      'iloveyou1',
      'sunshine1',
      'baseball1',
      'abc12345',
      'p@ssw0rd',
      'welcome123',
    ]) {
      expect(COMMON_PASSWORDS.has(p), p).toBe(true);
    }
    for (const p of COMMON_PASSWORDS) expect(PASSWORD_RE.test(p) && p === p.toLowerCase(), p).toBe(true);
  });

  it("refuse this product's and trade's words with digits, in az, en and ru", () => {
    for (const p of [
      'restaurant1',
      'Restaurant2024',
      'qrmenu123',
      'QRMenu2024!',
      'qr menu 2024',
      'Restoran2024',
      'restoran123',
      'R3st0r4n2024',
      'ресторан2024',
      'меню12345',
      'QRменю2024',
      'Menyu2024',
      'cafe1234',
      'Café 2024',
      'kafe2024!',
      'кафе 2024',
      'mycafe2024',
      'menu menu 1',
    ]) {
      expect(isDomainPassword(p), p).toBe(true);
      expect(firstMessage(p), p).toBe('validation.commonPassword');
    }
  });

  it('refuse passwords that are mostly white space, with their own key', () => {
    for (const p of ['        1a', '  a  1  b  2  ', '\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0ab12']) {
      expect(isMostlySpace(p), p).toBe(true);
      expect(isCommonPassword(p), p).toBe(true);
      expect(passwordField.safeParse(p).error?.issues.map((i) => i.message)).toEqual(['validation.passwordSpaces']);
    }
    expect(isMostlySpace('abc 12345')).toBe(false);
  });

  it('accept strong passwords, including ones that merely mention a domain word', () => {
    for (const p of [
      'Tq7#mVz!pL2x',
      'correct horse battery 7',
      'menu of the old harbour 7',
      'Şəhər bağı 2024',
      'кухня номер 5',
      'abc 12345',
    ]) {
      expect(passwordField.safeParse(p).success, p).toBe(true);
    }
  });

  it('staff account forms refuse them too', () => {
    for (const p of ['restaurant1', 'qrmenu123', '        1a', 'Restoran2024']) {
      const create = createUserBody.safeParse({
        user: { email: 'a@example.com', password: p, roles: ['WAITER'] },
        restaurant: { eateryId: 1 },
        userProfileRequest: { name: 'Aysel' },
      });
      expect(
        create.error?.issues.map((i) => i.message),
        p,
      ).toEqual(['validation.commonPassword']);
      const update = updateUserBody.safeParse({ username: 'a@example.com', password: p, roles: ['WAITER'] });
      expect(
        update.error?.issues.map((i) => i.message),
        p,
      ).toEqual(['validation.commonPassword']);
    }
  });
});
