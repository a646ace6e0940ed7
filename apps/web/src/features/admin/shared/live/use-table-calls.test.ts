import { describe, expect, it } from 'vitest';
import { makeCall } from './call-fixture';
import { openCalls, patchCalls } from './use-table-calls';

describe('patchCalls', () => {
  it('adds a new call in age order and replaces a known one', () => {
    const list = patchCalls([makeCall(1), makeCall(3)], makeCall(2));
    expect(list.map((c) => c.id)).toEqual([1, 2, 3]);
    const acked = patchCalls(list, makeCall(2, { status: 'ACKNOWLEDGED' }));
    expect(acked[1].status).toBe('ACKNOWLEDGED');
    expect(openCalls(acked).map((c) => c.id)).toEqual([1, 3]);
  });

  it('never reopens an acknowledged call from a late event', () => {
    const list = [makeCall(1, { status: 'ACKNOWLEDGED' })];
    expect(patchCalls(list, makeCall(1))).toBe(list);
  });
});
