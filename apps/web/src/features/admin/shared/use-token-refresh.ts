import { useEffect } from 'react';
import { refreshToken } from '../../../api/client';
import { decodeToken, session } from '../../../api/session';

/**
 * Refreshes the access token when at most 10% of its lifetime is left; checks every 10% of the
 * lifetime, at least every 1000 ms. A failed refresh of an expired token ends the session.
 */
export function useTokenRefresh() {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const check = async () => {
      const claims = decodeToken(session.getToken());
      if (!claims) return;
      const lifetime = (claims.exp - claims.iat) * 1000;
      const remaining = claims.exp * 1000 - Date.now();
      if (remaining <= lifetime * 0.1) {
        const ok = await refreshToken();
        if (!ok && claims.exp * 1000 <= Date.now()) session.clear();
      }
      timer = setTimeout(check, Math.max(1000, lifetime * 0.1));
    };
    void check();
    return () => clearTimeout(timer);
  }, []);
}
