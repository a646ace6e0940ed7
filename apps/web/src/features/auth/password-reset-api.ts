import type { ForgotPasswordBody, ResetPasswordBody } from '@qr-menu/contract';
import { api } from '../../api/client';

/** POST /api/auth/forgot-password: the same answer whether or not the address has an account. */
export const requestPasswordReset = (body: ForgotPasswordBody) =>
  api<{ ok: true }>('/api/auth/forgot-password', { method: 'POST', body, auth: false });

/** POST /api/auth/reset-password: 400 `resetLinkInvalid` when the link expired or was used. */
export const resetPassword = (body: ResetPasswordBody) =>
  api<{ ok: true }>('/api/auth/reset-password', { method: 'POST', body, auth: false });
