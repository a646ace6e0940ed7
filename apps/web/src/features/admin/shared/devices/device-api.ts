import { DEVICE_TOKEN_HEADER, type DeviceMe, type TokenResponse } from '@qr-menu/contract';
import { api } from '../../../../api/client';

/** Who this browser is as a device (401 deviceInvalid once it was revoked). */
export const fetchDeviceMe = (token: string) =>
  api<DeviceMe>('/api/devices/me', { auth: false, headers: { [DEVICE_TOKEN_HEADER]: token } });

/**
 * Signs in with a PIN on this device: the answer of a login. The refresh cookie of the person before goes along, so
 * the server ends their session.
 */
export const pinSignIn = (token: string, pin: string) =>
  api<TokenResponse>('/api/auth/pin', {
    method: 'POST',
    auth: false,
    headers: { [DEVICE_TOKEN_HEADER]: token },
    body: { pin },
  });
