import type { Language, PaymentMethod } from '@qr-menu/contract';

/**
 * The words of the till's paper (pre-bills, receipts, X/Z reports, the test page) in each language a printer may
 * print in. A test keeps the keys of the three languages equal. `{name}` marks a value filled in (`fillLabel`).
 *
 * Only characters a receipt printer's code pages have where it costs nothing: a hyphen rather than a dash or a minus
 * sign, "x" rather than "×". A line with a character no code page has (the Azerbaijani ə) prints as an image, which
 * works but is slower.
 */
export interface TillLabels {
  // Pre-bill and receipt.
  receiptTitle: string;
  prebillTitle: string;
  prebillNote: string;
  notFiscal: string;
  thanks: string;
  taxId: string;
  order: string;
  orders: string;
  table: string;
  tables: string;
  waiter: string;
  cashier: string;
  date: string;
  subtotal: string;
  discount: string;
  serviceCharge: string;
  /** `{rate}`: the VAT rate as the language writes it. */
  vatIncluded: string;
  total: string;
  tips: string;
  paid: string;
  due: string;
  payment: string;
  refund: string;
  refunded: string;
  tendered: string;
  change: string;
  methods: Record<PaymentMethod, string>;

  // X and Z reports.
  xTitle: string;
  /** `{number}`: the Z report's number. */
  zTitle: string;
  xNote: string;
  businessDay: string;
  period: string;
  printedAt: string;
  closedAt: string;
  closedBy: string;
  /** `{number}`, `{at}`, `{by}`, `{reason}`: an earlier closing of the day that was reopened. */
  reopenedLine: string;
  sales: string;
  paidOrders: string;
  items: string;
  discounts: string;
  gross: string;
  /** `{rate}`: the VAT rate. */
  vat: string;
  net: string;
  notVatPayer: string;
  origin: string;
  /** `{n}`: how many orders. */
  guestOrders: string;
  staffOrders: string;
  byMethod: string;
  noPayments: string;
  refunds: string;
  tipsOnTop: string;
  inDrawer: string;
  onTerminal: string;
  collected: string;
  paymentsTotal: string;
  tipsTotal: string;
  corrections: string;
  /** `{n}`: how many. */
  discountsCount: string;
  voids: string;
  refundsCount: string;
  ordersState: string;
  cancelledOrders: string;
  openOrders: string;
  openWarning: string;
  drawers: string;
  noDrawers: string;
  float: string;
  cashSales: string;
  payIns: string;
  payOuts: string;
  expected: string;
  counted: string;
  difference: string;
  stillOpen: string;
  cashExpected: string;
  cashCounted: string;
  cashDifference: string;
  signature: string;

  // Test page.
  testTitle: string;
  printer: string;
  paper: string;
  textMode: string;
  modeCodepage: string;
  modeImage: string;
  doubleSize: string;
  boldLine: string;
  pairLeft: string;
  pairRight: string;
}

