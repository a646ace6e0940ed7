import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The app's own texts in one language, read from every `i18n/<lang>.json` of the web app, so a test walks a screen
 * by the words a user of that language reads and fails when a text is missing.
 */

export type Lang = 'az' | 'en' | 'ru';
type Tree = { [key: string]: string | Tree };

const webSrc = fileURLToPath(new URL('../apps/web/src/', import.meta.url));

function languageFiles(dir: string, lang: Lang, found: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) languageFiles(path, lang, found);
    else if (name === `${lang}.json` && dir.endsWith('i18n')) found.push(path);
  }
  return found;
}

function merge(into: Tree, from: Tree): Tree {
  for (const [key, value] of Object.entries(from)) {
    const existing = into[key];
    into[key] =
      typeof value === 'object' && typeof existing === 'object' ? merge(existing, value) : (value as string | Tree);
  }
  return into;
}

const cache = new Map<Lang, Tree>();

/** `key` ("setup.details.action") in `lang` with its {{params}} filled in; throws for a key no file has. */
export function text(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  let tree = cache.get(lang);
  if (!tree) {
    tree = languageFiles(webSrc, lang).reduce<Tree>(
      (all, file) => merge(all, JSON.parse(readFileSync(file, 'utf8')) as Tree),
      {},
    );
    cache.set(lang, tree);
  }
  const value = key.split('.').reduce<string | Tree | undefined>((node, part) => {
    return typeof node === 'object' ? node[part] : undefined;
  }, tree);
  if (typeof value !== 'string') throw new Error(`no text "${key}" in ${lang}`);
  return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? `{{${name}}}`));
}

/** A counted text the way i18next picks it: `key_one`, `key_few`, `key_many` or `key_other` by the language's rules. */
export function countedText(lang: Lang, key: string, count: number, params: Record<string, string | number> = {}) {
  const form = new Intl.PluralRules(lang).select(count);
  try {
    return text(lang, `${key}_${form}`, { count, ...params });
  } catch {
    return text(lang, key, { count, ...params });
  }
}
