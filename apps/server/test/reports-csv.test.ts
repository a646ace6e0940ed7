import { describe, expect, it } from 'vitest';
import { csvCell, csvFormat, itemsCsv, ordersCsv } from '../src/modules/reports/csv.js';
import { previousRange } from '../src/modules/reports/reports.service.js';

/** The CSV rules of the reports (RFC 4180 quoting, separators per language, formula safety), without a database. */

const en = csvFormat('en');
const az = csvFormat('az');

describe('csvCell', () => {
  it('quotes only cells holding the separator, a quote or a line break; doubles quotes', () => {
    expect(csvCell('plain', en)).toBe('plain');
    expect(csvCell('a;b', en)).toBe('a;b');
    expect(csvCell('a;b', az)).toBe('"a;b"');
    expect(csvCell('a,b', en)).toBe('"a,b"');
    expect(csvCell('a,b', az)).toBe('a,b');
    expect(csvCell('say "hi"', en)).toBe('"say ""hi"""');
    expect(csvCell('two\nlines', az)).toBe('"two\nlines"');
    expect(csvCell('cr\rhere', en)).toBe('"cr\rhere"');
  });
});

describe('files', () => {
  const order = {
    id: 7,
    date: '2025-03-10',
    time: '23:30',
    table: '+994 terrace',
    status: 'PAID',
    items: 2,
    total: '1234.5',
    discount: '0.00',
    tips: '0.10',
    paidAt: '2025-03-10 23:50',
    methods: ['CASH', 'CARD'],
  };

  it('orders: formula-safe table names, decimal comma in az, methods translated and quoted in en', () => {
    expect(ordersCsv([order], 'az').split('\r\n')[1]).toBe(
      "7;2025-03-10;23:30;'+994 terrace;Ödənilib;2;1234,50;0,00;0,10;2025-03-10 23:50;Nağd, Kart",
    );
    expect(ordersCsv([order], 'en').split('\r\n')[1]).toBe(
      `7,2025-03-10,23:30,'+994 terrace,Paid,2,1234.50,0.00,0.10,2025-03-10 23:50,"Cash, Card"`,
    );
  });

  it('names every status as the staff screens do, a guest order waiting for confirmation too', () => {
    const waiting = { ...order, status: 'NEEDS_CONFIRMATION' };
    const statusCell = (lang: 'az' | 'en' | 'ru') =>
      ordersCsv([waiting], lang).split('\r\n')[1].split(csvFormat(lang).separator)[4];
    expect(statusCell('az')).toBe('Təsdiq gözləyir');
    expect(statusCell('en')).toBe('Waiting for confirmation');
    expect(statusCell('ru')).toBe('Ждёт подтверждения');
  });

  it('items: a note with a line break and a leading @ stays one quoted, safe cell; names fall back to name', () => {
    const csv = itemsCsv(
      [
        {
          orderId: 7,
          date: '2025-03-10 23:30',
          table: '1',
          name: 'Plov',
          names: null,
          quantity: 1,
          price: '10.00',
          line: '10.00',
          status: 'DELETED',
          note: '@SUM(A1)\nmore',
        },
      ],
      'ru',
    );
    expect(csv.startsWith('\uFEFFЗаказ;')).toBe(true);
    expect(csv.split('\r\n')[1]).toBe(`7;2025-03-10 23:30;1;Plov;1;10,00;10,00;Удалено;"'@SUM(A1)\nmore"`);
  });
});

describe('previousRange', () => {
  it('the same number of days just before, across month and leap-year ends', () => {
    expect(previousRange('2025-03-10', '2025-03-12')).toEqual({ from: '2025-03-07', to: '2025-03-09' });
    expect(previousRange('2024-03-01', '2024-03-31')).toEqual({ from: '2024-01-30', to: '2024-02-29' });
    expect(previousRange('2025-01-01', '2025-01-01')).toEqual({ from: '2024-12-31', to: '2024-12-31' });
  });
});
