import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@qr-menu/contract/constants';
import en from '../i18n/en.json';
import { guestStatusKey, stepIndex, STEPS } from './status';

describe('guest status labels', () => {
  it('maps every order status', () => {
    expect(guestStatusKey('CREATED')).toBe('created');
    expect(guestStatusKey('PROCESSING')).toBe('preparing');
    expect(guestStatusKey('PREPARING')).toBe('preparing');
    expect(guestStatusKey('READY')).toBe('ready');
    expect(guestStatusKey('PAID')).toBe('paid');
    expect(guestStatusKey('CANCELLED')).toBe('cancelled');
    expect(guestStatusKey('ISSUED')).toBe('served');
    expect(guestStatusKey('SOMETHING_NEW')).toBe('accepted');
  });

  it('has a text for every label and step', () => {
    for (const s of [...ORDER_STATUSES, 'X']) expect(en.client.status).toHaveProperty(guestStatusKey(s));
    for (const s of STEPS) expect(en.client.steps).toHaveProperty(s);
  });

  it('places the status on the stepper accepted → preparing → ready → served → paid', () => {
    expect(stepIndex('CREATED')).toBe(0);
    expect(stepIndex('PROCESSING')).toBe(1);
    expect(stepIndex('PREPARING')).toBe(1);
    expect(stepIndex('READY')).toBe(2);
    expect(stepIndex('ISSUED')).toBe(3);
    expect(STEPS[stepIndex('ISSUED')]).toBe('served');
    expect(stepIndex('PAID')).toBe(4);
    expect(STEPS[stepIndex('PAID')]).toBe('paid');
    expect(stepIndex('CANCELLED')).toBe(-1);
  });
});
