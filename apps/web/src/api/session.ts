/**
 * The signed-in session in this browser: access token, user id and selected restaurant in local storage
 * (the keys below), shared across tabs through the storage event and a BroadcastChannel.
 */
const TOKEN_KEY = 'token';
const USER_KEY = 'userId';
const RESTAURANT_KEY = 'selectedRestaurantId';

export interface TokenClaims {
  sub: number;
  eid: number | null;
  /** The registered device the session was opened on with a PIN (absent for a password sign-in). */
  dev?: number;
  iat: number;
  exp: number;
}

export function decodeToken(token: string | null): TokenClaims | null {
  if (!token) return null;
  try {
    const part = token.split('.')[1];
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(json) as TokenClaims;
    return typeof claims.exp === 'number' ? claims : null;
  } catch {
    return null;
  }
}

type Listener = () => void;
const listeners = new Set<Listener>();
const channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel('qr-menu-auth') : null;

function notify() {
  for (const l of listeners) l();
}

channel?.addEventListener('message', notify);
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || e.key === TOKEN_KEY || e.key === USER_KEY || e.key === RESTAURANT_KEY) notify();
  });
}

export const session = {
  getToken: () => localStorage.getItem(TOKEN_KEY),
  getUserId: () => {
    const v = localStorage.getItem(USER_KEY);
    return v ? Number(v) : null;
  },
  getRestaurantId: () => {
    const v = localStorage.getItem(RESTAURANT_KEY);
    return v && Number(v) > 0 ? Number(v) : null;
  },
  isLoggedIn: () => {
    const claims = decodeToken(localStorage.getItem(TOKEN_KEY));
    return !!claims && claims.exp * 1000 > Date.now();
  },
  /** After login or a token refresh. `broadcast` tells other tabs (a login-success event). */
  setToken(token: string, userId: number, eateryId: number | null, broadcast = false) {
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(USER_KEY, String(userId));
    if (eateryId) localStorage.setItem(RESTAURANT_KEY, String(eateryId));
    notify();
    if (broadcast) channel?.postMessage('login');
  },
  setRestaurantId(id: number | null) {
    if (id) localStorage.setItem(RESTAURANT_KEY, String(id));
    else localStorage.removeItem(RESTAURANT_KEY);
    notify();
  },
  clear(broadcast = true) {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
    localStorage.removeItem(RESTAURANT_KEY);
    notify();
    if (broadcast) channel?.postMessage('logout');
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};
