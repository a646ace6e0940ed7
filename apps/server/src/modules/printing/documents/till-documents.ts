import {
  lineColumns,
  localNameByLanguage,
  optionLines,
  optionLineText,
  toCents,
  wrapText,
  type Bill,
  type DayReport,
  type Language,
  type PaperWidth,
  type PaymentMethod,
  type PrintDocument,
  type PrintLine,
} from '@qr-menu/contract';
import { formatStamp } from './stamp.js';
import { fillLabel, TILL_LABELS, type TillLabels } from './till-labels.js';

/**
 * The till's paper as print documents: the pre-bill, the receipt and the X/Z day report. Pure functions of what the
 * server already computed (contract Bill and DayReport): they show what the browser receipt and the day report
 * screen show, in the printer's language and laid out for its paper.
 *
 * Layout rule: every line fits its paper as it is, so the renderer never has to cut or wrap it and the admin's
 * preview shows exactly what prints. Text is wrapped here to the columns of its size; a label and its figure share
 * a line when both fit, else the label wraps above and the figure stands at the right edge under it.
 */

export interface TillDocumentOptions {
  /** The printer's language. */
  language: Language;
  paper: PaperWidth;
  /** The moment a pre-bill, or a report's "printed" line, is stamped with; now when not given. */
  now?: Date;
}

type TextStyle = Omit<Extract<PrintLine, { kind: 'text' }>, 'kind' | 'text'>;

// ---------------------------------------------------------------------------------------------------------------
// Layout: lines that fit the paper.

/** `text` wrapped to the columns of its size on `paper`, one text line per row ('' prints nothing). */
export function textLines(text: string, paper: PaperWidth, style: TextStyle = {}): PrintLine[] {
  if (!text.trim()) return [];
  return wrapText(text, lineColumns(paper, style.size ?? 1)).map((row) => ({ kind: 'text', text: row, ...style }));
}

/** `text` wrapped to the paper less `indent` spaces, each row starting with them (an item's options, a reason). */
export function indentedLines(text: string, paper: PaperWidth, indent = 2, style: TextStyle = {}): PrintLine[] {
  if (!text.trim()) return [];
  const pad = ' '.repeat(indent);
  return wrapText(text, lineColumns(paper, style.size ?? 1) - indent).map((row) => ({
    kind: 'text',
    text: pad + row,
    ...style,
  }));
}

/**
 * A label and its figure. Both on one line when they fit (a pair); else the label wraps in the room the figure
 * leaves and the figure stands on its first row; a figure too wide for that goes under the label, at the right
 * edge, and one wider than the paper is written after the label as wrapped text.
 */
export function pairLines(
  left: string,
  right: string,
  paper: PaperWidth,
  style: { bold?: boolean; size?: 1 | 2 } = {},
): PrintLine[] {
  const size = style.size ?? 1;
  const columns = lineColumns(paper, size);
  const pair = (l: string): PrintLine => ({ kind: 'pair', left: l, right, ...style });
  if (!right) return textLines(left, paper, style);
  if (left.length + 1 + right.length <= columns) return [pair(left)];
  // Too little room beside the figure to wrap the label into readable pieces: the figure goes on its own row.
  const room = columns - right.length - 1;
  if (room >= 10) {
    const [first, ...rest] = wrapText(left, room);
    return [pair(first), ...rest.map((row): PrintLine => ({ kind: 'text', text: row, ...style }))];
  }
  if (right.length <= columns) {
    return [...textLines(left, paper, style), { kind: 'text', text: right, align: 'right', ...style }];
  }
  return textLines(`${left}: ${right}`, paper, style);
}

/**
 * A total in large type where it fits on the paper (double size: half the columns), else in bold normal type, so a
 * long amount on 58 mm paper is never cut.
 */
function totalLines(left: string, right: string, paper: PaperWidth): PrintLine[] {
  if (left.length + 1 + right.length <= lineColumns(paper, 2))
    return pairLines(left, right, paper, { bold: true, size: 2 });
  return pairLines(left, right, paper, { bold: true });
}

const rule: PrintLine = { kind: 'rule' };

