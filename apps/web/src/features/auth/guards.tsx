import { useRef, useSyncExternalStore, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { device } from '../../api/device';
import { session } from '../../api/session';

/** True while this browser holds an unexpired access token; follows other tabs. */
export function useLoggedIn() {
  return useSyncExternalStore(session.subscribe, session.isLoggedIn);
}

/**
 * Admin routes need a session. A visitor without one goes to the landing page; a session
 * that ends here (logout, in this tab or another, or expiry) goes to the login page. A registered device (a shared
 * tablet) opens on its PIN pad instead: staff sign in there with their PIN.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const loggedIn = useLoggedIn();
  const hadSession = useRef(loggedIn);
  if (!loggedIn) {
    const to = device.isDevice() ? '/admin/pin' : hadSession.current ? '/admin/login' : '/landing';
    return <Navigate to={to} replace />;
  }
  return <>{children}</>;
}
