import { describe, expect, it } from 'vitest';
import type { Order } from '@qr-menu/contract';
import { i18n } from '../../../i18n';
import './index';
import {
  addDays,
  countByStatus,
  dayIn,
  formatAge,
  formatMoney,
  formatOrderTime,
  billPath,
  DEFAULT_STATUS_FILTER,
  matchesFilter,
  maySetStatus,
  nextStatus,
  normalizeQuantity,
  orderPermissions,
  orderTime,
  shortcutRange,
  STATUS_CHOICES,
  type StatusFilter,
} from './order-format';
import { itemName } from '../shared/live/item-name';

const BAKU = 'Asia/Baku'; // UTC+4, no daylight saving
const NOW = new Date('2025-03-10T10:00:00Z'); // 14:00 on 10 March in Baku

describe('time wording in the restaurant time zone', () => {
  it('says today / yesterday / d/m/yyyy with hh:mm', () => {
    expect(orderTime('2025-03-10T09:05:00Z', NOW, BAKU)).toEqual({ kind: 'today', date: '10/3/2025', time: '13:05' });
    expect(orderTime('2025-03-09T21:30:00Z', NOW, BAKU).kind).toBe('today'); // 01:30 on the 10th in Baku
    expect(orderTime('2025-03-09T19:59:00Z', NOW, BAKU)).toEqual({
      kind: 'yesterday',
      date: '9/3/2025',
      time: '23:59',
    });
    expect(orderTime('2025-03-08T05:07:00Z', NOW, BAKU)).toEqual({ kind: 'date', date: '8/3/2025', time: '09:07' });
  });

  it('uses the restaurant clock, not the browser one', () => {
    // 23:30 UTC on the 9th is already the 10th in Baku, still the 9th in New York.
    expect(orderTime('2025-03-09T23:30:00Z', NOW, BAKU).kind).toBe('today');
    expect(orderTime('2025-03-09T23:30:00Z', NOW, 'America/New_York').kind).toBe('yesterday');
  });

  it('translates the wording in every language', () => {
    const created = '2025-03-10T09:05:00Z';
    expect(formatOrderTime(i18n.getFixedT('en'), created, NOW, BAKU)).toBe('Today 13:05 (Asia/Baku)');
    expect(formatOrderTime(i18n.getFixedT('az'), created, NOW, BAKU)).toBe('Bu gün 13:05 (Asia/Baku)');
    expect(formatOrderTime(i18n.getFixedT('ru'), '2025-03-09T06:00:00Z', NOW, BAKU)).toBe('Вчера 10:00 (Asia/Baku)');
    expect(formatOrderTime(i18n.getFixedT('en'), '2025-01-02T20:45:00Z', NOW, BAKU)).toBe('3/1/2025 00:45 (Asia/Baku)');
    // No (valid) zone: the browser's clock, unnamed.
    expect(formatOrderTime(i18n.getFixedT('en'), created, NOW, 'Mars/Olympus')).toMatch(
      /^(Today|Yesterday) \d\d:\d\d$/,
    );
    expect(formatOrderTime(i18n.getFixedT('en'), '2025-03-10T09:05:00Z', NOW, 'America/New_York')).toBe(
      'Today 05:05 (America/New York)',
    );
  });

  it('counts the age of an order', () => {
    const en = i18n.getFixedT('en');
    expect(formatAge(en, '2025-03-10T09:59:30Z', NOW)).toBe('just now');
    expect(formatAge(en, '2025-03-10T09:55:00Z', NOW)).toBe('5 min');
    expect(formatAge(en, '2025-03-10T07:50:00Z', NOW)).toBe('2 h 10 min');
    expect(formatAge(i18n.getFixedT('ru'), '2025-03-10T09:55:00Z', NOW)).toBe('5 мин');
  });

  it('computes the date shortcuts in the restaurant time zone', () => {
    const lateEvening = new Date('2025-03-10T21:00:00Z'); // already 11 March 01:00 in Baku
    expect(dayIn(lateEvening, BAKU)).toBe('2025-03-11');
    expect(shortcutRange('today', lateEvening, BAKU)).toEqual({ from: '2025-03-11', to: '2025-03-11' });
    expect(shortcutRange('yesterday', lateEvening, BAKU)).toEqual({ from: '2025-03-10', to: '2025-03-10' });
    expect(shortcutRange('last7', lateEvening, BAKU)).toEqual({ from: '2025-03-05', to: '2025-03-11' });
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
  });
});

describe('money', () => {
  it('always shows 2 decimals and AZN', () => {
    expect(formatMoney(12.5, 'en')).toBe('12.50 AZN');
    expect(formatMoney(0, 'en')).toBe('0.00 AZN');
    expect(formatMoney(0.1 + 0.2, 'en')).toBe('0.30 AZN');
    expect(formatMoney(1234.5, 'en')).toBe('1,234.50 AZN');
    expect(formatMoney(12.5, 'ru').replace(/\s/g, ' ')).toBe('12,50 AZN');
    expect(formatMoney(7, 'az')).toBe('7,00 AZN');
  });
});

