import type { Socket } from 'socket.io-client';
import { SOCKET_REAUTH, SOCKET_REAUTH_BEFORE_EXPIRY_MS } from '@qr-menu/contract';
import { refreshToken } from '../../../../api/client';
import { decodeToken, session } from '../../../../api/session';

/**
 * Keeps a connected staff socket's token fresh. The server closes a socket when the access token it connected with
 * expires, so a screen that stays open (the kitchen board makes no other request for hours) refreshes the token
 * SOCKET_REAUTH_BEFORE_EXPIRY_MS before it expires, and every new token of this browser's session (refreshed here,
 * by an API call or in another tab) is sent over the socket (SOCKET_REAUTH). Returns the function that stops it.
 */
export function keepSocketTokenFresh(socket: Socket): () => void {
  let sent = session.getToken();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const schedule = () => {
    clearTimeout(timer);
    const exp = decodeToken(session.getToken())?.exp;
    if (!exp) return;
    const left = exp * 1000 - Date.now();
    // At half the time left at the latest, so that a token shorter-lived than the margin is not refreshed in a loop.
    // A failed refresh (the session ended) schedules nothing more: the server closes the socket at expiry.
    const wait = Math.max(left - SOCKET_REAUTH_BEFORE_EXPIRY_MS, left / 2, 0);
    timer = setTimeout(() => void refreshToken(), wait);
  };

  const unsubscribe = session.subscribe(() => {
    const token = session.getToken();
    if (token && token !== sent && socket.connected) {
      sent = token;
      socket.emit(SOCKET_REAUTH, token);
    }
    schedule();
  });
  schedule();

  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}
