import type { GuestCall } from '@qr-menu/contract';
import { CALL_EVENT, callTopic } from '@qr-menu/contract/constants';
import { useGuestTopics } from '../lib/guest-socket';
import { putCall, type GuestCallEvent } from './calls-api';

/**
 * Live answers to this device's open calls: subscribed to /topic/call/{callId} (the server checks the device
 * cookie); an acknowledgement replaces the call in the cache, so the guest reads "the waiter is on the way" at once.
 * The 10 s poll of the calls list stays on while a call is open.
 */
export function useCallsLive(
  eateryId: number,
  tableId: number,
  openCalls: readonly GuestCall[],
  refetch: () => unknown,
) {
  const ids = openCalls.map((c) => c.id);
  useGuestTopics<GuestCallEvent>({
    topics: ids.map(callTopic),
    event: CALL_EVENT,
    onSubscribed: () => void refetch(),
    onEvent: (event) => {
      if (event?.call && ids.includes(event.call.id)) putCall(eateryId, tableId, event.call);
    },
  });
}
