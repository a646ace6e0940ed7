import { describe, expect, it } from 'vitest';
import { orderRejectBody, presetReason, REJECTION_REASONS, rejectionReasonKey } from '../src/index.js';

describe('rejection reasons', () => {
  it('a preset travels as preset:<key> and is read back as its key', () => {
    for (const key of REJECTION_REASONS) expect(rejectionReasonKey(presetReason(key))).toBe(key);
    expect(presetReason('soldOut')).toBe('preset:soldOut');
  });

  it('anything else is a reason written by hand (or none)', () => {
    expect(rejectionReasonKey('The kitchen is closed')).toBeNull();
    expect(rejectionReasonKey('soldOut')).toBeNull();
    expect(rejectionReasonKey('preset:unknown')).toBeNull();
    expect(rejectionReasonKey(null)).toBeNull();
    expect(rejectionReasonKey(undefined)).toBeNull();
  });

  it('the reject body takes a known preset or free text, not an unknown preset', () => {
    expect(orderRejectBody.parse({ reason: 'preset:closing' })).toEqual({ reason: 'preset:closing' });
    expect(orderRejectBody.parse({ reason: '  Sorry, we are full  ' })).toEqual({ reason: 'Sorry, we are full' });
    const unknown = orderRejectBody.safeParse({ reason: 'preset:tooLate' });
    expect(unknown.success).toBe(false);
    expect(unknown.error?.issues[0].message).toBe('validation.invalid');
    expect(orderRejectBody.safeParse({ reason: '   ' }).success).toBe(false);
  });
});
