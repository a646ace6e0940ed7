import { describe, expect, it } from 'vitest';
import en from './i18n/en.json';
import { orderPlace, orderPlaceLabel } from './order-place';

/** The English strings of the admin screens, as i18next fills them in. */
const t = (key: string, values: Record<string, unknown> = {}) => {
  let node: unknown = en;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  return String(node).replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(values[name]));
};

describe('orderPlaceLabel', () => {
  it('names a dine-in order by its table, takeaway and pickup by whom to call', () => {
    expect(orderPlaceLabel({ kind: 'DINE_IN', tableNumber: '5', customerName: null }, t)).toBe('Table 5');
    expect(orderPlaceLabel({ kind: 'PICKUP', tableNumber: '', customerName: 'Aysel' }, t)).toBe('Pickup · Aysel');
    expect(orderPlaceLabel({ kind: 'TAKEAWAY', tableNumber: '', customerName: null }, t)).toBe('Takeaway');
  });

  it('gives the card its caption and big line', () => {
    expect(orderPlace({ kind: 'DINE_IN', tableNumber: '12', customerName: null }, t)).toEqual({
      caption: 'Table',
      name: '12',
    });
    expect(orderPlace({ kind: 'PICKUP', tableNumber: '', customerName: 'Aysel' }, t)).toEqual({
      caption: 'Pickup',
      name: 'Aysel',
    });
  });
});