export const TILL_LABELS: Record<Language, TillLabels> = {
  az: {
    receiptTitle: 'ÇEK',
    prebillTitle: 'ÖN HESAB',
    prebillNote: 'Ön hesab - çek deyil',
    notFiscal: 'Bu, fiskal çek deyil',
    thanks: 'Təşəkkür edirik!',
    taxId: 'VÖEN',
    order: 'Sifariş',
    orders: 'Sifarişlər',
    table: 'Masa',
    tables: 'Masalar',
    waiter: 'Ofisiant',
    cashier: 'Kassir',
    date: 'Tarix',
    subtotal: 'Ara cəm',
    discount: 'Endirim',
    serviceCharge: 'Xidmət haqqı',
    vatIncluded: 'ƏDV {rate} % daxildir',
    total: 'Cəmi',
    tips: 'Çay pulu',
    paid: 'Ödənilib',
    due: 'Ödəniləcək',
    payment: 'Ödəniş',
    refund: 'Qaytarma',
    refunded: 'Qaytarılıb',
    tendered: 'Verilən məbləğ',
    change: 'Qalıq',
    methods: { CASH: 'Nağd', CARD: 'Kart', OTHER: 'Digər' },

    xTitle: 'X-HESABAT',
    zTitle: 'Z-HESABAT № {number}',
    xNote: 'Bağlanmayıb: günün indiyədək olan hissəsi',
    businessDay: 'İş günü',
    period: 'Dövr',
    printedAt: 'Çap olunub',
    closedAt: 'Bağlanıb',
    closedBy: 'Bağlayan',
    reopenedLine: 'Z № {number} yenidən açılıb {at}, {by}: {reason}',
    sales: 'Satış',
    paidOrders: 'Ödənilmiş sifarişlər',
    items: 'Məhsullar',
    discounts: 'Endirimlər',
    gross: 'Ümumi satış',
    vat: 'ƏDV daxildir ({rate} %)',
    net: 'ƏDV-siz',
    notVatPayer: 'ƏDV ödəyicisi deyil',
    origin: 'Sifarişlərin mənbəyi',
    guestOrders: 'Qonaq sifarişləri (QR) ({n})',
    staffOrders: 'İşçi sifarişləri ({n})',
    byMethod: 'Ödəniş üsulları üzrə',
    noPayments: 'Ödəniş yoxdur.',
    refunds: 'Geri qaytarma',
    tipsOnTop: 'Çay pulu (hesabdan əlavə)',
    inDrawer: 'Kassada nağd',
    onTerminal: 'Kart terminalında',
    collected: 'Yığılıb',
    paymentsTotal: 'Ödənişlər cəmi (çay pulusuz)',
    tipsTotal: 'Çay pulu cəmi',
    corrections: 'Endirimlər, ləğvlər, qaytarmalar',
    discountsCount: 'Endirimlər ({n})',
    voids: 'Ləğv edilmiş məhsullar ({n})',
    refundsCount: 'Geri qaytarmalar ({n})',
    ordersState: 'Sifarişlər',
    cancelledOrders: 'Ləğv edilmiş sifarişlər',
    openOrders: 'Açıq sifarişlər ({n})',
    openWarning: 'Bəzi sifarişlər hələ açıqdır: onları bağlayın və ya ləğv edin.',
    drawers: 'Kassalar',
    noDrawers: 'Heç bir kassa açılmayıb.',
    float: 'Açılış məbləği',
    cashSales: 'Nağd satış',
    payIns: 'Kassaya mədaxil',
    payOuts: 'Kassadan məxaric',
    expected: 'Olmalıdır',
    counted: 'Sayılmış nağd',
    difference: 'Artıq/Əskik',
    stillOpen: 'hələ açıqdır',
    cashExpected: 'Nağd olmalıdır',
    cashCounted: 'Sayılmış nağd',
    cashDifference: 'Artıq/Əskik',
    signature: 'İmza',

    testTitle: 'QR Menu sınaq səhifəsi',
    printer: 'Printer',
    paper: 'Kağız',
    textMode: 'Mətn rejimi',
    modeCodepage: 'kod səhifələri',
    modeImage: 'şəkil',
    doubleSize: 'İKİQAT ÖLÇÜ',
    boldLine: 'Qalın mətn',
    pairLeft: 'Sol',
    pairRight: 'Sağ 12,50',
  },
  en: {
    receiptTitle: 'RECEIPT',
    prebillTitle: 'PRE-BILL',
    prebillNote: 'Pre-bill - not a receipt',
    notFiscal: 'Not a fiscal receipt',
    thanks: 'Thank you!',
    taxId: 'Tax ID (VÖEN)',
    order: 'Order',
    orders: 'Orders',
    table: 'Table',
    tables: 'Tables',
    waiter: 'Waiter',
    cashier: 'Cashier',
    date: 'Date',
    subtotal: 'Subtotal',
    discount: 'Discount',
    serviceCharge: 'Service charge',
    vatIncluded: 'VAT {rate} % included',
    total: 'Total',
    tips: 'Tip',
    paid: 'Paid',
    due: 'Due',
    payment: 'Payment',
    refund: 'Refund',
    refunded: 'Refunded',
    tendered: 'Cash tendered',
    change: 'Change',
    methods: { CASH: 'Cash', CARD: 'Card', OTHER: 'Other' },

    xTitle: 'X REPORT',
    zTitle: 'Z REPORT No. {number}',
    xNote: 'Not closed: the day so far',
    businessDay: 'Business day',
    period: 'Period',
    printedAt: 'Printed',
    closedAt: 'Closed',
    closedBy: 'Closed by',
    reopenedLine: 'Z No. {number} reopened {at} by {by}: {reason}',
    sales: 'Sales',
    paidOrders: 'Paid orders',
    items: 'Items',
    discounts: 'Discounts',
    gross: 'Gross sales',
    vat: 'VAT included ({rate} %)',
    net: 'Net of VAT',
    notVatPayer: 'Not a VAT payer',
    origin: 'Orders by origin',
    guestOrders: 'Guests (QR) ({n})',
    staffOrders: 'Staff ({n})',
    byMethod: 'Payments by method',
    noPayments: 'No payments.',
    refunds: 'Refunds',
    tipsOnTop: 'Tips (on top)',
    inDrawer: 'In the cash drawer',
    onTerminal: 'On the card terminal',
    collected: 'Collected',
    paymentsTotal: 'Payments (without tips)',
    tipsTotal: 'Tips total',
    corrections: 'Discounts, voids, refunds',
    discountsCount: 'Discounts ({n})',
    voids: 'Voided items ({n})',
    refundsCount: 'Refunds ({n})',
    ordersState: 'Orders',
    cancelledOrders: 'Cancelled orders',
    openOrders: 'Open orders ({n})',
    openWarning: 'Some orders are still open: close or cancel them.',
    drawers: 'Cash drawers',
    noDrawers: 'No drawer was opened.',
    float: 'Float',
    cashSales: 'Cash sales',
    payIns: 'Pay-ins',
    payOuts: 'Pay-outs',
    expected: 'Expected',
    counted: 'Counted',
    difference: 'Over/short',
    stillOpen: 'still open',
    cashExpected: 'Cash expected',
    cashCounted: 'Cash counted',
    cashDifference: 'Over/short',
    signature: 'Signature',

    testTitle: 'QR Menu test page',
    printer: 'Printer',
    paper: 'Paper',
    textMode: 'Text mode',
    modeCodepage: 'code pages',
    modeImage: 'image',
    doubleSize: 'DOUBLE SIZE',
    boldLine: 'Bold text',
    pairLeft: 'Left',
    pairRight: 'Right 12.50',
  },
  ru: {
    receiptTitle: 'ЧЕК',
    prebillTitle: 'ПРЕЧЕК',
    prebillNote: 'Пречек - не является чеком',
    notFiscal: 'Не является фискальным чеком',
    thanks: 'Спасибо!',
    taxId: 'VÖEN (ИНН)',
    order: 'Заказ',
    orders: 'Заказы',
    table: 'Стол',
    tables: 'Столы',
    waiter: 'Официант',
    cashier: 'Кассир',
    date: 'Дата',
    subtotal: 'Подытог',
    discount: 'Скидка',
    serviceCharge: 'Обслуживание',
    vatIncluded: 'НДС {rate} % включён',
    total: 'Итого',
    tips: 'Чаевые',
    paid: 'Оплачено',
    due: 'К оплате',
    payment: 'Оплата',
    refund: 'Возврат',
    refunded: 'Возвращено',
    tendered: 'Получено',
    change: 'Сдача',
    methods: { CASH: 'Наличные', CARD: 'Карта', OTHER: 'Другое' },

    xTitle: 'X-ОТЧЁТ',
    zTitle: 'Z-ОТЧЁТ № {number}',
    xNote: 'Не закрыт: день на текущий момент',
    businessDay: 'Рабочий день',
    period: 'Период',
    printedAt: 'Напечатан',
    closedAt: 'Закрыт',
    closedBy: 'Закрыл(а)',
    reopenedLine: 'Z № {number} открыт заново {at}, {by}: {reason}',
    sales: 'Продажи',
    paidOrders: 'Оплаченные заказы',
    items: 'Позиции',
    discounts: 'Скидки',
    gross: 'Продажи всего',
    vat: 'В том числе НДС ({rate} %)',
    net: 'Без НДС',
    notVatPayer: 'Не плательщик НДС',
    origin: 'Заказы по источнику',
    guestOrders: 'Гости (QR) ({n})',
    staffOrders: 'Персонал ({n})',
    byMethod: 'Оплаты по способам',
    noPayments: 'Оплат нет.',
    refunds: 'Возвраты',
    tipsOnTop: 'Чаевые (сверх счёта)',
    inDrawer: 'Наличных в кассе',
    onTerminal: 'На терминале',
    collected: 'Получено',
    paymentsTotal: 'Оплаты (без чаевых)',
    tipsTotal: 'Чаевые всего',
    corrections: 'Скидки, аннулирования, возвраты',
    discountsCount: 'Скидки ({n})',
    voids: 'Аннулированные позиции ({n})',
    refundsCount: 'Возвраты ({n})',
    ordersState: 'Заказы',
    cancelledOrders: 'Отменённые заказы',
    openOrders: 'Открытые заказы ({n})',
    openWarning: 'Некоторые заказы ещё открыты: закройте или отмените их.',
    drawers: 'Кассы',
    noDrawers: 'Кассы не открывались.',
    float: 'Размен',
    cashSales: 'Наличные продажи',
    payIns: 'Внесения',
    payOuts: 'Изъятия',
    expected: 'Ожидается',
    counted: 'Пересчитано',
    difference: 'Излишек/Недостача',
    stillOpen: 'ещё открыта',
    cashExpected: 'Наличных ожидается',
    cashCounted: 'Наличных пересчитано',
    cashDifference: 'Излишек/Недостача',
    signature: 'Подпись',

    testTitle: 'Тестовая страница QR Menu',
    printer: 'Принтер',
    paper: 'Бумага',
    textMode: 'Режим текста',
    modeCodepage: 'кодовые страницы',
    modeImage: 'изображение',
    doubleSize: 'ДВОЙНОЙ РАЗМЕР',
    boldLine: 'Жирный текст',
    pairLeft: 'Слева',
    pairRight: 'Справа 12,50',
  },
};

/** A label with its `{name}` marks filled in ("Z REPORT No. {number}" → "Z REPORT No. 3"). */
export function fillLabel(label: string, values: Record<string, string | number>): string {
  return label.replace(/\{(\w+)\}/g, (mark, name: string) => (name in values ? String(values[name]) : mark));
}
