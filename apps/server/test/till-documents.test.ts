import { describe, expect, it } from 'vitest';
import {
  billResponse,
  dayReportResponse,
  lineColumns,
  LANGUAGES,
  PAPER_WIDTHS,
  type Bill,
  type DayReport,
  type PaperWidth,
  type PrintDocument,
  type PrintLine,
} from '@qr-menu/contract';
import {
  dayReportDocument,
  prebillDocument,
  receiptDocument,
} from '../src/modules/printing/documents/till-documents.js';
import { TILL_LABELS } from '../src/modules/printing/documents/till-labels.js';
import { testPageDocument } from '../src/modules/printing/documents/test-page.js';

/**
 * A paid bill of one order: 2 x burger with extra cheese (12.50 each) and a tea (3.00) = 28.00, 10 % discount
 * (2.80), 10 % service charge on 25.20 (2.52): total 27.72, of which VAT 18 % 4.23. Paid 20.00 in cash (50.00
 * tendered, 30.00 change) and 7.72 + 1.00 tip by card. Paid at 21:30 UTC on 5 January: 01:30 on the 6th in Baku.
 */
const paidBill: Bill = billResponse.parse({
  eatery: {
    id: 1,
    name: 'Çay Evi',
    timeZone: 'Asia/Baku',
    language: 'az',
    address: 'Nizami küç. 10, Bakı',
    phones: ['+994 12 555 12 12', '+994 50 555 12 12'],
    taxId: '1234567891',
    receiptFooter: 'Yenə gözləyirik!',
    currency: '₼',
    vatPayer: true,
    vatRatePercent: 18,
    serviceChargeNames: { az: 'Xidmət haqqı', en: 'Service charge', ru: 'Обслуживание' },
  },
  orders: [
    {
      id: 41,
      number: 7,
      tableNumber: '4',
      status: 'PAID',
      createdAt: '2026-01-05T20:10:00.000Z',
      orderPrice: 28,
      discount: 2.8,
      serviceChargeRate: 1000,
      serviceCharge: 2.52,
      waiter: 'Aynur',
    },
  ],
  items: [
    {
      id: 101,
      orderId: 41,
      name: 'Burger',
      names: { az: 'Burger', en: 'Burger', ru: 'Бургер' },
      quantity: 2,
      price: 12.5,
      total: 25,
      paid: false,
      options: [
        {
          groupId: 5,
          optionId: 51,
          groupNames: { az: 'Əlavələr', en: 'Extras', ru: 'Добавки' },
          names: { az: 'Pendir', en: 'Cheese', ru: 'Сыр' },
          priceDelta: 1.5,
        },
      ],
    },
    {
      id: 102,
      orderId: 41,
      name: 'Çay',
      names: { az: 'Çay', en: 'Tea', ru: 'Чай' },
      quantity: 1,
      price: 3,
      total: 3,
      paid: false,
      options: [],
    },
  ],
  subtotal: 28,
  discount: 2.8,
  discountReason: 'Regular guest',
  serviceCharge: 2.52,
  total: 27.72,
  vat: 4.23,
  paid: 27.72,
  refunded: 0,
  tips: 1,
  due: 0,
  payments: [
    {
      id: 'p1',
      method: 'CASH',
      amount: 20,
      reason: null,
      tip: 0,
      tendered: 50,
      change: 30,
      itemIds: null,
      createdAt: '2026-01-05T21:29:00.000Z',
      createdBy: 'Kamran',
    },
    {
      id: 'p2',
      method: 'CARD',
      amount: 7.72,
      reason: null,
      tip: 1,
      tendered: null,
      change: null,
      itemIds: null,
      createdAt: '2026-01-05T21:30:00.000Z',
      createdBy: 'Kamran',
    },
  ],
  status: 'PAID',
  paidAt: '2026-01-05T21:30:00.000Z',
  paidBy: 'Kamran',
});

/** The same bill before anyone paid: the whole total due. */
const openBill: Bill = billResponse.parse({
  ...paidBill,
  orders: paidBill.orders.map((o) => ({ ...o, status: 'ACCEPTED' })),
  paid: 0,
  tips: 0,
  due: 27.72,
  payments: [],
  status: 'OPEN',
  paidAt: null,
  paidBy: null,
});

