import { useSyncExternalStore, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { session } from '../api/session';

/** True while this browser holds an unexpired access token; follows other tabs. */
export function useLoggedIn() {
  return useSyncExternalStore(session.subscribe, session.isLoggedIn);
}

/** Admin routes need a session; without one the visitor goes to the landing page (SPEC.md §2). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const loggedIn = useLoggedIn();
  if (!loggedIn) return <Navigate to="/landing" replace />;
  return <>{children}</>;
}
