import {
  localNameByLanguage,
  type Language,
  type OrderKind,
  type PrintDocument,
  type PrintLine,
} from '@qr-menu/contract';
import { KITCHEN_LABELS, type KitchenLabels } from './kitchen-labels.js';
import { formatStamp } from './stamp.js';

/**
 * Kitchen tickets as print documents: pure functions of what the spool read (kitchen-spool.ts). A ticket names the
 * kind in inverted large type (so an ADD-ON or a VOID is never mistaken for a new order), the table (or takeaway /
 * pickup name) and the day's order number large, the station, time, and waiter; then each line large with its
 * options, seat and note emphasised.
 */

/** A name in the three languages, as order lines keep their dish's and options' names. */
export type Names = Record<Language, string>;

export type KitchenTicketKind = 'TICKET' | 'ADDON' | 'VOID' | 'FIRE';

/** What heads every ticket of an order at one station. */
export interface TicketHeader {
  orderNumber: number;
  kind: OrderKind;
  tableNumber: string;
  customerName: string | null;
  waiterName: string | null;
  /** The station's name, or '' for a printer of every station. */
  station: string;
  at: Date;
  timeZone: string;
  orderNote: string | null;
}

/** One line of a ticket: how many portions it adds (or, on a VOID, takes away) and what they are. */
export interface TicketLine {
  quantity: number;
  names: Names;
  options: { names: Names }[];
  note: string | null;
  seat: number | null;
  /** The course's name in the printer's language, or null. */
  course: string | null;
  voidReason: string | null;
}

export interface BuiltDocument {
  /** What the job is called in lists, in the printer's language ("ADD-ON · Table 4 · No. 12"). */
  title: string;
  document: PrintDocument;
}

const text = (t: string, style: Omit<Extract<PrintLine, { kind: 'text' }>, 'kind' | 'text'> = {}): PrintLine => ({
  kind: 'text',
  text: t,
  ...style,
});

/** "Table 4", "Takeaway · Kamran", "Pickup · Kamran": whom the order is for. */
function placeLabel(h: TicketHeader, l: KitchenLabels): string {
  if (h.kind === 'DINE_IN') return `${l.table} ${h.tableNumber}`;
  const word = h.kind === 'PICKUP' ? l.pickup : l.takeaway;
  return h.customerName ? `${word} · ${h.customerName}` : word;
}

function headerLines(title: string, h: TicketHeader, l: KitchenLabels): PrintLine[] {
  const lines: PrintLine[] = [
    text(title, { size: 2, bold: true, align: 'center', invert: true }),
    { kind: 'pair', left: placeLabel(h, l), right: `${l.number}${h.orderNumber}`, size: 2, bold: true },
    { kind: 'pair', left: h.station || l.allStations, right: formatStamp(h.at, h.timeZone) },
  ];
  if (h.waiterName) lines.push(text(`${l.waiter}: ${h.waiterName}`));
  lines.push({ kind: 'rule' });
  return lines;
}

function itemLines(line: TicketLine, language: Language, sign: '' | '-', l: KitchenLabels): PrintLine[] {
  const out: PrintLine[] = [
    text(`${sign}${line.quantity} x ${localNameByLanguage(line.names, language)}`, { size: 2, bold: true }),
  ];
  for (const o of line.options) out.push(text(`  + ${localNameByLanguage(o.names, language)}`, { bold: true }));
  const extras = [line.seat !== null ? `${l.seat} ${line.seat}` : '', line.course ?? ''].filter(Boolean);
  if (extras.length > 0) out.push(text(`  ${extras.join(' · ')}`));
  if (line.note) out.push(text(`  ! ${line.note}`, { bold: true, invert: true }));
  if (line.voidReason) out.push(text(`  ${l.voidReason}: ${line.voidReason}`, { bold: true }));
  return out;
}

/** A TICKET, ADD-ON, VOID or FIRE ticket of `lines` at one station. */
export function kitchenTicket(
  kind: KitchenTicketKind,
  header: TicketHeader,
  lines: readonly TicketLine[],
  language: Language,
): BuiltDocument {
  const l = KITCHEN_LABELS[language];
  const fireCourse = kind === 'FIRE' ? lines.find((x) => x.course)?.course : undefined;
  const title = fireCourse ? `${l.FIRE} · ${fireCourse}` : l[kind];
  const body = lines.flatMap((line) => itemLines(line, language, kind === 'VOID' ? '-' : '', l));
  const footer: PrintLine[] =
    header.orderNote && kind === 'TICKET'
      ? [{ kind: 'rule' }, text(`${l.orderNote}: ${header.orderNote}`, { bold: true })]
      : [];
  return {
    title: `${title} · ${placeLabel(header, l)} · ${l.number}${header.orderNumber}`,
    document: { lines: [...headerLines(title, header, l), ...body, ...footer, { kind: 'feed' }] },
  };
}

/** MOVED: the order (or some of its lines) now belongs to another table; the station's copy follows it. */
export function movedTicket(
  header: TicketHeader,
  fromPlace: string,
  lines: readonly TicketLine[] | null,
  language: Language,
): BuiltDocument {
  const l = KITCHEN_LABELS[language];
  const body: PrintLine[] = [text(`${fromPlace} -> ${placeLabel(header, l)}`, { size: 2, bold: true })];
  for (const line of lines ?? [])
    body.push(text(`${line.quantity} x ${localNameByLanguage(line.names, language)}`, { bold: true }));
  return {
    title: `${l.MOVED} · ${fromPlace} -> ${placeLabel(header, l)} · ${l.number}${header.orderNumber}`,
    document: { lines: [...headerLines(l.MOVED, header, l), ...body, { kind: 'feed' }] },
  };
}

/** A reprint says so at its top, so the kitchen does not cook it twice. */
export function markReprint(document: PrintDocument, language: Language): PrintDocument {
  return {
    lines: [text(`*** ${KITCHEN_LABELS[language].REPRINT} ***`, { bold: true, align: 'center' }), ...document.lines],
  };
}

/** The table label as a MOVED notice names the place an order left ("Table 1"). */
export function tableLabel(tableNumber: string, language: Language): string {
  return `${KITCHEN_LABELS[language].table} ${tableNumber}`;
}
