import { describe, expect, it } from 'vitest';
import * as constants from '../src/constants.js';
import { fromCents, localDescription, localName, nameIn, pickNames, pickTexts, toCents } from '../src/constants.js';
import * as main from '../src/index.js';

describe('the zod-free entry', () => {
  it('exports the same values as the main entry', () => {
    for (const [name, value] of Object.entries(constants)) expect(main[name as keyof typeof main], name).toBe(value);
  });

  it('pulls no zod: none of its modules imports it', async () => {
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const src = join(import.meta.dirname, '../src');
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = readFileSync(join(src, file), 'utf8');
      expect(text, file).not.toMatch(/from ['"]zod['"]/);
      for (const m of text.matchAll(/from '\.\/([\w-]+)\.js'/g)) visit(`${m[1]}.ts`);
    };
    visit('constants.ts');
    expect(seen.size).toBeGreaterThan(5);
  });
});

describe('money', () => {
  it('parses database decimals exactly', () => {
    expect(toCents('19.99')).toBe(1999);
    expect(toCents('0.10')).toBe(10);
    expect(toCents('5')).toBe(500);
    expect(toCents('5.')).toBe(500);
    expect(toCents('-1.5')).toBe(-150);
    expect(toCents('12.500')).toBe(1250);
    expect(toCents(' 99999999.99 ')).toBe(9_999_999_999);
  });

  it('refuses what is not a 2-decimal amount', () => {
    expect(() => toCents('1.005')).toThrow(/more than 2 decimals/);
    expect(() => toCents('abc')).toThrow(/not a decimal/);
    expect(() => toCents(Number.NaN)).toThrow(/not an amount/);
  });

  it('rounds JSON numbers once to whole cents', () => {
    expect(toCents(4.35)).toBe(435);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(19.99)).toBe(1999);
    expect(fromCents(14023)).toBe(140.23);
    expect(fromCents(toCents(0.1) + toCents(0.2))).toBe(0.3);
  });
});

describe('localName', () => {
  const full = { nameAz: 'Çay', nameEn: 'Tea', nameRu: 'Чай' };

  it('gives the chosen language', () => {
    expect(localName(full, 'az')).toBe('Çay');
    expect(localName(full, 'en')).toBe('Tea');
    expect(localName(full, 'ru')).toBe('Чай');
  });

  it('falls back in the order az, en, ru, trimmed, skipping blanks and nulls', () => {
    expect(localName({ nameAz: '  ', nameEn: ' Tea ', nameRu: 'Чай' }, 'az')).toBe('Tea');
    expect(localName({ nameAz: '', nameEn: null, nameRu: 'Чай' }, 'en')).toBe('Чай');
    expect(localName({ nameAz: 'Çay', nameEn: 'Tea', nameRu: '' }, 'ru')).toBe('Çay');
    expect(localName({ nameAz: '', nameEn: 'Tea', nameRu: '' }, 'ru')).toBe('Tea');
    expect(localName({ nameAz: null, nameEn: null, nameRu: null }, 'az')).toBe('');
  });

  it('treats an unknown language as az', () => {
    expect(localName(full, 'de')).toBe('Çay');
    expect(localName(full, 'en-US')).toBe('Çay');
  });

  it('applies the same rule to descriptions', () => {
    const d = { descriptionAz: '', descriptionEn: 'Black', descriptionRu: 'Чёрный' };
    expect(localDescription(d, 'az')).toBe('Black');
    expect(localDescription(d, 'ru')).toBe('Чёрный');
  });

  it('nameIn is the raw name of one language', () => {
    expect(nameIn({ nameAz: ' Çay ', nameEn: null, nameRu: '' }, 'az')).toBe(' Çay ');
    expect(nameIn({ nameAz: ' Çay ', nameEn: null, nameRu: '' }, 'en')).toBe('');
  });

  it('pickNames / pickTexts copy only the texts, nulls as empty', () => {
    const row = { id: 7, price: '1.00', ...full, descriptionAz: null, descriptionEn: 'x', descriptionRu: '' };
    expect(pickNames(row)).toEqual(full);
    expect(pickTexts(row)).toEqual({ ...full, descriptionAz: '', descriptionEn: 'x', descriptionRu: '' });
  });
});
