import { decodeToken, session } from './session';

/**
 * This browser as a registered device of a restaurant: the device token (shown once by the server when an admin
 * registered the browser) and what the device knows of itself (name, restaurant, idle lock), kept in local storage.
 * Small and zod-free: the session guard reads it on every page.
 */
const TOKEN_KEY = 'deviceToken';
const INFO_KEY = 'deviceInfo';

export interface DeviceInfo {
  id: number;
  name: string;
  eateryId: number;
  eateryName: string;
  /** Idle seconds before the screen locks. */
  lockSeconds: number;
}

let parsed: { raw: string | null; info: DeviceInfo | null } = { raw: null, info: null };

type Listener = () => void;
const listeners = new Set<Listener>();
const notify = () => listeners.forEach((l) => l());
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || e.key === TOKEN_KEY || e.key === INFO_KEY) notify();
  });
}

export const device = {
  getToken: () => localStorage.getItem(TOKEN_KEY),
  isDevice: () => Boolean(localStorage.getItem(TOKEN_KEY)),
  /** The same object while the stored info is unchanged (a snapshot for useSyncExternalStore). */
  getInfo(): DeviceInfo | null {
    const raw = localStorage.getItem(INFO_KEY);
    if (raw !== parsed.raw) {
      let info: DeviceInfo | null;
      try {
        info = raw ? (JSON.parse(raw) as DeviceInfo) : null;
      } catch {
        info = null;
      }
      parsed = { raw, info };
    }
    return parsed.info;
  },
  /** After registering this browser (the token) or reading the device's state from the server (the info). */
  set(token: string, info: DeviceInfo) {
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(INFO_KEY, JSON.stringify(info));
    notify();
  },
  setInfo(info: DeviceInfo) {
    localStorage.setItem(INFO_KEY, JSON.stringify(info));
    notify();
  },
  /** "Forget on this browser", or the server said the device was revoked. */
  forget() {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(INFO_KEY);
    notify();
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

/**
 * The signed-in session was opened with a PIN on a registered device: a manager's PIN approves there (the server
 * accepts a PIN approval only from such a session); elsewhere a manager types their e-mail and password.
 */
export const onDeviceSession = (): boolean => decodeToken(session.getToken())?.dev !== undefined;
