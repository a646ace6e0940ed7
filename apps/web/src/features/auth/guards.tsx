import { useRef, useSyncExternalStore, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { session } from '../../api/session';

/** True while this browser holds an unexpired access token; follows other tabs. */
export function useLoggedIn() {
  return useSyncExternalStore(session.subscribe, session.isLoggedIn);
}

/**
 * Admin routes need a session. A visitor without one goes to the landing page; a session
 * that ends here (logout, in this tab or another, or expiry) goes to the login page.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const loggedIn = useLoggedIn();
  const hadSession = useRef(loggedIn);
  if (!loggedIn) return <Navigate to={hadSession.current ? '/admin/login' : '/landing'} replace />;
  return <>{children}</>;
}
