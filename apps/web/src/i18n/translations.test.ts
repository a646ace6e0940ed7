import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BILL_V,
  COURSE_V,
  DEVICE_V,
  DIETARY_TAG_V,
  EATERY_V,
  ERROR_KEYS,
  ITEM_STATUS_LABELS,
  MENU_V,
  MOVE_V,
  ORDER_STATUS_LABELS,
  ORDER_V,
  PRINTER_V,
  REPORT_V,
  TABLE_RANGE_V,
  TABLE_V,
  USER_V,
  V,
} from '@qr-menu/contract';

const SRC = join(__dirname, '..');
const LANGS = ['az', 'en', 'ru'] as const;

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}

const flatten = (obj: Record<string, unknown>, prefix = ''): string[] =>
  Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? flatten(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );

const files = walk(SRC);
const i18nDirs = [...new Set(files.filter((f) => /\/i18n\/(az|en|ru)\.json$/.test(f)).map((f) => join(f, '..')))];
const load = (dir: string, lng: string) => JSON.parse(readFileSync(join(dir, `${lng}.json`), 'utf8'));

/**
 * Every key of every language file, merged as the app merges them at run time: the orders screens add the status
 * names of the contract as `orders.status` and `orders.itemStatus`.
 */
const allKeys = (lng: string) =>
  new Set([
    ...i18nDirs.flatMap((d) => flatten(load(d, lng))),
    ...flatten({ orders: { status: ORDER_STATUS_LABELS.en, itemStatus: ITEM_STATUS_LABELS.en } }),
  ]);

describe('translations', () => {
  it('finds the translation folders', () => {
    expect(i18nDirs.length).toBeGreaterThanOrEqual(3);
  });

  it.each(i18nDirs.map((d) => [relative(SRC, d), d]))('%s has the same keys in az, en and ru', (_name, dir) => {
    const [az, en, ru] = LANGS.map((l) => flatten(load(dir, l)).sort());
    expect(az).toEqual(en);
    expect(ru).toEqual(en);
  });

  it.each(i18nDirs.map((d) => [relative(SRC, d), d]))('%s has no empty texts', (_name, dir) => {
    for (const l of LANGS) {
      const data = load(dir, l);
      const empty = flatten(data).filter((k) => {
        const v = k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], data);
        return typeof v !== 'string' || v.trim() === '';
      });
      expect(empty, `${l}: empty`).toEqual([]);
    }
  });

  it('translates every error key and validation message the server can send, in the shared files', () => {
    // Shared files, not a feature's: guest and admin pages both show these.
    const validationKeys = [
      V,
      MENU_V,
      ORDER_V,
      TABLE_V,
      TABLE_RANGE_V,
      USER_V,
      BILL_V,
      EATERY_V,
      REPORT_V,
      DIETARY_TAG_V,
      MOVE_V,
      COURSE_V,
      DEVICE_V,
      PRINTER_V,
    ].flatMap((o) => Object.values(o));
    for (const l of LANGS) {
      const keys = new Set(flatten(load(join(SRC, 'i18n'), l)));
      for (const k of ERROR_KEYS) expect(keys.has(`errors.${k}`), `${l}: errors.${k}`).toBe(true);
      for (const k of validationKeys) expect(keys.has(k), `${l}: ${k}`).toBe(true);
    }
  });

  it('has a text for every literal key used in the code', () => {
    const keys = allKeys('en');
    const used = new Set<string>();
    for (const f of files.filter((x) => /\.(ts|tsx)$/.test(x) && !x.endsWith('.test.ts') && !x.endsWith('.test.tsx'))) {
      const code = readFileSync(f, 'utf8');
      for (const m of code.matchAll(/\bt\(\s*'([a-zA-Z0-9_]+(?:\.[a-zA-Z0-9_]+)+)'/g)) used.add(m[1]);
      for (const m of code.matchAll(/\b(?:titleKey|labelKey|fallbackKey)[=:]\s*["']([a-zA-Z0-9_.]+)["']/g))
        used.add(m[1]);
    }
    const missing = [...used].filter((k) => !keys.has(k));
    expect(missing).toEqual([]);
  });
});
