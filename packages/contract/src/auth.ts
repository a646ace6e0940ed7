import { z } from 'zod';
import { emailField, normalizePassword, passwordField, personNameField, restaurantNameField, V } from './validation.js';

/** The registration form of the web app (register, landing and business pages). */
export const registerFormSchema = z
  .object({
    name: personNameField.nullable().optional(),
    email: emailField,
    password: passwordField,
    confirmPassword: z.string({ error: V.required }).overwrite(normalizePassword).min(1, { error: V.required }),
    restaurantName: restaurantNameField,
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: V.passwordsMatch });
export type RegisterForm = z.input<typeof registerFormSchema>;

/** POST /api/admin/eatery */
export const registerBody = z.object({
  user: z.object({ email: emailField, password: passwordField }),
  restaurant: z.object({ name: restaurantNameField }),
  userProfileRequest: z
    .object({
      name: personNameField.nullable().optional(),
      phone: z.string().trim().max(40, { error: V.tooLong }).nullable().optional(),
    })
    .optional(),
});
export type RegisterBody = z.input<typeof registerBody>;
export const registerResponse = z.object({ userId: z.number(), eateryId: z.number() });

/** POST /api/auth/login */
export const loginBody = z.object({
  email: z
    .string({ error: V.required })
    .trim()
    .min(1, { error: V.required })
    .max(254, { error: V.tooLong })
    .transform((s) => s.toLowerCase()),
  password: z
    .string({ error: V.required })
    .overwrite(normalizePassword)
    .min(1, { error: V.required })
    .max(128, { error: V.tooLong }),
  eateryId: z.number().int().positive().nullable().optional(),
});
export type LoginBody = z.input<typeof loginBody>;

export const tokenResponse = z.object({
  jwt: z.string(),
  accessToken: z.string(),
  token: z.string(),
  userId: z.number(),
  eateryId: z.number().nullable(),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

export const recreateTokenBody = z.object({ eateryId: z.number({ error: V.invalid }).int().positive() });

export const authStatusResponse = z.object({
  userId: z.number(),
  name: z.string().nullable(),
  username: z.string(),
  eateryId: z.number().nullable(),
  roles: z.array(z.string()),
});
export type AuthStatus = z.infer<typeof authStatusResponse>;
