import { describe, expect, it } from 'vitest';
import {
  GUEST_ROUTES,
  IDEMPOTENCY_HEADER,
  ORDER_EVENT,
  SOCKET_PATH,
  SOCKET_SUBSCRIBE,
  orderTopic,
} from '@qr-menu/contract';
import {
  GUEST_PATHS,
  IDEMPOTENCY_HEADER_NAME,
  WS_ORDER_EVENT,
  WS_PATH,
  WS_SUBSCRIBE,
  orderTopicOf,
} from './guest-routes';

describe('guest copies of contract values', () => {
  it('match the contract', () => {
    expect(Object.keys(GUEST_PATHS).sort()).toEqual(Object.keys(GUEST_ROUTES).sort());
    for (const [name, fn] of Object.entries(GUEST_ROUTES)) {
      const mine = GUEST_PATHS[name as keyof typeof GUEST_PATHS] as (a: number, b: number) => string;
      expect(mine(3, 17)).toBe((fn as (a: number, b: number) => string)(3, 17));
    }
    expect(IDEMPOTENCY_HEADER_NAME).toBe(IDEMPOTENCY_HEADER);
    expect(WS_PATH).toBe(SOCKET_PATH);
    expect(WS_SUBSCRIBE).toBe(SOCKET_SUBSCRIBE);
    expect(WS_ORDER_EVENT).toBe(ORDER_EVENT);
    expect(orderTopicOf(42)).toBe(orderTopic(42));
  });
});
