import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEVICE_COOKIE } from '@qr-menu/contract';

/**
 * The guest's device: an httpOnly cookie `device_id` holding 128 random bits (22 base64url
 * characters), SameSite=Lax, one year, Path=/, Secure when the request came over https. Guests have no account: the
 * cookie is what ties a phone to the orders it placed.
 */

export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** Exactly what newDeviceId() produces; anything else is ignored (and replaced where a device is needed). */
const DEVICE_ID_RE = /^[A-Za-z0-9_-]{22}$/;

export const newDeviceId = () => randomBytes(16).toString('base64url');

export const isDeviceId = (value: unknown): value is string => typeof value === 'string' && DEVICE_ID_RE.test(value);

/** The request's valid device id, or null (no cookie, or a malformed one). Never sets anything. */
export function readDeviceId(request: FastifyRequest): string | null {
  const value = request.cookies[DEVICE_COOKIE];
  return isDeviceId(value) ? value : null;
}

/**
 * The request's device id; when it has none (or a malformed one), a new one, sent back as the cookie. The cookie is
 * also re-sent for an existing id on the calls that use it, so that its year of life restarts with every visit.
 */
export function ensureDeviceId(request: FastifyRequest, reply: FastifyReply): string {
  const deviceId = readDeviceId(request) ?? newDeviceId();
  reply.setCookie(DEVICE_COOKIE, deviceId, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  });
  return deviceId;
}