/** Everything long: names, address, footer, amounts in the millions, a refund with a reason, two rates mixed. */
const longBill: Bill = billResponse.parse({
  ...paidBill,
  eatery: {
    ...paidBill.eatery,
    name: 'Restoran Köhnə Şəhər Qala Divarları Yanında',
    address: 'İçərişəhər, Böyük Qala küçəsi 12, AZ1001 Bakı, Azərbaycan Respublikası',
    receiptFooter:
      'Bizi seçdiyiniz üçün təşəkkür edirik!\nWi-Fi: KohneSeher-Guest / parol: cay-ve-qenaet-2026-uzun-parol',
    taxId: '1234567891',
  },
  orders: [
    { ...paidBill.orders[0], tableNumber: 'Terrace Big Round Table 12' },
    {
      ...paidBill.orders[0],
      id: 42,
      number: 8,
      tableNumber: 'Terrace 13',
      serviceChargeRate: 1250,
      waiter: 'Aynur Məmmədova-Əliyeva',
    },
  ],
  items: [
    {
      ...paidBill.items[0],
      quantity: 120,
      total: 1500000,
      price: 12500,
      name: 'Plov',
      names: {
        az: 'Şah plov qaysı, şabalıd və kişmişlə, xüsusi qazan kababı ilə birlikdə',
        en: 'Shah pilaf with apricots, chestnuts and raisins',
        ru: 'Шах-плов с курагой, каштанами и изюмом, подаётся с казан-кебабом',
      },
    },
  ],
  subtotal: 1500000,
  discount: 150000.55,
  serviceCharge: 148500.12,
  total: 1498499.57,
  vat: 228584.68,
  paid: 1498499.57,
  refunded: 1234567.89,
  payments: [
    ...paidBill.payments,
    {
      id: 'r1',
      method: 'OTHER',
      amount: -1234567.89,
      reason: 'Dish returned: the guest found a very long hair in the soup and asked for the money back',
      tip: 0,
      tendered: null,
      change: null,
      itemIds: null,
      createdAt: '2026-01-05T21:40:00.000Z',
      createdBy: 'Admin',
    },
  ],
  paidBy: 'Aynur Məmmədova-Əliyeva the shift manager of the evening',
});

/** Day 2026-01-05, closed as Z report No. 3: the drawer counted 1.50 short. */
const zReport: DayReport = dayReportResponse.parse({
  eatery: {
    id: 1,
    name: 'Çay Evi',
    address: 'Nizami küç. 10, Bakı',
    phones: ['+994 12 555 12 12'],
    taxId: '1234567891',
    timeZone: 'Asia/Baku',
    language: 'az',
    currency: 'AZN',
    vatPayer: true,
  },
  day: '2026-01-05',
  from: '2026-01-05T01:00:00.000Z',
  to: '2026-01-06T01:00:00.000Z',
  generatedAt: '2026-01-05T22:00:00.000Z',
  z: { number: 3, closedAt: '2026-01-05T22:00:00.000Z', closedBy: 'Kamran' },
  reopened: [{ number: 2, at: '2026-01-05T21:00:00.000Z', by: 'Admin', reason: 'Card payment was recorded as cash' }],
  sales: {
    orders: 12,
    items: 540,
    discounts: 20,
    serviceCharge: 52,
    gross: 572,
    vatRatePercent: 18,
    vat: 87.25,
    net: 484.75,
  },
  byOrigin: { guest: { count: 7, amount: 300 }, staff: { count: 5, amount: 272 } },
  byMethod: [
    { method: 'CASH', count: 6, amount: 250, refunds: 10, tips: 5 },
    { method: 'CARD', count: 6, amount: 322, refunds: 0, tips: 12.5 },
  ],
  payments: 572,
  tips: 17.5,
  discounts: { count: 2, amount: 20 },
  voids: { count: 1, amount: 8 },
  refunds: { count: 1, amount: 10 },
  cancelledOrders: 1,
  openOrders: { count: 0, amount: 0 },
  drawers: [
    {
      id: 9,
      userName: 'Kamran',
      openedAt: '2026-01-05T05:00:00.000Z',
      closedAt: '2026-01-05T21:50:00.000Z',
      openingFloat: 100,
      cashSales: 250,
      cashTips: 5,
      payIns: 0,
      payOuts: 20,
      expected: 335,
      counted: 333.5,
      difference: -1.5,
    },
  ],
  cash: { expected: 335, counted: 333.5, difference: -1.5 },
});