describe('statuses and roles', () => {
  const order = (status: Order['status']) => ({ status }) as Order;

  it('counts open orders by status (PROCESSING with PREPARING, ISSUED on its own) and closed ones apart', () => {
    const counts = countByStatus([
      order('NEEDS_CONFIRMATION'),
      order('CREATED'),
      order('PROCESSING'),
      order('PREPARING'),
      order('ISSUED'),
      order('PAID'),
      order('CANCELLED'),
    ]);
    expect(counts).toEqual({
      open: 5,
      NEEDS_CONFIRMATION: 1,
      CREATED: 1,
      PREPARING: 2,
      READY: 0,
      ISSUED: 1,
      closed: 2,
      all: 7,
    });
  });

  it('shows open orders by default; paid and cancelled ones only behind the closed (or all) filter', () => {
    expect(DEFAULT_STATUS_FILTER).toBe('open');
    const statuses = ['CREATED', 'PROCESSING', 'READY', 'ISSUED', 'PAID', 'CANCELLED'] as const;
    const shown = (filter: StatusFilter) => statuses.filter((s) => matchesFilter(order(s), filter));
    expect(shown('open')).toEqual(['CREATED', 'PROCESSING', 'READY', 'ISSUED']);
    expect(shown('closed')).toEqual(['PAID', 'CANCELLED']);
    expect(shown('PREPARING')).toEqual(['PROCESSING']);
    expect(shown('ISSUED')).toEqual(['ISSUED']);
    expect(shown('all')).toEqual([...statuses]);
  });

  it('offers the next step of the quick buttons: served after ready, never paid', () => {
    expect(nextStatus('CREATED')).toBe('PREPARING');
    expect(nextStatus('PREPARING')).toBe('READY');
    expect(nextStatus('READY')).toBe('ISSUED');
    expect(nextStatus('ISSUED')).toBeNull();
    expect(nextStatus('PAID')).toBeNull();
    expect(nextStatus('CANCELLED')).toBeNull();
  });

  it('offers PAID only to those who take money (admins, cashiers); waiters may set ISSUED (served)', () => {
    expect(STATUS_CHOICES).toContain('PAID');
    expect(STATUS_CHOICES).toContain('ISSUED');
    expect(maySetStatus(orderPermissions(['WAITER']), 'ISSUED')).toBe(true);
    expect(maySetStatus(orderPermissions(['WAITER']), 'PAID')).toBe(false);
    expect(maySetStatus(orderPermissions(['EATERY_ADMIN']), 'PAID')).toBe(true);
    expect(maySetStatus(orderPermissions(['CASHIER']), 'PAID')).toBe(true);
    expect(maySetStatus(orderPermissions(['KITCHEN_ADMIN']), 'READY')).toBe(false);
  });

  it('voids items: admins, waiters and cashiers, not the kitchen', () => {
    expect(orderPermissions(['WAITER']).voidItem).toBe(true);
    expect(orderPermissions(['CASHIER']).voidItem).toBe(true);
    expect(orderPermissions(['EATERY_ADMIN']).voidItem).toBe(true);
    expect(orderPermissions(['KITCHEN_ADMIN']).voidItem).toBe(false);
  });

  it('lets only admins and cashiers close bills; the kitchen has no order status', () => {
    expect(orderPermissions(['WAITER']).closeBill).toBe(false);
    expect(orderPermissions(['WAITER']).orderStatus).toBe(true);
    expect(orderPermissions(['CASHIER']).closeBill).toBe(true);
    expect(orderPermissions(['EATERY_ADMIN']).closeBill).toBe(true);
    expect(orderPermissions(['KITCHEN_ADMIN']).orderStatus).toBe(false);
    expect(orderPermissions(['KITCHEN_ADMIN']).itemStatus).toBe(true);
    expect(orderPermissions(['EATERY_ADMIN']).delete).toBe(true);
    expect(billPath(42)).toBe('/admin/bill?orderIds=42');
  });

  it('names a dish in the interface language, falling back as the guest menu does', () => {
    const item = { dishName: 'Plov', name: 'Plov', names: { az: 'Plov', en: 'Pilaf', ru: 'Плов' } };
    expect(itemName(item, 'en')).toBe('Pilaf');
    expect(itemName(item, 'ru')).toBe('Плов');
    expect(itemName(item, 'az')).toBe('Plov');
    expect(itemName({ ...item, names: { az: 'Dolma', en: ' ', ru: '' } }, 'en')).toBe('Dolma');
    expect(itemName({ ...item, names: { az: '', en: 'Tea', ru: '' } }, 'ru')).toBe('Tea');
    expect(itemName({ ...item, names: { az: '', en: '', ru: '' } }, 'ru')).toBe('Plov');
  });

  it('turns invalid quantities into 1', () => {
    expect(normalizeQuantity(3)).toBe(3);
    expect(normalizeQuantity(0)).toBe(1);
    expect(normalizeQuantity(-2)).toBe(1);
    expect(normalizeQuantity(2.5)).toBe(1);
    expect(normalizeQuantity('abc')).toBe(1);
    expect(normalizeQuantity('')).toBe(1);
    expect(normalizeQuantity(250)).toBe(99);
  });
});
