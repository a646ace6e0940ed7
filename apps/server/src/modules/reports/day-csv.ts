import { clockTime, dayIn, toCents, type DayReport, type Language } from '@qr-menu/contract';
import { centsCell, csvFile, csvFormat, METHOD, textCell, type Format } from './csv.js';

/**
 * The X/Z report of a day as CSV (contract reports.ts): one row per figure, `label; value`, by the reports' CSV rules
 * (csv.ts: BOM, the language's separator and decimal mark, formula-safe text). Times in the restaurant's zone.
 */

interface Labels {
  header: [string, string];
  restaurant: string;
  taxId: string;
  day: string;
  report: string;
  xReport: string;
  zReport: string;
  generatedAt: string;
  closedBy: string;
  ordersPaid: string;
  items: string;
  discounts: string;
  serviceCharge: string;
  gross: string;
  vatRate: string;
  vat: string;
  net: string;
  guestOrders: string;
  staffOrders: string;
  count: string;
  amount: string;
  payments: string;
  refunds: string;
  tips: string;
  paymentsTotal: string;
  tipsTotal: string;
  voids: string;
  cancelledOrders: string;
  openOrders: string;
  drawer: string;
  openingFloat: string;
  cashSales: string;
  cashTips: string;
  payIns: string;
  payOuts: string;
  expected: string;
  counted: string;
  difference: string;
  drawersTotal: string;
  reopened: string;
}

const LABELS: Record<Language, Labels> = {
  az: {
    header: ['Göstərici', 'Dəyər'],
    restaurant: 'Restoran',
    taxId: 'VÖEN',
    day: 'İş günü',
    report: 'Hesabat',
    xReport: 'X-hesabat',
    zReport: 'Z-hesabat',
    generatedAt: 'Tərtib vaxtı',
    closedBy: 'Günü bağlayan',
    ordersPaid: 'Ödənilmiş sifarişlər',
    items: 'Məhsullar',
    discounts: 'Endirimlər',
    serviceCharge: 'Xidmət haqqı',
    gross: 'Ümumi satış',
    vatRate: 'ƏDV dərəcəsi, %',
    vat: 'ƏDV (daxildir)',
    net: 'ƏDV-siz məbləğ',
    guestOrders: 'Qonaq sifarişləri',
    staffOrders: 'İşçi sifarişləri',
    count: 'say',
    amount: 'məbləğ',
    payments: 'ödənişlər',
    refunds: 'Geri qaytarma',
    tips: 'Çaypulu',
    paymentsTotal: 'Ödənişlər, cəmi',
    tipsTotal: 'Çaypulu, cəmi',
    voids: 'Ləğv',
    cancelledOrders: 'Ləğv edilmiş sifarişlər',
    openOrders: 'Açıq sifarişlər',
    drawer: 'Kassa',
    openingFloat: 'Açılış məbləği',
    cashSales: 'Nağd satış',
    cashTips: 'Nağd çaypulu',
    payIns: 'Kassaya mədaxil',
    payOuts: 'Kassadan məxaric',
    expected: 'Gözlənilən nağd',
    counted: 'Sayılmış nağd',
    difference: 'Artıq/Əskik',
    drawersTotal: 'Kassalar, cəmi',
    reopened: 'yenidən açılıb',
  },
  en: {
    header: ['Figure', 'Value'],
    restaurant: 'Restaurant',
    taxId: 'Tax ID (VÖEN)',
    day: 'Business day',
    report: 'Report',
    xReport: 'X report',
    zReport: 'Z report',
    generatedAt: 'Printed at',
    closedBy: 'Day closed by',
    ordersPaid: 'Orders paid',
    items: 'Items',
    discounts: 'Discounts',
    serviceCharge: 'Service charge',
    gross: 'Gross sales',
    vatRate: 'VAT rate, %',
    vat: 'VAT included',
    net: 'Net of VAT',
    guestOrders: 'Guest orders',
    staffOrders: 'Staff orders',
    count: 'count',
    amount: 'amount',
    payments: 'payments',
    refunds: 'Refunds',
    tips: 'Tips',
    paymentsTotal: 'Payments, total',
    tipsTotal: 'Tips, total',
    voids: 'Voids',
    cancelledOrders: 'Cancelled orders',
    openOrders: 'Open orders',
    drawer: 'Cash drawer',
    openingFloat: 'Opening float',
    cashSales: 'Cash sales',
    cashTips: 'Cash tips',
    payIns: 'Pay-ins',
    payOuts: 'Pay-outs',
    expected: 'Expected cash',
    counted: 'Counted cash',
    difference: 'Over/short',
    drawersTotal: 'Cash drawers, total',
    reopened: 'reopened',
  },
  ru: {
    header: ['Показатель', 'Значение'],
    restaurant: 'Ресторан',
    taxId: 'VÖEN (ИНН)',
    day: 'Рабочий день',
    report: 'Отчёт',
    xReport: 'X-отчёт',
    zReport: 'Z-отчёт',
    generatedAt: 'Сформирован',
    closedBy: 'День закрыл',
    ordersPaid: 'Оплаченные заказы',
    items: 'Позиции',
    discounts: 'Скидки',
    serviceCharge: 'Обслуживание',
    gross: 'Выручка',
    vatRate: 'Ставка НДС, %',
    vat: 'В т. ч. НДС',
    net: 'Без НДС',
    guestOrders: 'Заказы гостей',
    staffOrders: 'Заказы персонала',
    count: 'количество',
    amount: 'сумма',
    payments: 'платежи',
    refunds: 'Возврат',
    tips: 'Чаевые',
    paymentsTotal: 'Платежи, итого',
    tipsTotal: 'Чаевые, итого',
    voids: 'Аннулирование',
    cancelledOrders: 'Отменённые заказы',
    openOrders: 'Открытые заказы',
    drawer: 'Касса',
    openingFloat: 'Размен на начало смены',
    cashSales: 'Продажи наличными',
    cashTips: 'Чаевые наличными',
    payIns: 'Внесение',
    payOuts: 'Изъятие',
    expected: 'Ожидается в кассе',
    counted: 'Пересчитано',
    difference: 'Излишек/Недостача',
    drawersTotal: 'Кассы, итого',
    reopened: 'переоткрыт',
  },
};