const at80 = { language: 'en', paper: 80 } as const;
const now = new Date('2026-01-05T21:45:00.000Z');

type Pair = Extract<PrintLine, { kind: 'pair' }>;
type Text = Extract<PrintLine, { kind: 'text' }>;
const pairs = (doc: PrintDocument) => doc.lines.filter((l): l is Pair => l.kind === 'pair');
const texts = (doc: PrintDocument) => doc.lines.filter((l): l is Text => l.kind === 'text');
/** The pair whose left text is `left`, or undefined. */
const pairOf = (doc: PrintDocument, left: string) => pairs(doc).find((p) => p.left === left);

/** Every text and pair line's laid-out width: at most the columns of its size on the paper. */
function expectFits(doc: PrintDocument, paper: PaperWidth) {
  for (const line of doc.lines) {
    if (line.kind === 'text') {
      expect(line.text.includes('\n'), JSON.stringify(line)).toBe(false);
      expect(line.text.length, JSON.stringify(line)).toBeLessThanOrEqual(lineColumns(paper, line.size ?? 1));
    } else if (line.kind === 'pair') {
      expect(line.left.length + 1 + line.right.length, JSON.stringify(line)).toBeLessThanOrEqual(
        lineColumns(paper, line.size ?? 1),
      );
    }
  }
}