// ---------------------------------------------------------------------------------------------------------------
// Figures and times.

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(language: Language, fractionDigits: { min: number; max: number }): Intl.NumberFormat {
  const key = `${language}|${fractionDigits.min}|${fractionDigits.max}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, {
      minimumFractionDigits: fractionDigits.min,
      maximumFractionDigits: fractionDigits.max,
      useGrouping: true,
    });
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * An amount as the screens write it: 2 decimals in the language's number format ("1,234.50" en, "1.234,50" az,
 * "1 234,50" ru), through integer cents so float noise never shows. The thousands gap is a plain space: the
 * no-break spaces Intl writes are not in every printer's code page.
 */
export function formatMoney(amount: number, language: Language): string {
  return numberFormat(language, { min: 2, max: 2 })
    .format(toCents(amount) / 100)
    .replace(/[\u00a0\u202f]/g, ' ');
}

/** A deduction: "-5.00", or "0.00" when there is none. A hyphen, as printers have no minus sign. */
const minus = (amount: number, language: Language) =>
  toCents(amount) > 0 ? `-${formatMoney(amount, language)}` : formatMoney(0, language);
/** An addition: "+5.00", or "0.00" when there is none. */
const plus = (amount: number, language: Language) =>
  toCents(amount) > 0 ? `+${formatMoney(amount, language)}` : formatMoney(0, language);

/** An over/short with its sign always written ("+1.00", "-1.00", "0.00"), so it reads without colour; "-" while not counted. */
export function formatSigned(amount: number | null, language: Language): string {
  if (amount === null) return '-';
  const cents = toCents(amount);
  const text = formatMoney(Math.abs(cents) / 100, language);
  return cents > 0 ? `+${text}` : cents < 0 ? `-${text}` : text;
}

/** A rate as the language writes it: 18 → "18", 12.5 → "12,5" in az and ru. */
const formatRate = (percent: number, language: Language) => numberFormat(language, { min: 0, max: 2 }).format(percent);

/** The currency as printed: the ₼ sign is in no printer code page, so it (or none set) prints as "AZN". */
const currencyText = (currency: string) => (!currency.trim() || currency.includes('₼') ? 'AZN' : currency.trim());

/** A business day "2026-01-11" as "11.01.2026" (a date, not shifted by any zone). */
const formatDay = (day: string) => {
  const [year, month, date] = day.split('-');
  return `${date}.${month}.${year}`;
};

// ---------------------------------------------------------------------------------------------------------------
// Pre-bill and receipt.

type BillItem = Bill['items'][number];
type BillPayment = Bill['payments'][number];

const distinct = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => !!v))];

/** The dish's name in `language`, with the menu's fallback to another language, else the name it was ordered as. */
const itemName = (item: BillItem, language: Language) => localNameByLanguage(item.names, language) || item.name;

/**
 * An item's chosen options, one line per group as the screens show them ("Size: 0.5 L (+1.50)"), the price delta
 * only when not zero.
 */
function optionTexts(item: BillItem, language: Language): string[] {
  return optionLines(item.options, language, (delta) => `+${formatMoney(delta, language)}`).map(optionLineText);
}

/** The service charge's label: the restaurant's name for it and, when every order has the same rate, that rate. */
function serviceChargeLabel(bill: Bill, language: Language, l: TillLabels): string {
  const names = bill.eatery.serviceChargeNames;
  const name = names[language] || names.en || l.serviceCharge;
  const rates = [...new Set(bill.orders.filter((o) => toCents(o.serviceCharge) > 0).map((o) => o.serviceChargeRate))];
  // Orders keep the rate they were placed under, so a bill may mix rates: then the name alone.
  return rates.length === 1 ? `${name} ${formatRate(rates[0] / 100, language)} %` : name;
}

const isRefund = (p: BillPayment) => toCents(p.amount) < 0;

/** The phones on one line when they fit, else one a line (a number is never broken in two). */
function phoneLines(phones: string[], paper: PaperWidth): PrintLine[] {
  const joined = phones.join(', ');
  if (joined.length <= lineColumns(paper)) return textLines(joined, paper, { align: 'center' });
  return phones.flatMap((phone) => textLines(phone, paper, { align: 'center' }));
}

function headerLines(
  eatery: { name: string; address: string; phones: string[]; taxId: string },
  paper: PaperWidth,
  l: TillLabels,
): PrintLine[] {
  return [
    ...textLines(eatery.name, paper, { size: 2, bold: true, align: 'center' }),
    ...textLines(eatery.address, paper, { align: 'center' }),
    ...phoneLines(eatery.phones, paper),
    ...(eatery.taxId ? textLines(`${l.taxId}: ${eatery.taxId}`, paper, { align: 'center' }) : []),
  ];
}

function itemLines(item: BillItem, language: Language, paper: PaperWidth): PrintLine[] {
  const lines = pairLines(`${item.quantity} x ${itemName(item, language)}`, formatMoney(item.total, language), paper);
  for (const option of optionTexts(item, language)) lines.push(...indentedLines(option, paper));
  // The unit price (options included) when the line holds more than one.
  if (item.quantity > 1) lines.push(...indentedLines(`${item.quantity} x ${formatMoney(item.price, language)}`, paper));
  return lines;
}

/** Each part paid (its amount and tip), with the cash tendered and the change; refunds with their reason. */
function paymentLines(bill: Bill, language: Language, paper: PaperWidth, l: TillLabels): PrintLine[] {
  const lines: PrintLine[] = [];
  for (const p of bill.payments) {
    if (isRefund(p)) {
      lines.push(...pairLines(`${l.refund}: ${l.methods[p.method]}`, `-${formatMoney(-p.amount, language)}`, paper));
      if (p.reason) lines.push(...indentedLines(p.reason, paper));
      continue;
    }
    const paid = (toCents(p.amount) + toCents(p.tip)) / 100;
    lines.push(...pairLines(`${l.payment}: ${l.methods[p.method]}`, formatMoney(paid, language), paper));
    if (p.tendered !== null) {
      lines.push(...pairLines(`  ${l.tendered}`, formatMoney(p.tendered, language), paper));
      lines.push(...pairLines(`  ${l.change}`, formatMoney(p.change ?? 0, language), paper));
    }
  }
  return lines;
}

function billDocument(bill: Bill, opts: TillDocumentOptions, kind: 'PREBILL' | 'RECEIPT'): PrintDocument {
  const { language, paper } = opts;
  const l = TILL_LABELS[language];
  const money = (amount: number) => formatMoney(amount, language);
  const currency = currencyText(bill.eatery.currency);
  const timeZone = bill.eatery.timeZone;
  const tables = distinct(bill.orders.map((o) => o.tableNumber));
  const waiters = distinct(bill.orders.map((o) => o.waiter));
  const parts = bill.payments.filter((p) => !isRefund(p));
  const cashier = kind === 'RECEIPT' ? (bill.paidBy ?? parts.at(-1)?.createdBy ?? null) : null;
  // A receipt is dated when the bill was paid; a pre-bill when it is printed.
  const when =
    kind === 'RECEIPT'
      ? (bill.paidAt ?? bill.payments.at(-1)?.createdAt ?? opts.now ?? new Date())
      : (opts.now ?? new Date());

  const lines: PrintLine[] = [...headerLines(bill.eatery, paper, l), rule];
  lines.push(
    ...textLines(kind === 'RECEIPT' ? l.receiptTitle : l.prebillTitle, paper, { size: 2, bold: true, align: 'center' }),
  );
  lines.push(
    ...pairLines(bill.orders.length > 1 ? l.orders : l.order, bill.orders.map((o) => `#${o.number}`).join(', '), paper),
  );
  if (tables.length > 0) lines.push(...pairLines(tables.length > 1 ? l.tables : l.table, tables.join(', '), paper));
  if (waiters.length > 0) lines.push(...pairLines(l.waiter, waiters.join(', '), paper));
  if (cashier) lines.push(...pairLines(l.cashier, cashier, paper));
  lines.push(...pairLines(l.date, formatStamp(when, timeZone), paper), rule);

  for (const item of bill.items) lines.push(...itemLines(item, language, paper));
  lines.push(rule);

  lines.push(...pairLines(l.subtotal, money(bill.subtotal), paper));
  if (toCents(bill.discount) > 0) {
    lines.push(...pairLines(l.discount, `-${money(bill.discount)}`, paper));
    if (bill.discountReason) lines.push(...indentedLines(bill.discountReason, paper));
  }
  if (toCents(bill.serviceCharge) > 0) {
    lines.push(...pairLines(serviceChargeLabel(bill, language, l), money(bill.serviceCharge), paper));
  }
  lines.push(...totalLines(l.total, `${money(bill.total)} ${currency}`, paper));
  if (bill.eatery.vatPayer) {
    const vatLabel = fillLabel(l.vatIncluded, { rate: formatRate(bill.eatery.vatRatePercent, language) });
    lines.push(...pairLines(vatLabel, money(bill.vat), paper));
  }
  if (toCents(bill.tips) > 0) lines.push(...pairLines(l.tips, money(bill.tips), paper));

  if (kind === 'PREBILL') {
    // What was paid already (a split bill part-way through) and what is due now.
    if (toCents(bill.paid) > 0) lines.push(...pairLines(l.paid, `-${money(bill.paid)}`, paper));
    lines.push(...totalLines(l.due, `${money(bill.due)} ${currency}`, paper));
  } else {
    if (bill.payments.length > 0) lines.push(rule, ...paymentLines(bill, language, paper, l));
    if (toCents(bill.refunded) > 0) lines.push(...pairLines(l.refunded, `-${money(bill.refunded)}`, paper));
    if (toCents(bill.due) > 0) lines.push(...pairLines(l.due, money(bill.due), paper, { bold: true }));
  }

  lines.push(rule);
  const footer = bill.eatery.receiptFooter.trim();
  lines.push(...textLines(footer || l.thanks, paper, { align: 'center' }));
  if (kind === 'PREBILL') lines.push(...textLines(l.prebillNote, paper, { bold: true, align: 'center' }));
  lines.push(...textLines(l.notFiscal, paper, { align: 'center' }), { kind: 'feed' });
  return { lines };
}

