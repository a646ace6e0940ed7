import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

/**
 * Per-route limits of DESIGN.md §5, used as `config: { rateLimit: RATE.login }`.
 * The plugin itself is registered with `global: false` and disabled when RATE_LIMITS=off.
 */
const emailOf = (req: FastifyRequest) => {
  const body = req.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
};

export const RATE = {
  // The login key includes the e-mail, so it must run after the body is parsed (the default onRequest hook
  // sees no body and would count every e-mail of one IP together).
  login: {
    max: 10,
    timeWindow: '1 minute',
    hook: 'preValidation',
    keyGenerator: (req: FastifyRequest) => `${req.ip}|${emailOf(req)}`,
  },
  register: { max: 20, timeWindow: '1 hour' },
  frontendLogs: { max: 60, timeWindow: '1 minute' },
} as const;

export const rateLimitErrorBuilder = () => new AppError(429, 'tooManyRequests');