describe('receipt document', () => {
  const doc = receiptDocument(paidBill, at80);

  it('prints the restaurant large and centred, its address, phones and tax id', () => {
    expect(doc.lines[0]).toEqual({ kind: 'text', text: 'Çay Evi', size: 2, bold: true, align: 'center' });
    const all = texts(doc).map((t) => t.text);
    expect(all).toContain('Nizami küç. 10, Bakı');
    expect(all).toContain('+994 12 555 12 12, +994 50 555 12 12');
    expect(all).toContain('Tax ID (VÖEN): 1234567891');
    expect(texts(doc).find((t) => t.text === 'RECEIPT')).toMatchObject({ size: 2, bold: true });
  });

  it('names the order, table, waiter, cashier and the time on the restaurant clock', () => {
    expect(pairOf(doc, 'Order')?.right).toBe('#7');
    expect(pairOf(doc, 'Table')?.right).toBe('4');
    expect(pairOf(doc, 'Waiter')?.right).toBe('Aynur');
    expect(pairOf(doc, 'Cashier')?.right).toBe('Kamran');
    // 21:30 UTC on the 5th is 01:30 on the 6th in Baku (UTC+4).
    expect(pairOf(doc, 'Date')?.right).toBe('06.01.2026 01:30');
  });

  it('lists the items with quantity, name, options and line totals', () => {
    expect(pairOf(doc, '2 x Burger')?.right).toBe('25.00');
    expect(texts(doc).map((t) => t.text)).toEqual(expect.arrayContaining(['  Extras: Cheese (+1.50)', '  2 x 12.50']));
    expect(pairOf(doc, '1 x Tea')?.right).toBe('3.00');
  });

  it('prints the figures exactly, the total in large bold type', () => {
    expect(pairOf(doc, 'Subtotal')?.right).toBe('28.00');
    expect(pairOf(doc, 'Discount')?.right).toBe('-2.80');
    expect(texts(doc).map((t) => t.text)).toContain('  Regular guest');
    expect(pairOf(doc, 'Service charge 10 %')?.right).toBe('2.52');
    // The ₼ sign is in no printer code page: the currency prints as AZN.
    expect(pairOf(doc, 'Total')).toEqual({ kind: 'pair', left: 'Total', right: '27.72 AZN', bold: true, size: 2 });
    expect(pairOf(doc, 'VAT 18 % included')?.right).toBe('4.23');
    expect(pairOf(doc, 'Tip')?.right).toBe('1.00');
  });

  it('prints each payment with its method, the cash tendered and the change', () => {
    const lefts = pairs(doc).map((p) => [p.left, p.right]);
    expect(lefts).toEqual(
      expect.arrayContaining([
        ['Payment: Cash', '20.00'],
        ['  Cash tendered', '50.00'],
        ['  Change', '30.00'],
        // The card part and its tip.
        ['Payment: Card', '8.72'],
      ]),
    );
    expect(pairOf(doc, 'Due')).toBeUndefined();
  });

  it('ends with the footer and "not a fiscal receipt"', () => {
    const last = texts(doc)
      .slice(-2)
      .map((t) => t.text);
    expect(last).toEqual(['Yenə gözləyirik!', 'Not a fiscal receipt']);
    expect(doc.lines.at(-1)).toEqual({ kind: 'feed' });
  });

  it('prints in Azerbaijani and Russian when asked, with their number format', () => {
    const az = receiptDocument(paidBill, { language: 'az', paper: 80 });
    expect(texts(az).find((t) => t.size === 2 && t.text === 'ÇEK')).toBeTruthy();
    expect(pairOf(az, 'Cəmi')?.right).toBe('27,72 AZN');
    expect(pairOf(az, 'Ödəniş: Nağd')?.right).toBe('20,00');
    expect(pairOf(az, '1 x Çay')?.right).toBe('3,00');
    expect(pairOf(az, 'Tarix')?.right).toBe('06.01.2026 01:30');
    expect(texts(az).map((t) => t.text)).toContain('  Əlavələr: Pendir (+1,50)');

    const ru = receiptDocument(paidBill, { language: 'ru', paper: 58 });
    expect(pairOf(ru, 'Итого')?.right).toBe('27,72 AZN');
    expect(pairOf(ru, '2 x Бургер')?.right).toBe('25,00');
    expect(pairOf(ru, 'Обслуживание 10 %')?.right).toBe('2,52');
    expect(pairOf(ru, 'Оплата: Карта')?.right).toBe('8,72');
    expect(texts(ru).at(-1)?.text).toBe('Не является фискальным чеком');
  });

  it('writes thousands with a plain space in Russian (no-break spaces are not in every code page)', () => {
    const ru = receiptDocument(longBill, { language: 'ru', paper: 80 });
    expect(pairs(ru).find((p) => p.left.startsWith('120 x '))?.right).toBe('1 500 000,00');
  });

  it('keeps every line within the columns of its size on 58 and 80 mm', () => {
    for (const paper of PAPER_WIDTHS) {
      for (const language of LANGUAGES) {
        for (const bill of [paidBill, openBill, longBill]) {
          expectFits(receiptDocument(bill, { language, paper, now }), paper);
          expectFits(prebillDocument(bill, { language, paper, now }), paper);
        }
      }
    }
  });

  it('wraps what does not fit rather than cutting it', () => {
    const narrow = receiptDocument(longBill, { language: 'en', paper: 58 });
    // The words as they read down the paper, the figures at the right edge left out.
    const all = narrow.lines
      .map((l) => (l.kind === 'text' ? l.text : l.kind === 'pair' ? l.left : ''))
      .join(' ')
      .replace(/\s+/g, ' ');
    expect(all).toContain('Shah pilaf with apricots, chestnuts and raisins');
    expect(all).toContain('Restoran Köhnə Şəhər Qala Divarları Yanında');
    expect(all).toContain('cay-ve-qenaet-2026-uzun-parol');
    expect(all).toContain('Tables: Terrace Big Round Table 12, Terrace 13');
    // The item's total stands beside the first row of its name.
    expect(pairs(narrow).find((p) => p.left.startsWith('120 x'))?.right).toBe('1,500,000.00');
    // The total does not fit in large type on 58 mm: bold normal type, whole.
    expect(pairOf(narrow, 'Total')).toEqual({ kind: 'pair', left: 'Total', right: '1,498,499.57 AZN', bold: true });
    // Two service charge rates on one bill: the name alone.
    expect(pairOf(narrow, 'Service charge')?.right).toBe('148,500.12');
    expect(pairOf(narrow, 'Refund: Other')?.right).toBe('-1,234,567.89');
  });
});

