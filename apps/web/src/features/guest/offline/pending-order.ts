/**
 * The Idempotency-Key of an order that was waiting for the connection, kept in local storage: when the guest
 * reloads (or the browser drops the page) before it went out, the cart page sends it again with the same key as
 * soon as it opens, if the cart still holds those contents (the cart drops its key when the contents change).
 */
const STORAGE_KEY = 'pendingOrder';

export function rememberPendingOrder(idempotencyKey: string) {
  try {
    localStorage.setItem(STORAGE_KEY, idempotencyKey);
  } catch {
    // Private mode or a full storage: only the resume after a reload is lost.
  }
}

export function forgetPendingOrder() {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // As above.
  }
}

export function pendingOrderKey(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}
