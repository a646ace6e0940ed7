import { z } from 'zod';
import { registerFormSchema } from './auth.js';
import { LANGUAGES } from './enums.js';
import { emailField, passwordField, V } from './validation.js';

/** How long a password reset link works after it was asked for: 30 minutes. */
export const PASSWORD_RESET_TTL_MS = 30 * 60_000;

/**
 * POST /api/auth/forgot-password. `language`: the language of the mail (and of later ones; the account keeps it);
 * without it the account's stored language is used.
 */
export const forgotPasswordBody = z.object({
  email: emailField,
  language: z.enum(LANGUAGES, { error: V.invalid }).optional(),
});
export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;

/**
 * POST /api/auth/reset-password: the token of the link and the new password, under the same rules as at
 * registration. A token that is unknown, used or expired answers 400 `resetLinkInvalid`, whatever its shape.
 */
export const resetPasswordBody = z.object({
  token: z.string({ error: V.required }).min(1, { error: V.required }).max(200, { error: V.tooLong }),
  password: passwordField,
});
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

/** The new password form of the web app: the password twice, compared as at registration. */
export const resetPasswordFormSchema = z
  .object({ password: passwordField, confirmPassword: registerFormSchema.shape.confirmPassword })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: V.passwordsMatch });
export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>;

/** Both routes answer this when they succeed (the forgot route also when the address has no account). */
export const passwordResetResponse = z.object({ ok: z.literal(true) });
