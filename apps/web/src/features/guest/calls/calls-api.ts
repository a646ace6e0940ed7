import type { CallEvent, CallKind, GuestCall, GuestPaymentMethod } from '@qr-menu/contract';
import { CALL_ON_THE_WAY_MS } from '@qr-menu/contract/constants';
import { api } from '../../../api/client';
import { setQueryData, useGuestQuery } from '../lib/query';

/** Calls from the table (packages/contract/src/calls.ts): the device cookie identifies the guest, no token. */
export const callsPath = (eateryId: number, tableId: number) => `/api/client/eatery/${eateryId}/table/${tableId}/calls`;

/** While a call's notice shows, the list is polled as the fallback of the socket (as the order status is). */
export const CALL_POLL_MS = 10_000;

export const callsKey = (eateryId: number, tableId: number) => ['guest', 'calls', eateryId, tableId] as const;

/**
 * This device's calls at the table in the last hour, newest first. One view polls (`poll`: the call notice, always
 * shown with the table) while a notice shows, so a waiter's answer and a paid bill reach it without the socket too;
 * the others read the same cache, so the poll runs once however many views there are.
 */
export const useTableCalls = (eateryId: number | null, tableId: number | null, { poll = false } = {}) =>
  useGuestQuery<GuestCall[]>({
    key: callsKey(eateryId ?? 0, tableId ?? 0),
    enabled: !!eateryId && !!tableId,
    fetch: (signal) => api<GuestCall[]>(callsPath(eateryId!, tableId!), { auth: false, signal }),
    staleTime: poll ? 0 : CALL_POLL_MS,
    refetchInterval: (calls) => (poll && shownCalls(calls).length > 0 ? CALL_POLL_MS : false),
  });

/**
 * Calls the waiter or asks for the bill. A second call of the same kind while one is open gets the open one back
 * (the server's rule), so a double tap never makes two calls.
 */
export async function sendCall(
  eateryId: number,
  tableId: number,
  kind: CallKind,
  paymentMethod: GuestPaymentMethod | null = null,
): Promise<GuestCall> {
  const call = await api<GuestCall>(callsPath(eateryId, tableId), {
    method: 'POST',
    auth: false,
    body: kind === 'BILL' ? { kind, paymentMethod } : { kind },
  });
  putCall(eateryId, tableId, call);
  return call;
}

/** Puts a call (a POST answer or a socket event) into the cached list: every view of it updates. */
export function putCall(eateryId: number, tableId: number, call: GuestCall) {
  setQueryData<GuestCall[]>(callsKey(eateryId, tableId), (list = []) =>
    list.some((c) => c.id === call.id) ? list.map((c) => (c.id === call.id ? call : c)) : [call, ...list],
  );
}

/** The newest call of each kind, if any. */
export function latestCalls(calls: readonly GuestCall[] | undefined): Partial<Record<CallKind, GuestCall>> {
  const latest: Partial<Record<CallKind, GuestCall>> = {};
  for (const c of calls ?? []) {
    const seen = latest[c.kind];
    if (!seen || c.createdAt > seen.createdAt) latest[c.kind] = c;
  }
  return latest;
}

/**
 * The newest call of each kind while what its notice says is true: open ("called"), or acknowledged less than
 * CALL_ON_THE_WAY_MS ago ("on the way"); never a bill call once its bill is paid (`billPaidAt`). A new call of the
 * kind replaces the older one.
 */
export function currentCalls(calls: readonly GuestCall[] | undefined, now = Date.now()) {
  const current: Partial<Record<CallKind, GuestCall>> = {};
  for (const call of Object.values(latestCalls(calls))) {
    if (call.billPaidAt) continue;
    const onTheWay = !!call.acknowledgedAt && now - Date.parse(call.acknowledgedAt) < CALL_ON_THE_WAY_MS;
    if (call.status === 'OPEN' || onTheWay) current[call.kind] = call;
  }
  return current;
}

/** The calls whose notices show now (see currentCalls). */
export const shownCalls = (calls: readonly GuestCall[] | undefined, now = Date.now()): GuestCall[] =>
  Object.values(currentCalls(calls, now));

/** When the first "on the way" notice of these calls runs out (ms since the epoch), or null when none will. */
export function noticesEndAt(calls: readonly GuestCall[] | undefined, now = Date.now()): number | null {
  let end: number | null = null;
  for (const call of shownCalls(calls, now)) {
    if (call.status === 'OPEN' || !call.acknowledgedAt) continue;
    const at = Date.parse(call.acknowledgedAt) + CALL_ON_THE_WAY_MS;
    if (end === null || at < end) end = at;
  }
  return end;
}

export type GuestCallEvent = CallEvent<GuestCall>;
