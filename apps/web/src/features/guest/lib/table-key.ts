import { TABLE_KEY_PARAM } from '@qr-menu/contract/constants';

/**
 * The table's key from its QR link (`?k=…`), kept for the browser tab's session per table, so that it is
 * still there on the cart page and after a reload, and sent as `tableKey` when placing an order.
 */
const storageKey = (eateryId: number, tableId: number) => `tableKey:${eateryId}:${tableId}`;

/** Keeps the key of the URL's query (`search`, e.g. location.search), if it has one, for this table. */
export function rememberTableKey(eateryId: number, tableId: number, search: string) {
  const key = new URLSearchParams(search).get(TABLE_KEY_PARAM)?.trim();
  if (!key) return;
  try {
    sessionStorage.setItem(storageKey(eateryId, tableId), key.slice(0, 100));
  } catch {
    // Storage blocked: an order then goes without the key (the server says so if the restaurant needs it).
  }
}

/** The key kept for this table, or null. */
export function tableKeyOf(eateryId: number, tableId: number): string | null {
  try {
    return sessionStorage.getItem(storageKey(eateryId, tableId));
  } catch {
    return null;
  }
}
