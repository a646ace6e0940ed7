import type { GuestCall } from '@qr-menu/contract';
import { CALL_EVENT, callTopic } from '@qr-menu/contract/constants';
import { useGuestTopics } from '../lib/guest-socket';
import { putCall, type GuestCallEvent } from './calls-api';

/**
 * Live news of the calls whose notices show (open, or "on the way"): subscribed to /topic/call/{callId} (the server
 * checks the device cookie). An acknowledgement replaces the call in the cache, so the guest reads "the waiter is on
 * the way" at once; a paid bill (`billPaidAt`) ends its notice at once. The 10 s poll of the calls list stays on
 * while a notice shows.
 */
export function useCallsLive(
  eateryId: number,
  tableId: number,
  shownCalls: readonly GuestCall[],
  refetch: () => unknown,
) {
  // Sorted: the same calls in another order are the same subscriptions (no new socket).
  const ids = shownCalls.map((c) => c.id).sort((a, b) => a - b);
  useGuestTopics<GuestCallEvent>({
    topics: ids.map(callTopic),
    event: CALL_EVENT,
    onSubscribed: () => void refetch(),
    onEvent: (event) => {
      if (event?.call && ids.includes(event.call.id)) putCall(eateryId, tableId, event.call);
    },
  });
}