describe('pre-bill document', () => {
  const doc = prebillDocument(openBill, { ...at80, now });

  it('says it is a pre-bill, shows what is due and no payments', () => {
    expect(texts(doc).find((t) => t.text === 'PRE-BILL')).toMatchObject({ size: 2, bold: true });
    expect(pairOf(doc, 'Due')).toEqual({ kind: 'pair', left: 'Due', right: '27.72 AZN', bold: true, size: 2 });
    expect(pairs(doc).some((p) => p.left.startsWith('Payment'))).toBe(false);
    expect(pairOf(doc, 'Cashier')).toBeUndefined();
    expect(texts(doc).map((t) => t.text)).toContain('Pre-bill - not a receipt');
    // Dated when it is printed, on the restaurant's clock.
    expect(pairOf(doc, 'Date')?.right).toBe('06.01.2026 01:45');
  });

  it('takes off what a split bill has paid already', () => {
    const partly = billResponse.parse({ ...openBill, paid: 20, due: 7.72, payments: [paidBill.payments[0]] });
    const d = prebillDocument(partly, { ...at80, now });
    expect(pairOf(d, 'Paid')?.right).toBe('-20.00');
    expect(pairOf(d, 'Due')?.right).toBe('7.72 AZN');
    expect(pairs(d).some((p) => p.left.startsWith('Payment'))).toBe(false);
  });

  it('uses the language asked for', () => {
    const az = prebillDocument(openBill, { language: 'az', paper: 58, now });
    expect(texts(az).map((t) => t.text)).toEqual(expect.arrayContaining(['ÖN HESAB', 'Ön hesab - çek deyil']));
    const ru = prebillDocument(openBill, { language: 'ru', paper: 58, now });
    expect(pairOf(ru, 'К оплате')?.right).toBe('27,72 AZN');
  });
});

describe('day report document', () => {
  const doc = dayReportDocument(zReport, { ...at80, now });

  it('is the Z report with its number once the day is closed, else the X report', () => {
    expect(texts(doc).find((t) => t.text === 'Z REPORT No. 3')).toMatchObject({ size: 2, bold: true });
    expect(pairOf(doc, 'Business day')?.right).toBe('05.01.2026');
    expect(pairOf(doc, 'Closed')?.right).toBe('06.01.2026 02:00');
    expect(pairOf(doc, 'Closed by')?.right).toBe('Kamran');
    expect(pairOf(doc, 'Printed')?.right).toBe('06.01.2026 01:45');

    const x = dayReportDocument(dayReportResponse.parse({ ...zReport, z: null }), { ...at80, now });
    expect(texts(x).map((t) => t.text)).toEqual(expect.arrayContaining(['X REPORT', 'Not closed: the day so far']));
    expect(pairOf(x, 'Closed')).toBeUndefined();
  });

  it('prints every figure of the day in labelled pairs', () => {
    const figures = Object.fromEntries(pairs(doc).map((p) => [p.left, p.right]));
    expect(figures).toMatchObject({
      'Paid orders': '12',
      Items: '540.00',
      Discounts: '-20.00',
      'Service charge': '+52.00',
      'Gross sales': '572.00 AZN',
      'VAT included (18 %)': '87.25',
      'Net of VAT': '484.75',
      'Guests (QR) (7)': '300.00',
      'Staff (5)': '272.00',
      // Cash: taken before refunds 260.00, less 10.00 refunded, plus 5.00 tips: 255.00 in the drawer.
      'Cash (6)': '260.00',
      '  Refunds': '-10.00',
      'Card (6)': '322.00',
      '  On the card terminal': '334.50',
      '  In the cash drawer': '255.00',
      'Payments (without tips)': '572.00',
      'Tips total': '17.50',
      'Discounts (2)': '-20.00',
      'Voided items (1)': '8.00',
      'Refunds (1)': '-10.00',
      'Cancelled orders': '1',
      'Open orders (0)': '0.00',
      '  Float': '100.00',
      '  Pay-outs': '-20.00',
      '  Expected': '335.00',
      '  Counted': '333.50',
      'Cash expected': '335.00',
      'Cash counted': '333.50',
    });
  });

  it('writes the over/short with its sign', () => {
    expect(
      pairs(doc)
        .filter((p) => p.left.trim() === 'Over/short')
        .map((p) => p.right),
    ).toEqual(['-1.50', '-1.50']);
    const over = dayReportResponse.parse({
      ...zReport,
      drawers: [{ ...zReport.drawers[0], counted: 335.5, difference: 0.5 }],
      cash: { expected: 335, counted: 335.5, difference: 0.5 },
    });
    expect(pairOf(dayReportDocument(over, at80), 'Over/short')?.right).toBe('+0.50');
    const uncounted = dayReportResponse.parse({ ...zReport, cash: { expected: 335, counted: null, difference: null } });
    expect(pairOf(dayReportDocument(uncounted, at80), 'Over/short')?.right).toBe('-');
  });

  it('prints in Azerbaijani and Russian, within the paper', () => {
    const az = dayReportDocument(zReport, { language: 'az', paper: 58, now });
    expect(texts(az).map((t) => t.text)).toContain('Z-HESABAT № 3');
    expect(pairOf(az, 'Nağd olmalıdır')?.right).toBe('335,00');
    const ru = dayReportDocument(zReport, { language: 'ru', paper: 58, now });
    expect(texts(ru).map((t) => t.text)).toContain('Z-ОТЧЁТ № 3');
    expect(pairOf(ru, 'Излишек/Недостача')?.right).toBe('-1,50');
    for (const paper of PAPER_WIDTHS) {
      for (const language of LANGUAGES) expectFits(dayReportDocument(zReport, { language, paper, now }), paper);
    }
  });
});