/** The day report as CSV in `lang`. */
export function dayCsv(r: DayReport, lang: Language): string {
  const f = csvFormat(lang);
  const l = LABELS[lang];
  const rows: string[][] = [];
  const text = (label: string, value: string | null) => rows.push([textCell(label, f), textCell(value, f)]);
  const count = (label: string, value: number) => rows.push([textCell(label, f), String(value)]);
  const money = (label: string, value: number) => rows.push([textCell(label, f), centsCell(toCents(value), f)]);
  const moneyOrEmpty = (label: string, value: number | null) =>
    value === null ? text(label, '') : money(label, value);
  const at = (iso: string) => localTime(iso, r.eatery.timeZone);
  const of = (what: string, part: string) => `${what}: ${part}`;

  text(l.restaurant, r.eatery.name);
  if (r.eatery.taxId) text(l.taxId, r.eatery.taxId);
  text(l.day, r.day);
  text(l.report, r.z ? `${l.zReport} № ${r.z.number}` : l.xReport);
  text(l.generatedAt, at(r.generatedAt));
  if (r.z) text(l.closedBy, r.z.closedBy);

  count(l.ordersPaid, r.sales.orders);
  money(l.items, r.sales.items);
  money(l.discounts, r.sales.discounts);
  money(l.serviceCharge, r.sales.serviceCharge);
  money(l.gross, r.sales.gross);
  rows.push([textCell(l.vatRate, f), percentCell(r.sales.vatRatePercent, f)]);
  money(l.vat, r.sales.vat);
  money(l.net, r.sales.net);

  count(of(l.guestOrders, l.count), r.byOrigin.guest.count);
  money(of(l.guestOrders, l.amount), r.byOrigin.guest.amount);
  count(of(l.staffOrders, l.count), r.byOrigin.staff.count);
  money(of(l.staffOrders, l.amount), r.byOrigin.staff.amount);

  for (const m of r.byMethod) {
    const name = METHOD[lang][m.method] ?? m.method;
    count(of(name, l.payments), m.count);
    money(of(name, l.amount), m.amount);
    money(of(name, l.refunds), m.refunds);
    money(of(name, l.tips), m.tips);
  }
  money(l.paymentsTotal, r.payments);
  money(l.tipsTotal, r.tips);

  count(of(l.discounts, l.count), r.discounts.count);
  money(of(l.discounts, l.amount), r.discounts.amount);
  count(of(l.voids, l.count), r.voids.count);
  money(of(l.voids, l.amount), r.voids.amount);
  count(of(l.refunds, l.count), r.refunds.count);
  money(of(l.refunds, l.amount), r.refunds.amount);
  count(l.cancelledOrders, r.cancelledOrders);
  count(of(l.openOrders, l.count), r.openOrders.count);
  money(of(l.openOrders, l.amount), r.openOrders.amount);

  for (const d of r.drawers) {
    const drawer = `${l.drawer} — ${d.userName}`;
    money(of(drawer, l.openingFloat), d.openingFloat);
    money(of(drawer, l.cashSales), d.cashSales);
    money(of(drawer, l.cashTips), d.cashTips);
    money(of(drawer, l.payIns), d.payIns);
    money(of(drawer, l.payOuts), d.payOuts);
    money(of(drawer, l.expected), d.expected);
    moneyOrEmpty(of(drawer, l.counted), d.counted);
    moneyOrEmpty(of(drawer, l.difference), d.difference);
  }
  money(of(l.drawersTotal, l.expected), r.cash.expected);
  moneyOrEmpty(of(l.drawersTotal, l.counted), r.cash.counted);
  moneyOrEmpty(of(l.drawersTotal, l.difference), r.cash.difference);

  for (const z of r.reopened) {
    text(`${l.zReport} № ${z.number} ${l.reopened}`, `${at(z.at)} · ${z.by} · ${z.reason}`);
  }
  return csvFile(l.header, rows, f);
}

/** An instant as "YYYY-MM-DD HH:MM" in the restaurant's zone (the other CSV files' notation). */
function localTime(iso: string, timeZone: string): string {
  const at = new Date(iso);
  return `${dayIn(at, timeZone)} ${clockTime(at, timeZone)}`;
}

/** A percentage (18, 12.5) with the language's decimal mark. */
const percentCell = (percent: number, f: Format) => String(percent).replace('.', f.decimal);
