import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@qr-menu/contract';
import { auditChanges, formatAuditTime, formatAuditValue } from './audit-format';
import { auditQueryString, isDay } from './audit-filters';

// The key itself, so the tests see which text was asked for.
const t = (key: string) => key;

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  at: '2026-01-11T19:30:00.000Z',
  kind: 'STATUS',
  userId: 1,
  userName: 'Aysel',
  approvedBy: null,
  orderId: 1,
  subject: '#1',
  before: null,
  after: null,
  reason: null,
  ...over,
});

describe('audit time', () => {
  it('is the restaurant’s clock, 24-hour: dd.mm.yyyy in az and ru', () => {
    expect(formatAuditTime('2026-01-11T19:30:00.000Z', 'az', 'Asia/Baku')).toBe('11.01.2026 23:30');
    expect(formatAuditTime('2026-01-11T21:05:00.000Z', 'ru', 'Asia/Baku')).toBe('12.01.2026 01:05');
    expect(formatAuditTime('2026-01-11T19:30:00.000Z', 'en', 'Asia/Baku')).toBe('Jan 11, 2026, 23:30');
  });
});

describe('audit values', () => {
  it('money with 2 decimals and AZN, from numbers or decimal strings', () => {
    expect(formatAuditValue('price', 3.5, 'PRICE', 'en', t)).toBe('3.50 AZN');
    expect(formatAuditValue('refund', '1234.5', 'REFUND', 'ru', t)).toMatch(/^1\s234,50 AZN$/);
  });

  it('a status by the kind: an item’s for a void, else an order’s', () => {
    expect(formatAuditValue('status', 'CREATED', 'VOID', 'ru', t)).toBe('Новое');
    expect(formatAuditValue('status', 'CREATED', 'STATUS', 'ru', t)).toBe('Новый');
    expect(formatAuditValue('status', 'SERVED', 'STATUS', 'en', t)).toBe('Served');
    expect(formatAuditValue('status', 'SOMETHING', 'STATUS', 'en', t)).toBe('SOMETHING');
  });

  it('methods, roles, booleans and empty values by their texts; unknown values as they are', () => {
    expect(formatAuditValue('method', 'CARD', 'REFUND', 'en', t)).toBe('audit.method.CARD');
    expect(formatAuditValue('roles', 'WAITER, CASHIER', 'ROLE', 'en', t)).toBe('roles.WAITER, roles.CASHIER');
    expect(formatAuditValue('roles', '', 'ROLE', 'en', t)).toBe('audit.value.noRoles');
    expect(formatAuditValue('available', false, 'AVAILABILITY', 'en', t)).toBe('audit.value.unavailable');
    expect(formatAuditValue('other', true, 'STATUS', 'en', t)).toBe('audit.value.yes');
    expect(formatAuditValue('status', null, 'STATUS', 'en', t)).toBe('audit.value.empty');
    expect(formatAuditValue('note', 'as typed', 'STATUS', 'en', t)).toBe('as typed');
  });

  it('lists each field once, before’s first; a side that does not name a field is null', () => {
    const changes = auditChanges(
      entry({ kind: 'REFUND', before: { paid: '10.00' }, after: { paid: '8.00', refund: '2.00', note: 'x' } }),
      'en',
      t,
    );
    expect(changes).toEqual([
      { field: 'paid', label: 'audit.field.paid', before: '10.00 AZN', after: '8.00 AZN' },
      { field: 'refund', label: 'audit.field.refund', before: null, after: '2.00 AZN' },
      { field: 'note', label: 'note', before: null, after: 'x' },
    ]);
    expect(auditChanges(entry({ kind: 'PASSWORD' }), 'en', t)).toEqual([]);
  });
});

describe('audit query', () => {
  it('names only the filters that are set, in one order', () => {
    const none = { day: null, userId: null, kind: null };
    expect(auditQueryString(none)).toBe('');
    expect(auditQueryString({ day: '2026-01-11', userId: 5, kind: 'VOID' }, { cursor: 40 })).toBe(
      '?day=2026-01-11&userId=5&kind=VOID&cursor=40',
    );
    expect(auditQueryString({ ...none, kind: 'REFUND' }, { lang: 'az' })).toBe('?kind=REFUND&lang=az');
  });

  it('takes only real calendar dates as a day', () => {
    expect(isDay('2026-01-11')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('')).toBe(false);
  });
});
