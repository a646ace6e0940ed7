import { LANGUAGES, type Language, type Table } from '@qr-menu/contract';
import { session } from '../../../api/session';
import { withQrBase } from '../shared/qr-base/qr-base';

/** The print window is 1000x700 and prints 300 ms after its content is ready. */
export const PRINT_WINDOW_FEATURES = 'width=1000,height=700';
export const PRINT_DELAY_MS = 300;

export interface PrintLabels {
  lang: string;
  title: string;
  restaurantName: string;
  tableLabel: (number: string) => string;
  qrAlt: (number: string) => string;
  /** The call to action in every language (a guest may read any of them), the admin's own first. */
  scanHints: ScanHint[];
}

export interface ScanHint {
  lang: Language;
  text: string;
}

/**
 * The card's call to action in az, en and ru, whatever the admin's language: `translate(lang)` gives the text in
 * one language. The admin's own language comes first; identical texts are printed once.
 */
export function scanHintsInAllLanguages(current: string, translate: (lang: Language) => string): ScanHint[] {
  const order = [...LANGUAGES].sort((a, b) => Number(b === current) - Number(a === current));
  const hints: ScanHint[] = [];
  for (const lang of order) {
    const text = translate(lang);
    if (!hints.some((h) => h.text === text)) hints.push({ lang, text });
  }
  return hints;
}

export interface PrintCard {
  number: string;
  /** An image address (data: URL) of the QR code. */
  qr: string;
}

/** Opens the (blank) print window. Call it straight from the click, or the browser blocks it; null = blocked. */
export function openPrintWindow(): Window | null {
  return window.open('', '_blank', PRINT_WINDOW_FEATURES);
}

const listDataUrl = (table: Table) => `data:image/png;base64,${table.qrCodeDto.qrCodeAsBytes}`;

function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}

/**
 * The print-quality PNG (GET .../table/{id}/qr.png?base=, admins) as a data URL; the list image
 * (qrCodeDto.qrCodeAsBytes, made on the same base) when it cannot be had.
 */
export async function printQrImage(eateryId: number, table: Table, hiRes: boolean, base?: string): Promise<string> {
  if (!hiRes) return listDataUrl(table);
  try {
    const token = session.getToken();
    const res = await fetch(withQrBase(`/api/eatery/${eateryId}/table/${table.id}/qr.png`, base), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: 'include',
    });
    if (!res.ok) return listDataUrl(table);
    return await blobToDataUrl(await res.blob());
  } catch {
    return listDataUrl(table);
  }
}

const STYLE = `
  @page { size: A4; margin: 12mm; }
  * { box-sizing: border-box; }
  body { margin: 0; padding: 8mm; font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif;
    color: #111; background: #fff; }
  .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(60mm, 1fr)); gap: 8mm; }
  .card { border: 1px dashed #888; border-radius: 4mm; padding: 6mm 4mm; text-align: center;
    break-inside: avoid; page-break-inside: avoid; }
  .restaurant { font-size: 13pt; font-weight: 700; overflow-wrap: anywhere; }
  .table { font-size: 20pt; font-weight: 800; margin: 2mm 0 3mm; overflow-wrap: anywhere; }
  .card img { width: 48mm; height: 48mm; display: block; margin: 0 auto; }
  .hints { margin-top: 3mm; }
  .hint { font-size: 10pt; color: #333; line-height: 1.3; }
  .hint + .hint { margin-top: 1mm; font-size: 9pt; color: #555; }
  .single { display: flex; justify-content: center; }
  .single .card { width: 120mm; padding: 10mm; }
  .single .restaurant { font-size: 20pt; }
  .single .table { font-size: 32pt; }
  .single .card img { width: 90mm; height: 90mm; }
  .hint-screen { font-size: 14px; color: #555; }
  @media print { body { padding: 0; } .card { border-color: #bbb; } }
`;

/** A "preparing" line while the codes load. */
export function showPreparing(win: Window, lang: string, text: string) {
  const doc = win.document;
  doc.documentElement.lang = lang;
  doc.title = text;
  doc.body.replaceChildren();
  const p = doc.createElement('p');
  p.className = 'hint-screen';
  p.style.fontFamily = 'system-ui, sans-serif';
  p.textContent = text;
  doc.body.append(p);
}

/**
 * Fills the print window with one card per table (restaurant name, table, QR code) built with DOM calls
 * (names are user text, never HTML), then prints once the images are in.
 */
export function renderAndPrint(win: Window, labels: PrintLabels, cards: PrintCard[]) {
  const doc = win.document;
  doc.documentElement.lang = labels.lang;
  const style = doc.createElement('style');
  style.textContent = STYLE;
  doc.head.replaceChildren(style);
  doc.title = labels.title;
  const grid = doc.createElement('main');
  grid.className = cards.length === 1 ? 'single' : 'grid';
  for (const card of cards) {
    const el = doc.createElement('section');
    el.className = 'card';
    const restaurant = doc.createElement('div');
    restaurant.className = 'restaurant';
    restaurant.textContent = labels.restaurantName;
    const table = doc.createElement('div');
    table.className = 'table';
    table.textContent = labels.tableLabel(card.number);
    const img = doc.createElement('img');
    img.src = card.qr;
    img.alt = labels.qrAlt(card.number);
    const hints = doc.createElement('div');
    hints.className = 'hints';
    for (const h of labels.scanHints) {
      const hint = doc.createElement('div');
      hint.className = 'hint';
      hint.lang = h.lang;
      hint.textContent = h.text;
      hints.append(hint);
    }
    el.append(restaurant, table, img, hints);
    grid.append(el);
  }
  doc.body.replaceChildren(grid);

  const images = [...doc.images];
  const loaded = images.map((img) =>
    img.complete
      ? Promise.resolve()
      : new Promise<void>((done) => {
          img.addEventListener('load', () => done());
          img.addEventListener('error', () => done());
        }),
  );
  void Promise.all(loaded).then(() =>
    setTimeout(() => {
      if (win.closed) return;
      win.focus();
      win.print();
    }, PRINT_DELAY_MS),
  );
}
