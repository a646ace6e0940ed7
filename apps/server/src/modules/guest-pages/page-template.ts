import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT_OPEN = '<div id="root">';
const BODY_CLOSE = '</body>';
/** The guest app's chunk in Vite's manifest (dist/.vite/manifest.json): apps/web/src/guest-main.tsx. */
const GUEST_MODULE = 'src/guest-main.tsx';
const LEADING_LINKS = /^(?:<link [^>]*>)+/;
/** A stylesheet link of the build (index.html's, or one guestLinks adds). */
const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g;

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

/**
 * JSON safe inside `<script type="application/json">`: `<`, `>` and `&` as \\u escapes (a dish named
 * `</script><script>…` cannot close the element), and the two line separators JavaScript once treated as newlines.
 * Those characters only occur inside JSON strings, where the escapes mean the same text.
 */
export function scriptSafeJson(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The built index.html, cut where a server-rendered guest page goes: the app's root element gets the rendered
 * markup instead of the "did not load" fallback, the head gets the guest chunk's stylesheets (the page is styled
 * without JavaScript) and module preloads (hydration waits for that chunk).
 */
export class PageTemplate {
  private readonly before: string;
  private readonly after: string;
  /**
   * index.html for the guest pages the browser renders (cart, orders, confirmation): the guest chunk preloaded with
   * what it imports and the stylesheets inlined, so the page waits for one round of script requests, not two.
   */
  private readonly guestShellHtml: string;
  /** The guest app's strings of each language (module files), preloaded with the app's script. */
  private readonly strings: Record<string, string[]>;

  constructor(webDist: string) {
    const html = readFileSync(join(webDist, 'index.html'), 'utf8');
    const open = html.indexOf(ROOT_OPEN);
    const close = html.lastIndexOf(BODY_CLOSE);
    if (open < 0 || close < open) throw new Error('index.html: no <div id="root"> before </body>');
    const links = guestLinks(webDist, html);
    this.guestShellHtml = inlineStylesheets(webDist, html.replace('</head>', `${links}</head>`));
    this.strings = guestStrings(webDist);
    this.before = inlineStylesheets(
      webDist,
      html.slice(0, open + ROOT_OPEN.length).replace('</head>', `${links}</head>`),
    );
    this.after = html.slice(close);
    [this.before, this.after] = scriptsAfterPaint(webDist, this.before, this.after);
  }

  /**
   * The guest shell in the language the client will start in: `lang` on <html> (the client starts in it unless the
   * guest chose another before) and its strings preloaded with the app's script, so the page waits for one round of
   * script requests.
   */
  guestShell(lang: string): string {
    const links = (this.strings[lang] ?? []).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`);
    return withLang(this.guestShellHtml, lang).replace('</head>', `${links.join('')}</head>`);
  }

  /** The page: `rootHtml` in the root element, `data` (JSON text) for the client, `lang` on <html>. */
  page(rootHtml: string, data: string, lang: string): string {
    // React puts resource hints (preloads of the eager photos) first in its output: they belong in the head, where
    // the browser finds them early, and where they are not in the way of hydrating the root element.
    const hints = LEADING_LINKS.exec(rootHtml)?.[0] ?? '';
    return (
      withLang(this.before, lang).replace('</head>', `${hints}</head>`) +
      rootHtml.slice(hints.length) +
      `</div>\n    <script type="application/json" id="guest-data">${scriptSafeJson(data)}</script>\n  ` +
      // The language's strings are requested with the rest of the page's script (guest-boot.js), not after it.
      this.after.replace(
        ' data-preload="',
        ` data-preload="${(this.strings[lang] ?? []).map((f) => `/${f} `).join('')}`,
      )
    );
  }
}

/** The page's <html> element with `lang`: the language it is in, which the client starts in too. */
const withLang = (html: string, lang: string) => html.replace(/<html lang="[a-z-]*"/, `<html lang="${lang}"`);

const MODULE_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;
/** The web build's loader of a guest page's script (apps/web/src/features/guest/boot.ts). */
const BOOT_SCRIPT = 'guest-boot.js';

/**
 * The page's module script and module preloads replaced by the loader at the end of the body (guest-boot.js), which
 * requests them once the page has loaded: the page is drawn by the server, so the script (hydration) must not
 * compete with the HTML, the stylesheet and the largest photo for the phone's bandwidth before the first and the
 * largest paint. A build without the loader keeps its tags.
 */
function scriptsAfterPaint(webDist: string, before: string, after: string): [string, string] {
  if (!existsSync(join(webDist, BOOT_SCRIPT))) return [before, after];
  let entry = '';
  const preload: string[] = [];
  const head = before
    .replace(MODULE_PRELOAD, (_tag, href: string) => {
      preload.push(href);
      return '';
    })
    .replace(MODULE_SCRIPT, (_tag, src: string) => {
      entry = src;
      return '';
    });
  if (!entry) return [before, after];
  const boot = `<script async src="/${BOOT_SCRIPT}" data-entry="${entry}" data-preload="${preload.join(' ')}"></script>`;
  return [head, after.replace(BODY_CLOSE, `${boot}${BODY_CLOSE}`)];
}

/** The module files of each language's strings the guest app loads (its dynamic imports named `<lang>.json`). */
function guestStrings(webDist: string): Record<string, string[]> {
  const manifest = readManifest(webDist);
  const out: Record<string, string[]> = {};
  for (const key of manifest?.[GUEST_MODULE]?.dynamicImports ?? []) {
    const lang = /\/([a-z]{2})\.json(\?|$)/.exec(key)?.[1];
    const file = manifest?.[key]?.file;
    if (lang && file) (out[lang] ??= []).push(file);
  }
  return out;
}

function readManifest(webDist: string): Record<string, ManifestChunk> | null {
  try {
    return JSON.parse(readFileSync(join(webDist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return null;
  }
}

/** Stylesheet and modulepreload tags of the guest chunk and what it imports, minus what index.html already names. */
function guestLinks(webDist: string, html: string): string {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(join(webDist, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      ManifestChunk
    >;
  } catch {
    return '';
  }
  const css = new Set<string>();
  const js = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) visit(i);
  };
  visit(GUEST_MODULE);
  const named = (file: string) => html.includes(`/${file}"`);
  return [
    ...[...css].filter((f) => !named(f)).map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
    ...[...js].filter((f) => !named(f)).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
  ].join('');
}

/**
 * The build's stylesheets written into the page as <style> blocks (the CSP allows inline styles): the first paint
 * waits for no stylesheet request. Each link stays, `disabled` (the browser does not fetch it), so that Vite's
 * preloader, which skips a stylesheet a <link> already names, does not fetch it again when the guest chunk loads.
 * A file that is missing or could close the <style> element keeps its ordinary link.
 */
function inlineStylesheets(webDist: string, head: string): string {
  return head.replace(STYLESHEET_LINK, (link, file: string) => {
    let css: string;
    try {
      css = readFileSync(join(webDist, file), 'utf8');
    } catch {
      return link;
    }
    if (/<\/style/i.test(css)) return link;
    return `<style>${css}</style>${link.replace('>', ' disabled>')}`;
  });
}