/**
 * The receipt of a bill: the restaurant, the orders, table, waiter, cashier and when it was paid; the items with
 * their options; subtotal, discount, service charge, total, the VAT it includes, tips; each payment with the cash
 * tendered and the change, refunds; the restaurant's footer and that it is not a fiscal receipt (the fiscal one
 * comes from the registered cash register).
 */
export function receiptDocument(bill: Bill, opts: TillDocumentOptions): PrintDocument {
  return billDocument(bill, opts, 'RECEIPT');
}

/** The pre-bill: the check a table asks for before paying. Like the receipt, without payments, ending on the amount due. */
export function prebillDocument(bill: Bill, opts: TillDocumentOptions): PrintDocument {
  return billDocument(bill, opts, 'PREBILL');
}

// ---------------------------------------------------------------------------------------------------------------
// X and Z reports.

/** The line under a method that says what its drawer, terminal or other till holds. */
const HELD: Record<PaymentMethod, 'inDrawer' | 'onTerminal' | 'collected'> = {
  CASH: 'inDrawer',
  CARD: 'onTerminal',
  OTHER: 'collected',
};

const section = (title: string, paper: PaperWidth): PrintLine[] => [rule, ...textLines(title, paper, { bold: true })];

/**
 * The X report (the day so far, while it is open) or Z report No. N (the day closed) of one business day, as the
 * day report screen groups it: who and which day; sales with discounts, service charge, gross, the VAT it includes
 * and net; orders by origin; payments by method with their counts, refunds and tips; discounts, voids and refunds;
 * cancelled and open orders; each cash drawer (float, sales, tips, pay-ins, pay-outs, expected, counted, over/short)
 * and the day's cash; a line to sign.
 */
