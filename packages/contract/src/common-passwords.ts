import { COMMON_PASSWORD_LIST } from './common-passwords-list.js';

/**
 * Passwords attackers try first, refused with `validation.commonPassword` (see isCommonPassword in validation.ts).
 * Only admin pages (registration, staff accounts) and the server load this module: the zod-free entry
 * `@qr-menu/contract/constants`, which guest pages import, does not export it.
 */

/**
 * The common passwords (5 183 of a leaked-password list of 49 233) that the password rule (8+ characters, a letter
 * and a digit) would otherwise accept, in lower case (compared in lower case). Data and source:
 * common-passwords-list.ts.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(COMMON_PASSWORD_LIST.trim().split('\n'));

/**
 * Words of this product and trade, in its languages (az, en, ru), that a password made of them and digits
 * ('restaurant1', 'QRMenu2024', 'Restoran2024', 'меню1234') would be guessed from first. Lower case, without
 * accents (compared after removing them, so 'Café' counts as 'cafe').
 */
export const DOMAIN_WORDS: readonly string[] = [
  'qrmenu',
  'qrmenyu',
  'qrменю',
  'restaurant',
  'restaurante',
  'restorant',
  'restoran',
  'ресторан',
  'menu',
  'menyu',
  'меню',
  'cafe',
  'kafe',
  'кафе',
  'eatery',
  'qr',
];

const DOMAIN_WORDS_RE = new RegExp(
  [...DOMAIN_WORDS].sort((a, b) => b.length - a.length).join('|'),
  'gu', // longest first: 'qrmenu' before 'menu' and 'qr'
);

/** Digits and symbols read as letters ('r3st0r4n' is 'restoran'). */
const LEET: Readonly<Record<string, string>> = { '0': 'o', '3': 'e', '4': 'a', '@': 'a', '5': 's', $: 's', '7': 't' };

/**
 * True when the password is the domain words (DOMAIN_WORDS) with digits, symbols or spaces around them and at most
 * two other letters: 'restaurant1', 'qrmenu123', 'Restoran2024', 'my menu 2024!', 'R3storan!1'. A password that
 * merely contains such a word among enough other letters ('menu of the old harbour 7') is not.
 */
export function isDomainPassword(password: string): boolean {
  const plain = password.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  const deLeeted = plain.replace(/[034@5$7]/g, (c) => LEET[c]);
  return [plain, deLeeted].some((variant) => {
    const letters = variant.replace(/[^\p{L}]/gu, '');
    const rest = letters.replace(DOMAIN_WORDS_RE, '');
    return rest.length < letters.length && rest.length <= 2;
  });
}

/** A password needs at least this many characters that are not white space ('        1a' is two characters). */
export const MIN_PASSWORD_NON_SPACE = 6;

/** True when fewer than MIN_PASSWORD_NON_SPACE characters of the password are not white space. */
export const isMostlySpace = (password: string) => password.replace(/\s/gu, '').length < MIN_PASSWORD_NON_SPACE;
