/**
 * The e-mail of a just-registered owner, carried in the router's history state from the registration form to the
 * success page and on to the login form, which opens with it filled in. Never the password: the owner types it once
 * more (history state survives a reload of the tab, so nothing secret goes there).
 */
export interface RegisteredState {
  registeredEmail: string;
}

/** The e-mail in a location's state, when it is one the registration put there. */
export function registeredEmail(state: unknown): string | null {
  const email = (state as Partial<RegisteredState> | null)?.registeredEmail;
  return typeof email === 'string' && email.length > 0 && email.length <= 254 ? email : null;
}

/** The history state that carries `email` on. */
export const registeredState = (email: string): RegisteredState => ({ registeredEmail: email });
