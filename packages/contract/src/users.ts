import { z } from 'zod';
import { ROLES, type Role } from './enums.js';
import { LIMITS } from './limits.js';
import { EMAIL_RE, isCommonPassword, normalizePassword, PASSWORD_RE, PERSON_NAME_RE, V } from './validation.js';

/** Validation keys of the user form, besides the shared `V` keys. */
export const USER_V = {
  /** 'Username is required' */
  usernameRequired: 'validation.usernameRequired',
  /** 'Password is required for new users' */
  passwordRequiredForNew: 'validation.passwordRequiredForNew',
  /** 'Name is required for new users' */
  nameRequiredForNew: 'validation.nameRequiredForNew',
  /** 'At least one role must be selected' */
  roleRequired: 'validation.roleRequired',
  /** 'Restaurant ID is required. Please select a restaurant.' (also: it is not the restaurant of the path) */
  restaurantRequired: 'validation.restaurantRequired',
} as const;

/** Sorted in ROLES order, without duplicates. */
const rolesField = z
  .array(z.enum(ROLES, { error: V.invalid }), { error: USER_V.roleRequired })
  .min(1, { error: USER_V.roleRequired })
  .max(16, { error: V.tooLong })
  .transform((list): Role[] => ROLES.filter((r) => list.includes(r)));

/** The login name of a user is their e-mail. */
const usernameField = z
  .string({ error: USER_V.usernameRequired })
  .trim()
  .min(1, { error: USER_V.usernameRequired })
  .max(254, { error: V.tooLong })
  .regex(EMAIL_RE, { error: V.email })
  .transform((s) => s.toLowerCase());

const phoneField = z.string({ error: V.invalid }).trim().max(40, { error: V.tooLong });

const blankToNull = (v: string | null | undefined) => (v ? v : null);

/** POST /api/eatery/{id}/user */
export const createUserBody = z.object({
  user: z.object(
    {
      email: usernameField,
      password: z
        .string({ error: USER_V.passwordRequiredForNew })
        .overwrite(normalizePassword)
        .min(1, { error: USER_V.passwordRequiredForNew })
        .max(128, { error: V.tooLong })
        .regex(PASSWORD_RE, { error: V.password })
        .refine((v) => !isCommonPassword(v), { error: V.commonPassword }),
      roles: rolesField,
    },
    { error: V.required },
  ),
  restaurant: z.object(
    {
      eateryId: z.coerce
        .number({ error: USER_V.restaurantRequired })
        .int({ error: USER_V.restaurantRequired })
        .positive({ error: USER_V.restaurantRequired }),
      name: z.string().max(LIMITS.restaurantName.max).nullish(),
    },
    { error: USER_V.restaurantRequired },
  ),
  userProfileRequest: z.object(
    {
      name: z
        .string({ error: USER_V.nameRequiredForNew })
        .trim()
        .min(1, { error: USER_V.nameRequiredForNew })
        .regex(PERSON_NAME_RE, { error: V.personName }),
      phone: phoneField.nullish().transform(blankToNull),
    },
    { error: USER_V.nameRequiredForNew },
  ),
});
export type CreateUserBody = z.input<typeof createUserBody>;

/**
 * PUT /api/eatery/{id}/user/{userId}. A blank or missing password keeps the current one; a blank or
 * missing name keeps the current one; `phones` (blank entries dropped) wins over `phone`; neither keeps them.
 */
export const updateUserBody = z.object({
  username: usernameField,
  name: z
    .string({ error: V.invalid })
    .trim()
    .refine((v) => v === '' || PERSON_NAME_RE.test(v), { error: V.personName })
    .nullish()
    .transform(blankToNull),
  password: z
    .string({ error: V.invalid })
    .overwrite(normalizePassword)
    .max(128, { error: V.tooLong })
    .refine((v) => v === '' || PASSWORD_RE.test(v), { error: V.password })
    .refine((v) => v === '' || !isCommonPassword(v), { error: V.commonPassword })
    .nullish()
    .transform(blankToNull),
  phones: z
    .array(phoneField, { error: V.invalid })
    .max(10, { error: V.tooLong })
    .nullish()
    .transform((list) => (list ? list.filter((p) => p.length > 0) : null)),
  phone: phoneField.nullish(),
  roles: rolesField,
});
export type UpdateUserBody = z.input<typeof updateUserBody>;

/** GET /api/eatery/{id}/user?role=WAITER */
export const usersQuery = z.object({ role: z.enum(ROLES, { error: V.invalid }).optional() });

/**
 * A staff user. Need to know: the e-mail and phones are answered to the restaurant's admins (EATERY_ADMIN) only;
 * for other roles `username` and `phone` are null and `phones` is empty (names, roles and flags stay).
 */
export const userResponse = z.object({
  id: z.number(),
  name: z.string().nullable(),
  /** The login e-mail; null when the caller is not an admin of the restaurant. */
  username: z.string().nullable(),
  /** Null when the caller is not an admin of the restaurant. */
  phone: z.string().nullable(),
  /** Empty when the caller is not an admin of the restaurant. */
  phones: z.array(z.string()),
  /** Roles in this restaurant. */
  roles: z.array(z.enum(ROLES)),
  /** The user has a profile (a name). */
  hasProfile: z.boolean(),
  /** The user owns this restaurant. */
  isOwner: z.boolean(),
  /** The member has a PIN for the restaurant's registered devices. */
  hasPin: z.boolean(),
});
export type StaffUser = z.infer<typeof userResponse>;
