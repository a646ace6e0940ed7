import { z } from 'zod';
import { PIN_PATTERN } from './pos.js';
import { V } from './validation.js';

/** Validation message keys of devices and PINs. */
export const DEVICE_V = {
  /** A PIN is 4 to 6 digits (PIN_PATTERN). */
  pin: 'validation.pin',
  deviceName: 'validation.deviceName',
} as const;

export const DEVICE_NAME_MAX = 60;

/** A staff PIN as typed: 4 to 6 digits, nothing else (not even spaces). */
export const pinField = z.string({ error: DEVICE_V.pin }).regex(PIN_PATTERN, { error: DEVICE_V.pin });

/**
 * POST /api/eatery/{id}/devices `{name}` (EATERY_ADMIN) → 201 DeviceCreated: this browser becomes a device of the
 * restaurant. The token is answered once; the server keeps only its SHA-256.
 */
export const deviceCreateBody = z.object({
  name: z
    .string({ error: DEVICE_V.deviceName })
    .trim()
    .min(1, { error: DEVICE_V.deviceName })
    .max(DEVICE_NAME_MAX, { error: V.tooLong }),
});
export type DeviceCreateBody = z.input<typeof deviceCreateBody>;

/** A registered device (GET /api/eatery/{id}/devices): never its token. */
export const deviceResponse = z.object({
  id: z.number(),
  name: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type PosDevice = z.infer<typeof deviceResponse>;

export const deviceCreatedResponse = deviceResponse.extend({ token: z.string() });
export type PosDeviceCreated = z.infer<typeof deviceCreatedResponse>;

/**
 * GET /api/devices/me with the X-Device-Token header: which device this browser is, for the lock screen. 401
 * deviceInvalid when the token is unknown or the device was revoked.
 */
export const deviceMeResponse = z.object({
  id: z.number(),
  name: z.string(),
  eateryId: z.number(),
  eateryName: z.string(),
  /** Idle seconds after which the screen locks (the restaurant's setting). */
  lockSeconds: z.number(),
});
export type DeviceMe = z.infer<typeof deviceMeResponse>;

/**
 * PUT /api/eatery/{id}/user/{userId}/pin `{pin}` (EATERY_ADMIN for anyone, a member for themself) → 204; 409
 * pinTaken when another member of the restaurant has it. POST /api/auth/pin `{pin}` with the X-Device-Token header
 * signs in as the member whose PIN it is (the answer of a login).
 */
export const pinBody = z.object({ pin: pinField });
export type PinBody = z.input<typeof pinBody>;

/** `pinInvalid`'s params: wrong PINs the device still takes before it locks. */
export type PinInvalidParams = { attemptsLeft: number };
/** `pinLocked`'s params: whole minutes (rounded up) until the device takes PINs again. */
export type PinLockedParams = { minutes: number };
