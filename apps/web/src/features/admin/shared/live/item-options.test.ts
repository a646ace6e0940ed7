import { describe, expect, it } from 'vitest';
import type { OrderItemOption } from '@qr-menu/contract';
import { itemOptionsText, optionLines, optionsKey } from './item-options';

const opt = (groupId: number, optionId: number, group: string, name: string, priceDelta = 0): OrderItemOption => ({
  groupId,
  optionId,
  groupNames: { az: `${group} az`, en: group, ru: `${group} ru` },
  names: { az: `${name} az`, en: name, ru: '' },
  priceDelta,
});

const options = [opt(1, 10, 'Size', '0.5 L', 1.5), opt(2, 20, 'Extras', 'Cheese', 0.5), opt(2, 21, 'Extras', 'Ice')];

describe('item options', () => {
  it('groups consecutive options of a group in the staff language', () => {
    expect(itemOptionsText(options, 'en')).toBe('Size: 0.5 L · Extras: Cheese, Ice');
    expect(itemOptionsText(options, 'az')).toBe('Size az: 0.5 L az · Extras az: Cheese az, Ice az');
  });

  it('falls back to another language when a name is empty', () => {
    expect(optionLines(options, 'ru')[0]).toEqual({ groupId: 1, group: 'Size ru', options: ['0.5 L az'] });
  });

  it('shows non-zero deltas with two decimals where money is shown', () => {
    expect(itemOptionsText(options, 'en', true)).toBe('Size: 0.5 L (+1.50) · Extras: Cheese (+0.50), Ice');
    expect(itemOptionsText([opt(1, 10, 'Size', 'Big', 1.5)], 'ru', true)).toBe('Size ru: Big az (+1,50)');
  });

  it('is empty without options (old items, older servers)', () => {
    expect(itemOptionsText([], 'en')).toBe('');
    expect(itemOptionsText(undefined, 'en')).toBe('');
  });

  it('keys the same choice the same way', () => {
    expect(optionsKey(options)).toBe('10,20,21');
    expect(optionsKey(undefined)).toBe('');
  });
});