describe('test page', () => {
  it('has a ruler of exactly the paper columns and every kind of line', () => {
    for (const [paper, columns] of [
      [58, 32],
      [80, 48],
    ] as const) {
      const doc = testPageDocument({ name: 'Bar', paper, textMode: 'CODEPAGE', language: 'en' }, now, 'Asia/Baku');
      const ruler = texts(doc).find((t) => /^\d+$/.test(t.text));
      expect(ruler?.text).toHaveLength(columns);
      expect(ruler?.text.startsWith('12345678901234567890')).toBe(true);
      expect(pairOf(doc, 'Printer')?.right).toBe('Bar');
      expect(pairOf(doc, 'Paper')?.right).toBe(`${paper} mm (${columns})`);
      expect(pairOf(doc, 'Text mode')?.right).toBe('code pages');
      expect(pairOf(doc, 'Date')?.right).toBe('06.01.2026 01:45');
      expect(texts(doc).some((t) => t.size === 2 && t.text === 'DOUBLE SIZE')).toBe(true);
      expect(texts(doc).some((t) => t.bold && t.text === 'Bold text')).toBe(true);
      expect(pairOf(doc, 'Left')?.right).toBe('Right 12.50');
      const all = texts(doc)
        .map((t) => t.text)
        .join(' ');
      expect(all).toContain('QR Menu test page');
      expect(all).toContain('Azərbaycan: ə ğ ı ş ç ö ü Ə Ğ I İ Ş Ç Ö Ü');
      expect(all).toContain('Русский: Ёё Щщ Ъъ Ыы Юю Яя');
      expectFits(doc, paper);
    }
  });

  it('is in the printer language', () => {
    const ru = testPageDocument({ name: 'Кухня', paper: 58, textMode: 'IMAGE', language: 'ru' }, now, 'Asia/Baku');
    expect(pairOf(ru, 'Режим текста')?.right).toBe('изображение');
    expectFits(ru, 58);
  });
});

describe('till labels', () => {
  /** Every key path of a labels object ("methods.CASH"). */
  const keys = (o: object, prefix = ''): string[] =>
    Object.entries(o)
      .flatMap(([k, v]) => (typeof v === 'object' && v ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]))
      .sort();

  it('has the same keys, none empty, in every language', () => {
    for (const language of LANGUAGES) {
      expect(keys(TILL_LABELS[language])).toEqual(keys(TILL_LABELS.en));
      const values = keys(TILL_LABELS[language]).map((path) =>
        path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], TILL_LABELS[language]),
      );
      expect(values.every((v) => typeof v === 'string' && v.trim() !== '')).toBe(true);
    }
  });
});