export function dayReportDocument(report: DayReport, opts: TillDocumentOptions): PrintDocument {
  const { language, paper } = opts;
  const l = TILL_LABELS[language];
  const money = (amount: number) => formatMoney(amount, language);
  const when = (iso: string) => formatStamp(iso, report.eatery.timeZone);
  const currency = currencyText(report.eatery.currency);
  const pairs = (left: string, right: string, style: { bold?: boolean } = {}) => pairLines(left, right, paper, style);
  const { sales } = report;

  const lines: PrintLine[] = [...headerLines(report.eatery, paper, l), rule];
  const title = report.z ? fillLabel(l.zTitle, { number: report.z.number }) : l.xTitle;
  lines.push(...textLines(title, paper, { size: 2, bold: true, align: 'center' }));
  if (!report.z) lines.push(...textLines(l.xNote, paper, { align: 'center' }));
  lines.push(...pairs(l.businessDay, formatDay(report.day)));
  lines.push(...pairs(l.period, `${when(report.from)} - ${when(report.to)}`));
  if (report.z) {
    lines.push(...pairs(l.closedAt, when(report.z.closedAt)));
    lines.push(...pairs(l.closedBy, report.z.closedBy));
  }
  lines.push(...pairs(l.printedAt, formatStamp(opts.now ?? new Date(), report.eatery.timeZone)));
  for (const r of report.reopened) {
    lines.push(
      ...textLines(fillLabel(l.reopenedLine, { number: r.number, at: when(r.at), by: r.by, reason: r.reason }), paper),
    );
  }

  lines.push(...section(l.sales, paper));
  lines.push(...pairs(l.paidOrders, String(sales.orders)));
  lines.push(...pairs(l.items, money(sales.items)));
  lines.push(...pairs(l.discounts, minus(sales.discounts, language)));
  lines.push(...pairs(l.serviceCharge, plus(sales.serviceCharge, language)));
  lines.push(...pairs(l.gross, `${money(sales.gross)} ${currency}`, { bold: true }));
  if (report.eatery.vatPayer) {
    lines.push(...pairs(fillLabel(l.vat, { rate: formatRate(sales.vatRatePercent, language) }), money(sales.vat)));
    lines.push(...pairs(l.net, money(sales.net)));
  } else {
    lines.push(...textLines(l.notVatPayer, paper));
  }

  lines.push(...section(l.origin, paper));
  lines.push(
    ...pairs(fillLabel(l.guestOrders, { n: report.byOrigin.guest.count }), money(report.byOrigin.guest.amount)),
  );
  lines.push(
    ...pairs(fillLabel(l.staffOrders, { n: report.byOrigin.staff.count }), money(report.byOrigin.staff.amount)),
  );

  // Each method reads as a sum a cashier can check: taken (before refunds), − refunds, + tips, = what it holds.
  lines.push(...section(l.byMethod, paper));
  if (report.byMethod.length === 0) lines.push(...textLines(l.noPayments, paper));
  for (const m of report.byMethod) {
    const refunds = toCents(m.refunds);
    const tips = toCents(m.tips);
    lines.push(...pairs(`${l.methods[m.method]} (${m.count})`, money((toCents(m.amount) + refunds) / 100)));
    if (refunds > 0) lines.push(...pairs(`  ${l.refunds}`, `-${money(refunds / 100)}`));
    if (tips > 0) lines.push(...pairs(`  ${l.tipsOnTop}`, `+${money(tips / 100)}`));
    lines.push(...pairs(`  ${l[HELD[m.method]]}`, money((toCents(m.amount) + tips) / 100), { bold: true }));
  }
  lines.push(...pairs(l.paymentsTotal, money(report.payments), { bold: true }));
  lines.push(...pairs(l.tipsTotal, money(report.tips)));

  lines.push(...section(l.corrections, paper));
  lines.push(
    ...pairs(fillLabel(l.discountsCount, { n: report.discounts.count }), minus(report.discounts.amount, language)),
  );
  lines.push(...pairs(fillLabel(l.voids, { n: report.voids.count }), money(report.voids.amount)));
  lines.push(...pairs(fillLabel(l.refundsCount, { n: report.refunds.count }), minus(report.refunds.amount, language)));

  lines.push(...section(l.ordersState, paper));
  lines.push(...pairs(l.cancelledOrders, String(report.cancelledOrders)));
  lines.push(
    ...pairs(fillLabel(l.openOrders, { n: report.openOrders.count }), money(report.openOrders.amount), {
      bold: report.openOrders.count > 0,
    }),
  );
  if (report.openOrders.count > 0) lines.push(...textLines(l.openWarning, paper, { bold: true }));

  lines.push(...section(l.drawers, paper));
  if (report.drawers.length === 0) lines.push(...textLines(l.noDrawers, paper));
  for (const d of report.drawers) {
    lines.push(...pairs(d.userName, d.closedAt ? '' : l.stillOpen, { bold: true }));
    lines.push(...pairs(`  ${l.float}`, money(d.openingFloat)));
    lines.push(...pairs(`  ${l.cashSales}`, plus(d.cashSales, language)));
    lines.push(...pairs(`  ${l.tips}`, plus(d.cashTips, language)));
    lines.push(...pairs(`  ${l.payIns}`, plus(d.payIns, language)));
    lines.push(...pairs(`  ${l.payOuts}`, minus(d.payOuts, language)));
    lines.push(...pairs(`  ${l.expected}`, money(d.expected), { bold: true }));
    lines.push(...pairs(`  ${l.counted}`, d.counted === null ? '-' : money(d.counted)));
    lines.push(...pairs(`  ${l.difference}`, formatSigned(d.difference, language), { bold: true }));
  }
  lines.push(rule);
  lines.push(...pairs(l.cashExpected, money(report.cash.expected)));
  lines.push(...pairs(l.cashCounted, report.cash.counted === null ? '-' : money(report.cash.counted)));
  lines.push(...pairs(l.cashDifference, formatSigned(report.cash.difference, language), { bold: true }));

  // A line to sign on: the label and underscores to the edge.
  const columns = lineColumns(paper);
  lines.push(
    { kind: 'feed' },
    {
      kind: 'text',
      text: `${l.signature}: ${'_'.repeat(Math.max(4, columns - l.signature.length - 2))}`.slice(0, columns),
    },
  );
  lines.push({ kind: 'feed' });
  return { lines };
}
