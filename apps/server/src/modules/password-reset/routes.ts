import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forgotPasswordBody, passwordResetResponse, resetPasswordBody } from '@qr-menu/contract';
import { combinedRateLimit, RATE } from '../../plugins/rate-limits.js';
import { retryAfterBusy } from '../auth/hash-slot.js';
import { publicBase } from '../tables/qr.js';

/** "Forgot password": ask for a reset link by e-mail, then set a new password with it (password-reset.service.ts). */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.passwordResets;
  const tags = ['auth'];
  const forgotRateLimit = combinedRateLimit(app, RATE.forgotPassword.timeWindow, RATE.forgotPassword.limits);
  app.addHook('onClose', () => service.closing());

  app.post(
    '/auth/forgot-password',
    {
      config: { access: 'public' },
      preValidation: forgotRateLimit,
      schema: {
        tags,
        summary: 'Mail a password reset link (the same answer whether or not the address has an account)',
        body: forgotPasswordBody,
        response: { 200: passwordResetResponse },
      },
    },
    async (request) => {
      // The link points at PUBLIC_URL. Only without it (development: production refuses SMTP_URL without
      // PUBLIC_URL) is it built from the request's Host header, which whoever asks for the mail chooses.
      await service.requestReset(request.body.email, request.body.language, publicBase(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { access: 'public', rateLimit: RATE.resetPassword },
      schema: {
        tags,
        summary: 'Set a new password with the token of a reset link; ends every session of the user',
        body: resetPasswordBody,
        response: { 200: passwordResetResponse },
      },
    },
    async (request, reply) => {
      try {
        await service.resetPassword(request.body.token, request.body.password);
      } catch (err) {
        retryAfterBusy(reply, err);
        throw err;
      }
      return { ok: true as const };
    },
  );
};
