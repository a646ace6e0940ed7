import type { FastifyInstance } from 'fastify';
import { DEVICE_TOKEN_HEADER } from '@qr-menu/contract';
import { bearer, randomIp } from './helper.js';

/** Registered devices and PINs, through the API as the web app does it. */

/** Registers a device of the restaurant as its admin (`adminToken`): the device's id and token. */
export async function registerDevice(app: FastifyInstance, eateryId: number, adminToken: string, name = 'Bar tablet') {
  const res = await app.inject({
    method: 'POST',
    url: `/api/eatery/${eateryId}/devices`,
    headers: bearer(adminToken),
    payload: { name },
  });
  if (res.statusCode !== 201) throw new Error(`register device failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: number; token: string };
}

export const putPin = (app: FastifyInstance, eateryId: number, token: string, userId: number, pin: unknown) =>
  app.inject({
    method: 'PUT',
    url: `/api/eatery/${eateryId}/user/${userId}/pin`,
    headers: bearer(token),
    payload: { pin },
  });

/** Sets the member's PIN as the restaurant's admin; throws unless it was set. */
export async function setPin(app: FastifyInstance, eateryId: number, adminToken: string, userId: number, pin: string) {
  const res = await putPin(app, eateryId, adminToken, userId, pin);
  if (res.statusCode !== 204) throw new Error(`set PIN failed: ${res.statusCode} ${res.body}`);
}

/** POST /api/auth/pin from a fresh address (the per-network limit stays out of the way unless `ip` is given). */
export const pinLogin = (
  app: FastifyInstance,
  deviceToken: string | undefined,
  pin: string,
  opts: { cookie?: string; ip?: string } = {},
) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/pin',
    remoteAddress: opts.ip ?? randomIp(),
    headers: {
      ...(deviceToken ? { [DEVICE_TOKEN_HEADER]: deviceToken } : {}),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
    },
    payload: { pin },
  });

/** Signs in with the PIN on the device: the access token and refresh cookie; throws unless it worked. */
export async function pinSession(app: FastifyInstance, deviceToken: string, pin: string) {
  const res = await pinLogin(app, deviceToken, pin);
  if (res.statusCode !== 200) throw new Error(`PIN login failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'refresh_token');
  return { token: res.json().jwt as string, cookie: `refresh_token=${cookie!.value}` };
}
