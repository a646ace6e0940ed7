import {
  centsToDecimal,
  csvSafe,
  ITEM_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  toCents,
  type Language,
} from '@qr-menu/contract';

/**
 * CSV files of the reports (contract reports.ts), built in memory: UTF-8 with a BOM (so Excel reads Azerbaijani and
 * Russian text), RFC 4180 quoting, and the conventions of the chosen language — az and ru: decimal comma and `;`
 * between cells (what Excel expects in those locales), en: decimal point and `,`. Every text cell goes through
 * csvSafe (names and notes come from guests and staff: a cell starting with `=` must not become a formula).
 */

/** At most this many rows in one file (a busy month is ~100 000 orders, ~300 000 items); beyond: 400. */
export const CSV_ROW_CAP = 200_000;

const BOM = '\uFEFF';

export interface Format {
  separator: string;
  decimal: string;
}

export const csvFormat = (lang: Language): Format =>
  lang === 'en' ? { separator: ',', decimal: '.' } : { separator: ';', decimal: ',' };

/** A cell quoted when it holds the separator, a quote or a line break (quotes doubled). */
export function csvCell(text: string, format: Format): string {
  return text.includes(format.separator) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A cell of free text: formula-safe, then quoted as needed. */
export const textCell = (text: string | null, format: Format) => csvCell(csvSafe(text ?? ''), format);

/** Integer cents in the language's notation (1250 → "12,50" in az and ru). */
export const centsCell = (cents: number, format: Format) =>
  csvCell(centsToDecimal(cents).replace('.', format.decimal), format);

/** An exact decimal from SQL in the language's notation (12.50 → "12,50" in az and ru). */
const moneyCell = (decimal: string, format: Format) => centsCell(toCents(decimal), format);

/** The whole file: BOM, header row, rows; CRLF line ends as RFC 4180 writes them. */
export function csvFile(header: string[], rows: string[][], format: Format): string {
  const line = (cells: string[]) => cells.join(format.separator);
  return BOM + [line(header.map((h) => csvCell(h, format))), ...rows.map(line)].join('\r\n') + '\r\n';
}

const ORDER_HEADERS: Record<Language, string[]> = {
  az: [
    'Sifariş',
    'Tarix',
    'Saat',
    'Masa',
    'Status',
    'Məhsul sayı',
    'Cəmi',
    'Endirim',
    'Çaypulu',
    'Ödənilib',
    'Ödəniş üsulu',
  ],
  en: ['Order', 'Date', 'Time', 'Table', 'Status', 'Items', 'Total', 'Discount', 'Tips', 'Paid at', 'Payment methods'],
  ru: ['Заказ', 'Дата', 'Время', 'Стол', 'Статус', 'Позиций', 'Итого', 'Скидка', 'Чаевые', 'Оплачен', 'Способы оплаты'],
};

const ITEM_HEADERS: Record<Language, string[]> = {
  az: ['Sifariş', 'Tarix', 'Masa', 'Yemək', 'Miqdar', 'Qiymət', 'Məbləğ', 'Status', 'Qeyd'],
  en: ['Order', 'Date', 'Table', 'Dish', 'Quantity', 'Unit price', 'Line total', 'Status', 'Note'],
  ru: ['Заказ', 'Дата', 'Стол', 'Блюдо', 'Количество', 'Цена', 'Сумма', 'Статус', 'Комментарий'],
};

/** A status in the file's language (the staff screens' names); an unknown one as it is stored. */
const statusName = (labels: Record<string, string>, status: string) => labels[status] ?? status;

/** Payment methods by name in each language. */
export const METHOD: Record<Language, Record<string, string>> = {
  az: { CASH: 'Nağd', CARD: 'Kart', OTHER: 'Digər' },
  en: { CASH: 'Cash', CARD: 'Card', OTHER: 'Other' },
  ru: { CASH: 'Наличные', CARD: 'Карта', OTHER: 'Другое' },
};

export interface OrderCsvRow {
  id: number;
  date: string;
  time: string;
  table: string;
  status: string;
  items: number;
  total: string;
  discount: string;
  tips: string;
  paidAt: string | null;
  methods: string[] | null;
}

export interface ItemCsvRow {
  orderId: number;
  date: string;
  table: string;
  name: string;
  names: { az: string; en: string; ru: string } | null;
  quantity: number;
  price: string;
  line: string;
  status: string;
  note: string | null;
}

export function ordersCsv(rows: OrderCsvRow[], lang: Language): string {
  const f = csvFormat(lang);
  return csvFile(
    ORDER_HEADERS[lang],
    rows.map((r) => [
      String(r.id),
      r.date,
      r.time,
      textCell(r.table, f),
      textCell(statusName(ORDER_STATUS_LABELS[lang], r.status), f),
      String(r.items),
      moneyCell(r.total, f),
      moneyCell(r.discount, f),
      moneyCell(r.tips, f),
      r.paidAt ?? '',
      textCell((r.methods ?? []).map((m) => METHOD[lang][m] ?? m).join(', '), f),
    ]),
    f,
  );
}

export function itemsCsv(rows: ItemCsvRow[], lang: Language): string {
  const f = csvFormat(lang);
  return csvFile(
    ITEM_HEADERS[lang],
    rows.map((r) => [
      String(r.orderId),
      r.date,
      textCell(r.table, f),
      textCell(r.names?.[lang] || r.name, f),
      String(r.quantity),
      moneyCell(r.price, f),
      moneyCell(r.line, f),
      textCell(statusName(ITEM_STATUS_LABELS[lang], r.status), f),
      textCell(r.note, f),
    ]),
    f,
  );
}
