import { z } from 'zod';
import { COMMON_PASSWORDS, isDomainPassword, isMostlySpace } from './common-passwords.js';
import { LIMITS } from './limits.js';
import { cleanNote } from './text.js';

/**
 * Validation rules of the forms (registration, login, names, passwords). Error messages are i18n keys
 * (`validation.*`) so that server details and client messages use the same words in every language.
 */
export const V = {
  required: 'validation.required',
  email: 'validation.email',
  password: 'validation.password',
  /** The password is one attackers try first (isCommonPassword). */
  commonPassword: 'validation.commonPassword',
  /** Fewer than 6 characters of the password are not spaces (isMostlySpace). */
  passwordSpaces: 'validation.passwordSpaces',
  passwordsMatch: 'validation.passwordsMatch',
  personName: 'validation.personName',
  restaurantName: 'validation.restaurantName',
  invalid: 'validation.invalid',
  tooLong: 'validation.tooLong',
  latitude: 'validation.latitude',
  longitude: 'validation.longitude',
  phone: 'validation.phone',
} as const;

export const EMAIL_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
/**
 * A password: at least 8 characters, among them a letter and a digit, of any script (Azerbaijani, Cyrillic, ...),
 * spaces and symbols included; only control characters are refused.
 */
export const PASSWORD_RE = /^(?=.*\p{L})(?=.*\p{Nd})[^\p{Cc}]{8,}$/u;
/**
 * True for the passwords attackers try first, whatever their letter case: one of the most common passwords
 * (COMMON_PASSWORDS), this product's and trade's words with digits ('restaurant1', 'qrmenu123', 'Restoran2024':
 * isDomainPassword), or little but spaces ('        1a': isMostlySpace, which passwordField reports with its own
 * key first). Every form that sets a password refuses these, on the server and in the browser alike.
 */
export const isCommonPassword = (password: string) =>
  COMMON_PASSWORDS.has(password.toLowerCase()) || isDomainPassword(password) || isMostlySpace(password);
/** One typed password can arrive in two Unicode forms (composed "ə" or "e" + mark): checked and hashed as NFC. */
export const normalizePassword = (password: string) => password.normalize('NFC');
// Azerbaijani letters (ə, ğ, ı, ö, ş, ü, ç) are Latin-script letters too: an owner named Məmmədova must be able to register.
export const PERSON_NAME_RE = /^[A-Za-zƏəĞğİıÖöŞşÜüÇçА-Яа-яЁё ]{2,50}$/;
/**
 * Characters no restaurant name holds: `<` and `>` (never markup, whatever a page does with the name), control and
 * format characters (tabs, line breaks, bidi overrides that reorder what staff read, zero-width characters),
 * unassigned and private-use code points, lone surrogates, and line or paragraph separators. Everything else a sign or
 * a menu prints is allowed: letters of any script, digits, spaces, & " ' ( ) / ! and the like.
 */
const RESTAURANT_NAME_FORBIDDEN = '<>\\p{C}\\p{Zl}\\p{Zp}';
export const RESTAURANT_NAME_FORBIDDEN_RE = new RegExp(`[${RESTAURANT_NAME_FORBIDDEN}]`, 'u');
/**
 * A restaurant name at registration (already trimmed): 2 to 100 characters, at least one of them a letter or a digit,
 * none of RESTAURANT_NAME_FORBIDDEN_RE ("Sultan & Grill", `Çay Evi "Nərgiz"`, "Café (Old City) / 2", "Wow!").
 */
export const RESTAURANT_NAME_RE = new RegExp(`^(?=.*[\\p{L}\\p{N}])[^${RESTAURANT_NAME_FORBIDDEN}]{2,100}$`, 'u');
/** True when `name` has none of the characters a restaurant name may not hold (the restaurant form's rule). */
export const restaurantNameCharactersOk = (name: string) => !RESTAURANT_NAME_FORBIDDEN_RE.test(name);

/** The largest id a database integer (int4) column holds. */
export const MAX_DB_ID = 2_147_483_647;

/** A positive integer that fits an int4 id column. */
export const dbId = z
  .number({ error: V.invalid })
  .int({ error: V.invalid })
  .positive({ error: V.invalid })
  .max(MAX_DB_ID, { error: V.invalid });

/**
 * An id written as text: plain decimal digits without a leading zero (so '0x1', '1e0', ' 1', '+1', '1.0' and '01'
 * are not ids). One spelling per id: `Number()` would read all of them as 1, and '01' would be a second address
 * of the same resource (for caches, logs and ETags alike).
 */
export const DECIMAL_ID_RE = /^[1-9]\d{0,9}$/;

/** An id in a path, a query or a body: a number, or a string of DECIMAL_ID_RE; a positive int4. */
export const pathId = z
  .union([z.number(), z.string()], { error: V.invalid })
  .transform((v) => (typeof v === 'number' ? v : DECIMAL_ID_RE.test(v) ? Number(v) : Number.NaN))
  .pipe(dbId);

/**
 * A free-text note (order, order item, guest order, table): bidi controls removed, trimmed, and '' when only
 * invisible characters are left (see cleanNote); then at most `max` characters.
 */
export const noteText = (max: number) =>
  z.string({ error: V.invalid }).overwrite(cleanNote).max(max, { error: V.tooLong });

/** A required, trimmed string. */
export const requiredText = (max = 255) =>
  z.string({ error: V.required }).trim().min(1, { error: V.required }).max(max, { error: V.tooLong });

export const emailField = z
  .string({ error: V.required })
  .trim()
  .min(1, { error: V.required })
  .max(254, { error: V.tooLong })
  .regex(EMAIL_RE, { error: V.email })
  .transform((s) => s.toLowerCase());

export const passwordField = z
  .string({ error: V.required })
  .overwrite(normalizePassword)
  .min(1, { error: V.required })
  .max(128, { error: V.tooLong })
  .regex(PASSWORD_RE, { error: V.password })
  .refine((p) => !isMostlySpace(p), { error: V.passwordSpaces, abort: true })
  .refine((p) => !isCommonPassword(p), { error: V.commonPassword });

export const personNameField = z
  .string({ error: V.required })
  .trim()
  .min(1, { error: V.required })
  .regex(PERSON_NAME_RE, { error: V.personName });

export const restaurantNameField = z
  .string({ error: V.required })
  .trim()
  .min(1, { error: V.required })
  .max(LIMITS.restaurantName.max, { error: V.restaurantName })
  .regex(RESTAURANT_NAME_RE, { error: V.restaurantName });

/** Positive integer id in a path or body (the same rule as pathId). */
export const idField = pathId;
