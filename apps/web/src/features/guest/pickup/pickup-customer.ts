import { useSyncExternalStore } from 'react';
import { CUSTOMER_NAME_MAX, isCustomerPhone } from '@qr-menu/contract/constants';

/**
 * Whom to call when a pickup order is ready, as the guest typed it: kept in local storage, so the next pickup order
 * starts filled in and an order sent again after a reload (no connection at first) still carries it.
 */
export interface PickupCustomer {
  name: string;
  /** '' when not given. */
  phone: string;
}

const STORAGE_KEY = 'pickupCustomer';
const EMPTY: PickupCustomer = { name: '', phone: '' };

let current: PickupCustomer | null = null;
const listeners = new Set<() => void>();

function read(): PickupCustomer {
  try {
    const data: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    if (data && typeof data === 'object') {
      const { name, phone } = data as Record<string, unknown>;
      return { name: typeof name === 'string' ? name : '', phone: typeof phone === 'string' ? phone : '' };
    }
  } catch {
    // Unreadable: start empty.
  }
  return EMPTY;
}

export const savedCustomer = (): PickupCustomer => (current ??= read());

export function saveCustomer(next: PickupCustomer) {
  current = next;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Private mode or a full storage: kept for this page's life.
  }
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The saved customer, re-rendering on change; empty on the server and while hydrating. */
export function usePickupCustomer(): PickupCustomer {
  return useSyncExternalStore(subscribe, savedCustomer, () => EMPTY);
}

/** Why each field cannot be sent (a guest string key), or nothing: the server's rules (contract pickup-rules). */
export function customerErrors(c: PickupCustomer): { name?: string; phone?: string } {
  const name = c.name.trim();
  const phone = c.phone.trim();
  return {
    ...(name === '' ? { name: 'client.pickup.nameRequired' } : {}),
    ...(name.length > CUSTOMER_NAME_MAX ? { name: 'client.pickup.nameTooLong' } : {}),
    ...(phone !== '' && !isCustomerPhone(phone) ? { phone: 'client.pickup.phoneInvalid' } : {}),
  };
}

/** Tests start from a clean store. */
export function resetPickupCustomerForTests() {
  current = null;
}
