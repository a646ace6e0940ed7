import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { io } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bill, Language, OrderEvent, Role, StaffCall } from '@qr-menu/contract';
import { ORDER_EVENT } from '@qr-menu/contract';
import { renderWithProviders } from '../../../test/render';
import { jsonResponse } from '../shared/test-utils';
import { makeCall } from '../shared/live/call-fixture';
import './index';
import { BillPage } from './BillPage';
import { ReceiptPage } from './ReceiptPage';
import { parseOrderIds } from './bill-format';
import appAz from '../../../i18n/az.json';
import appEn from '../../../i18n/en.json';
import appRu from '../../../i18n/ru.json';
import az from './i18n/az.json';
import en from './i18n/en.json';
import ru from './i18n/ru.json';

vi.mock('socket.io-client', () => ({ io: vi.fn() }));
const fakeSocket = { on: vi.fn(), emit: vi.fn(), disconnect: vi.fn(), removeAllListeners: vi.fn(), connected: false };

const names = { az: 'Plov', en: 'Pilaf', ru: 'Плов' };

/**
 * A bill of 10.00 AZN: one pilaf (6.00) and two teas (2.00 each), at table 7, restaurant in Baku speaking az. Its
 * order is id 12, number 3 of the day (what people see).
 */
const eatery: Bill['eatery'] = {
  id: 7,
  name: 'Şirvan',
  timeZone: 'Asia/Baku',
  language: 'az',
  address: '',
  phones: [],
  taxId: '',
  receiptFooter: '',
  currency: 'AZN',
  vatPayer: false,
  vatRatePercent: 18,
  serviceChargeNames: { az: 'Xidmət haqqı', en: 'Service charge', ru: 'Обслуживание' },
};

/** An order of the bill: no service charge, no waiter unless said. */
const order = (over: Partial<Bill['orders'][number]> = {}): Bill['orders'][number] => ({
  id: 12,
  number: 3,
  tableNumber: '7',
  status: 'ISSUED',
  createdAt: '2026-01-05T12:00:00.000Z',
  orderPrice: 10,
  discount: 0,
  serviceChargeRate: 0,
  serviceCharge: 0,
  waiter: null,
  ...over,
});

/** A payment of the bill (a part): no cash handed over recorded unless said. */
const payment = (over: Partial<Bill['payments'][number]>): Bill['payments'][number] => ({
  id: 'p1',
  method: 'CASH',
  amount: 0,
  reason: null,
  tip: 0,
  tendered: null,
  change: null,
  itemIds: null,
  createdAt: '2026-01-05T12:10:00.000Z',
  createdBy: null,
  ...over,
});

const openBill = (over: Partial<Bill> = {}): Bill => ({
  eatery,
  orders: [order()],
  items: [
    { id: 1, orderId: 12, name: 'Plov', names, quantity: 1, price: 6, total: 6, paid: false, options: [] },
    {
      id: 2,
      orderId: 12,
      name: 'Çay',
      names: { az: 'Çay', en: 'Tea', ru: 'Чай' },
      quantity: 2,
      price: 2,
      total: 4,
      paid: false,
      options: [],
    },
  ],
  subtotal: 10,
  discount: 0,
  discountReason: null,
  serviceCharge: 0,
  total: 10,
  vat: 0,
  paid: 0,
  refunded: 0,
  tips: 0,
  due: 10,
  payments: [],
  status: 'OPEN',
  paidAt: null,
  paidBy: null,
  ...over,
});

const paidBill = () =>
  openBill({
    orders: [order({ status: 'PAID', discount: 1 })],
    discount: 1,
    discountReason: 'Daimi qonaq',
    total: 9,
    paid: 9,
    tips: 0.9,
    due: 0,
    payments: [
      payment({
        id: 'p1',
        method: 'CARD',
        amount: 9,
        tip: 0.9,
        createdAt: '2026-01-05T20:30:00.000Z',
        createdBy: 'Aysel',
      }),
    ],
    status: 'PAID',
    // 20:30 UTC is 00:30 the next day in Baku (UTC+4).
    paidAt: '2026-01-05T20:30:00.000Z',
    paidBy: 'Aysel',
  });

/** The paid bill after 5.00 of it went back in cash: open again, 5.00 due. */
const refundedBill = () => {
  const paid = paidBill();
  return openBill({
    ...paid,
    orders: paid.orders.map((o) => ({ ...o, status: 'ISSUED' })),
    paid: 4,
    refunded: 5,
    due: 5,
    payments: [
      ...paid.payments,
      payment({
        id: 'r1',
        method: 'CASH',
        amount: -5,
        reason: 'Dish returned',
        createdAt: '2026-01-05T21:00:00.000Z',
        createdBy: 'Nigar',
      }),
    ],
    status: 'OPEN',
    paidAt: null,
    paidBy: null,
  });
};

/** The reopen calls made: where, with which body. */
const reopens = () =>
  fetchSpy.mock.calls
    .filter(([url]) => String(url).endsWith('/reopen'))
    .map(([url, init]) => ({ url, body: JSON.parse(String((init as RequestInit).body)) as unknown }));

let bill: Bill;
let calls: StaffCall[];
let roles: Role[];
let postAnswer: ((body: Record<string, unknown>) => Response) | null;
let fetchSpy: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.mocked(io)
    .mockReset()
    .mockReturnValue(fakeSocket as never);
  fakeSocket.on.mockReset();
  bill = openBill();
  calls = [];
  roles = ['CASHIER'];
  postAnswer = null;
  fetchSpy = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/eatery') return jsonResponse([{ id: 7, name: 'Şirvan', roles }]);
    if (url.startsWith('/api/eatery/7/bill?orderIds=')) return jsonResponse(bill);
    if (url === '/api/eatery/7/calls') return jsonResponse(calls);
    if (['payments', 'discount', 'refunds', 'split-item'].some((r) => url === `/api/eatery/7/bill/${r}`)) {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      return postAnswer ? postAnswer(body) : jsonResponse(bill);
    }
    const reopen = /^\/api\/eatery\/7\/orders\/(\d+)\/reopen$/.exec(url);
    if (reopen) {
      // The order is open again: so is the bill read next.
      bill = { ...bill, status: 'OPEN', paidAt: null, paidBy: null };
      bill.orders = bill.orders.map((o) => (o.id === Number(reopen[1]) ? { ...o, status: 'ISSUED' } : o));
      return jsonResponse({ id: Number(reopen[1]), status: 'ISSUED' });
    }
    return jsonResponse({ messageKey: 'notFound', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(() => vi.unstubAllGlobals());

const renderBill = (lang: Language = 'en', path = '/admin/bill?orderIds=12&restaurantId=7') =>
  renderWithProviders(<BillPage />, { lang, path });

/** Bodies sent to a bill route. */
const sent = (route: 'payments' | 'discount' | 'refunds' | 'split-item') =>
  fetchSpy.mock.calls
    .filter(([url]) => url === `/api/eatery/7/bill/${route}`)
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as unknown);

describe('closing the bill', () => {
  it('shows the items in the interface language and the totals down to what is due', async () => {
    await renderBill('ru');
    const rows = await screen.findAllByTestId('bill-item');
    expect(rows.map((r) => r.textContent)).toEqual(['Плов 16,006,00', 'Чай 22,004,00']);
    expect(screen.getByTestId('bill-due').textContent).toBe('10,00 AZN');
    expect(screen.getByText('Платежей пока нет.')).toBeTruthy();
  });

  it('splits 10.00 equally by 3 guests: 3.34, 3.33, 3.33, each recorded with its own method, as exact strings', async () => {
    await renderBill();
    fireEvent.click(await screen.findByRole('radio', { name: 'Equally' }));
    fireEvent.change(screen.getByLabelText('Number of guests'), { target: { value: '3' } });
    const parts = await screen.findAllByTestId('split-part');
    expect(parts.map((p) => within(p).getByRole('button').textContent)).toEqual([
      'Record part 1 · 3.34 AZN',
      'Record part 2 · 3.33 AZN',
      'Record part 3 · 3.33 AZN',
    ]);
    fireEvent.click(within(parts[0]).getByRole('radio', { name: 'Card' }));
    fireEvent.click(within(parts[0]).getByRole('button', { name: /Record part 1/ }));
    await screen.findByText('Part 1 recorded · 3.34 AZN');
    for (const n of [2, 3]) {
      fireEvent.click(screen.getByRole('button', { name: new RegExp(`Record part ${n}`) }));
      await screen.findByText(`Part ${n} recorded · 3.33 AZN`);
    }
    expect(sent('payments')).toEqual([
      { orderIds: [12], method: 'CARD', amount: '3.34' },
      { orderIds: [12], method: 'CASH', amount: '3.33' },
      { orderIds: [12], method: 'CASH', amount: '3.33' },
    ]);
  });

  it('records the whole bill with a tip in percent (no amount: everything due)', async () => {
    await renderBill();
    fireEvent.click(await screen.findByRole('radio', { name: 'Other' }));
    fireEvent.click(screen.getByRole('radio', { name: '%' }));
    fireEvent.change(screen.getByLabelText('Tip in percent'), { target: { value: '12.5' } });
    // The button shows what it takes with the tip: 12.5 % of 10.00 is 1.25.
    fireEvent.click(screen.getByRole('button', { name: 'Record payment · 11.25 AZN' }));
    await waitFor(() =>
      expect(sent('payments')).toEqual([{ orderIds: [12], method: 'OTHER', tip: { percent: '12.5' } }]),
    );
  });

  it('a bad tip is refused before sending; the server’s message about the tip shows under it, translated', async () => {
    await renderBill('en');
    fireEvent.click(await screen.findByRole('radio', { name: 'Amount' }));
    const tip = screen.getByLabelText('Tip amount (AZN)');
    fireEvent.change(tip, { target: { value: '1.234' } });
    fireEvent.blur(tip);
    expect(await screen.findByText('Please enter a valid amount')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Record payment/ }));
    expect(sent('payments')).toEqual([]);

    postAnswer = () =>
      jsonResponse(
        { messageKey: 'validation', message: 'x', details: [{ field: 'tip.amount', messageKey: 'validation.amount' }] },
        400,
      );
    fireEvent.change(tip, { target: { value: '5' } });
    fireEvent.blur(tip);
    await waitFor(() => expect(screen.queryByText('Please enter a valid amount')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /Record payment/ }));
    await waitFor(() => expect(sent('payments')).toEqual([{ orderIds: [12], method: 'CASH', tip: { amount: '5' } }]));
    expect(await screen.findByText('Please enter a valid amount')).toBeTruthy();
  });

  it('an amount above what is due (another cashier was quicker) is said under the part, in Azerbaijani', async () => {
    postAnswer = () =>
      jsonResponse(
        {
          messageKey: 'validation',
          message: 'x',
          details: [{ field: 'amount', messageKey: 'validation.amountTooHigh' }],
        },
        400,
      );
    await renderBill('az');
    fireEvent.click(await screen.findByRole('radio', { name: 'Bərabər' }));
    const parts = await screen.findAllByTestId('split-part');
    fireEvent.click(within(parts[0]).getByRole('button'));
    expect((await within(parts[0]).findByRole('alert')).textContent).toBe(appAz.validation.amountTooHigh);
  });

  it('splits by items: sends the ticked items, which the server prices', async () => {
    await renderBill();
    fireEvent.click(await screen.findByRole('radio', { name: 'By items' }));
    fireEvent.click(screen.getByRole('button', { name: /Record payment/ }));
    expect(await screen.findByText('Tick at least one item')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /Tea/ }));
    expect(screen.getByText('Selected: 4.00 AZN')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Record payment · 4.00 AZN' }));
    await waitFor(() => expect(sent('payments')).toEqual([{ orderIds: [12], method: 'CASH', itemIds: [2] }]));
  });

  it('gives a cashier the discount behind a button, with a manager’s e-mail and password to approve it', async () => {
    await renderBill();
    await screen.findByRole('radio', { name: 'Equally' });
    // Once the caller's roles are known (the restaurants list gives the name under the title too), no open form.
    expect(await screen.findByText('Şirvan')).toBeTruthy();
    expect(screen.queryByTestId('discount-form')).toBeNull();
    expect(screen.queryByLabelText(/Reason/)).toBeNull();
    fireEvent.click(within(screen.getByTestId('discount-closed')).getByRole('button', { name: 'Discount' }));
    const form = await screen.findByTestId('discount-form');
    fireEvent.change(within(form).getByLabelText('Discount amount (AZN)'), { target: { value: '2' } });
    fireEvent.change(within(form).getByLabelText(/^Reason/), { target: { value: 'Regular' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Apply discount' }));
    expect(await within(form).findAllByText(appEn.validation.required)).toHaveLength(2);
    expect(sent('discount')).toEqual([]);
    fireEvent.change(within(form).getByLabelText(/^Manager e-mail/), { target: { value: 'boss@example.com' } });
    fireEvent.change(within(form).getByLabelText(/^Manager password/), { target: { value: 'secret-1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Apply discount' }));
    await waitFor(() =>
      expect(sent('discount')).toEqual([
        {
          orderIds: [12],
          amount: '2',
          reason: 'Regular',
          approval: { email: 'boss@example.com', password: 'secret-1' },
        },
      ]),
    );
  });

  it('an admin gives a discount: amount or percent, with a reason, which is required', async () => {
    roles = ['EATERY_ADMIN'];
    await renderBill();
    const form = await screen.findByTestId('discount-form');
    const apply = within(form).getByRole('button', { name: 'Apply discount' });
    fireEvent.click(within(form).getByRole('radio', { name: '%' }));
    fireEvent.change(screen.getByLabelText('Discount in percent'), { target: { value: '10' } });
    fireEvent.click(apply);
    expect(await screen.findByText(appEn.validation.reasonRequired)).toBeTruthy();
    expect(sent('discount')).toEqual([]);
    fireEvent.change(screen.getByLabelText(/Reason/), { target: { value: '  Regular guest ' } });
    fireEvent.click(apply);
    await waitFor(() => expect(sent('discount')).toEqual([{ orderIds: [12], percent: '10', reason: 'Regular guest' }]));
  });

  it('a paid bill says who closed it and when, in the restaurant’s time zone, and offers the receipt', async () => {
    bill = paidBill();
    await renderBill('en');
    const paid = await screen.findByTestId('bill-paid');
    expect(paid.textContent).toContain('Paid');
    expect(paid.textContent).toContain('Closed by Aysel on Jan 6, 2026, 00:30');
    expect(within(paid).getByRole('link', { name: 'Print receipt' }).getAttribute('href')).toBe(
      '/admin/receipt?orderIds=12&restaurantId=7',
    );
    // No more payments or discounts on a closed bill.
    expect(screen.queryByRole('radio', { name: 'Equally' })).toBeNull();
    expect(screen.getByTestId('bill-payment').textContent).toContain('Card · 9.00 AZN · tip 0.90 AZN');
  });

  it('follows the bill live: an event about one of its orders re-reads it, one about another order does not', async () => {
    await renderBill();
    await screen.findByText('No payments yet.');
    await waitFor(() => expect(fakeSocket.on).toHaveBeenCalledWith(ORDER_EVENT, expect.any(Function)), {
      timeout: 3000,
    });
    const handler = fakeSocket.on.mock.calls.find(([name]) => name === ORDER_EVENT)![1] as (...e: OrderEvent[]) => void;
    const billReads = () => fetchSpy.mock.calls.filter(([url]) => String(url).includes('/bill?')).length;
    const before = billReads();

    // An event re-reads the bill as it is handled; the count at the end (one read) also covers this one.
    await act(async () => handler({ type: 'ORDER_DELETED', orderId: 99, status: 'CREATED' }));
    expect(billReads()).toBe(before);

    // Another cashier took 4.00 in cash.
    bill = openBill({
      paid: 4,
      due: 6,
      payments: [payment({ id: 'p1', amount: 4, createdBy: 'Leyla' })],
    });
    act(() =>
      handler({ type: 'ORDER_UPDATED', orderId: 12, status: 'ISSUED', version: 5, order: { id: 12 } as never }),
    );
    await waitFor(() => expect(screen.getByTestId('bill-due').textContent).toBe('6.00 AZN'));
    expect(billReads()).toBe(before + 1);
  });

  it('says when no orders are chosen, without asking the server', async () => {
    await renderBill('en', '/admin/bill?orderIds=abc&restaurantId=7');
    expect(await screen.findByText(en.bills.noOrders)).toBeTruthy();
    expect(fetchSpy.mock.calls.some(([url]) => String(url).includes('/bill'))).toBe(false);
  });
});

describe('the receipt', () => {
  it('is in the restaurant’s language (az) even when the interface is English, with its time zone', async () => {
    bill = paidBill();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    await renderWithProviders(<ReceiptPage />, { lang: 'en', path: '/admin/receipt?orderIds=12&restaurantId=7' });
    const receipt = await screen.findByRole('article');
    expect(receipt.getAttribute('lang')).toBe('az');
    const text = receipt.textContent ?? '';
    expect(text).toContain('Şirvan');
    expect(text).toContain('Masa7');
    expect(text).toContain('Sifariş#3');
    expect(text).not.toContain('#12');
    expect(text).toContain('06.01.2026 00:30');
    expect(screen.getAllByTestId('receipt-item').map((i) => i.textContent)).toEqual([
      'Plov1 × 6,006,00',
      'Çay2 × 2,004,00',
    ]);
    expect(text).toContain('Endirim−1,00');
    expect(text).toContain('Daimi qonaq');
    expect(text).toContain('Cəmi9,00 AZN');
    expect(text).toContain('Çay pulu0,90');
    expect(screen.getByTestId('receipt-payment').textContent).toBe('Ödəniş: Kart9,90');
    expect(text).toContain('Təşəkkür edirik!');
    // The interface around it stays English.
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('names the orders of a bill of two by their numbers of the day, not their ids', async () => {
    const paid = paidBill();
    bill = { ...paid, orders: [paid.orders[0], { ...paid.orders[0], id: 13, number: 4, tableNumber: '8' }] };
    await renderWithProviders(<ReceiptPage />, { lang: 'en', path: '/admin/receipt?orderIds=12,13&restaurantId=7' });
    const text = (await screen.findByRole('article')).textContent ?? '';
    expect(text).toContain('Sifarişlər#3, #4');
    expect(text).not.toMatch(/#1[23]/);
  });
});

describe('chosen options', () => {
  const size = {
    groupId: 1,
    optionId: 10,
    groupNames: { az: 'Ölçü', en: 'Size', ru: 'Размер' },
    names: { az: 'Böyük', en: 'Large', ru: 'Большой' },
    priceDelta: 1.5,
  };
  const withOptions = () => {
    const b = paidBill();
    return { ...b, items: [{ ...b.items[0], options: [size] }, b.items[1]] } as Bill;
  };

  it('the bill shows them with their deltas in the interface language', async () => {
    bill = withOptions();
    await renderWithProviders(<BillPage />, { lang: 'ru', path: '/admin/bill?orderIds=12&restaurantId=7' });
    expect((await screen.findByTestId('item-options')).textContent).toBe('Размер: Большой (+1,50)');
  });

  it('the receipt shows them in the restaurant’s language', async () => {
    bill = withOptions();
    await renderWithProviders(<ReceiptPage />, { lang: 'en', path: '/admin/receipt?orderIds=12&restaurantId=7' });
    expect((await screen.findByTestId('receipt-item-options')).textContent).toBe('Ölçü: Böyük (+1,50)');
  });
});

describe('refunds and reopening (EATERY_ADMIN)', () => {
  it('refund form: the reason is required and no more than was paid goes back (in Russian), nothing sent', async () => {
    roles = ['EATERY_ADMIN'];
    bill = paidBill();
    await renderBill('ru');
    fireEvent.click(await screen.findByRole('button', { name: 'Вернуть деньги' }));
    const form = await screen.findByTestId('refund-form');
    const amount = within(form).getByLabelText(/Сумма возврата/) as HTMLInputElement;
    // Prefilled with what was paid.
    expect(amount.value).toBe('9.00');
    fireEvent.change(amount, { target: { value: '9.50' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Вернуть' }));
    expect(await within(form).findByText(appRu.validation.reasonRequired)).toBeTruthy();
    expect(within(form).getByText('Нельзя вернуть больше, чем оплачено: не более 9,00 AZN')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '0' } });
    fireEvent.blur(amount);
    expect(await within(form).findByText(appRu.validation.amount)).toBeTruthy();
    expect(sent('refunds')).toEqual([]);
  });

  it('refunds part of a paid bill with a preset reason; the bill opens again with the refund line', async () => {
    roles = ['EATERY_ADMIN'];
    bill = paidBill();
    postAnswer = () => jsonResponse(refundedBill());
    await renderBill('en');
    fireEvent.click(await screen.findByRole('button', { name: 'Refund' }));
    const form = await screen.findByTestId('refund-form');
    // Money goes back the way it came unless said otherwise.
    expect((within(form).getByRole('radio', { name: 'Card' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(within(form).getByLabelText(/Amount to refund/), { target: { value: ' 5 ' } });
    fireEvent.click(within(form).getByRole('radio', { name: 'Cash' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Dish returned' }));
    expect((within(form).getByLabelText(/^Reason/) as HTMLTextAreaElement).value).toBe('Dish returned');
    fireEvent.click(within(form).getByRole('button', { name: 'Refund' }));
    await waitFor(() =>
      expect(sent('refunds')).toEqual([{ orderIds: [12], amount: '5', method: 'CASH', reason: 'Dish returned' }]),
    );
    await waitFor(() => expect(screen.queryByTestId('refund-form')).toBeNull());
    const rows = screen.getAllByTestId('bill-payment').map((r) => r.textContent);
    expect(rows[1]).toContain('Refund · Cash · −5.00 AZN · Dish returned');
    expect(screen.getByTestId('bill-refunded').textContent).toBe('−5.00 AZN');
    expect(screen.getByText('Paid, less refunds')).toBeTruthy();
    expect(screen.getByTestId('bill-due').textContent).toBe('5.00 AZN');
    // Open again: payments are taken, no "paid" panel.
    expect(screen.queryByTestId('bill-paid')).toBeNull();
    expect(screen.getByRole('radio', { name: 'Equally' })).toBeTruthy();
  });

  it('the server refusing more than was paid is said under the amount, in Azerbaijani', async () => {
    roles = ['EATERY_ADMIN'];
    bill = paidBill();
    postAnswer = () =>
      jsonResponse(
        {
          messageKey: 'validation',
          message: 'x',
          details: [{ field: 'amount', messageKey: 'validation.amountTooHigh' }],
        },
        400,
      );
    await renderBill('az');
    fireEvent.click(await screen.findByRole('button', { name: 'Pulu qaytar' }));
    const form = await screen.findByTestId('refund-form');
    fireEvent.change(within(form).getByLabelText(/^Səbəb/), { target: { value: 'Qonaq narazı qaldı' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Qaytar' }));
    expect(await within(form).findByText('Ödəniləndən çox qaytarmaq olmaz: ən çoxu 9,00 AZN')).toBeTruthy();
    expect(sent('refunds')).toEqual([{ orderIds: [12], amount: '9.00', method: 'CARD', reason: 'Qonaq narazı qaldı' }]);
  });

  it('hides reopening from a cashier, on the bill and on the receipt; a refund asks for a manager', async () => {
    bill = paidBill();
    const { unmount } = await renderBill('en');
    await screen.findByTestId('bill-paid');
    expect(await screen.findByText('Şirvan')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reopen' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Refund' }));
    expect(within(await screen.findByTestId('refund-form')).getByTestId('manager-approval')).toBeTruthy();
    unmount();
    await renderWithProviders(<ReceiptPage />, { lang: 'en', path: '/admin/receipt?orderIds=12&restaurantId=7' });
    await screen.findByRole('article');
    await waitFor(() => expect(fetchSpy.mock.calls.some(([url]) => url === '/api/eatery')).toBe(true));
    expect(screen.queryByRole('button', { name: 'Reopen' })).toBeNull();
  });

  it('reopens a paid bill of two orders: the reason is required and sent for each order; the bill is open', async () => {
    roles = ['EATERY_ADMIN'];
    const paid = paidBill();
    bill = { ...paid, orders: [paid.orders[0], { ...paid.orders[0], id: 13, number: 4, tableNumber: '8' }] };
    await renderBill('en', '/admin/bill?orderIds=12,13&restaurantId=7');
    // The orders are named by their numbers of the day, in the heading too; their ids stay in the address.
    expect(await screen.findByRole('heading', { name: /#3, #4/ })).toBeTruthy();
    expect(screen.getByText(/^Orders: #3, #4$/)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Reopen' }));
    const form = await screen.findByTestId('reopen-form');
    fireEvent.click(within(form).getByRole('button', { name: 'Reopen' }));
    expect(await within(form).findByText(appEn.validation.reasonRequired)).toBeTruthy();
    expect(reopens()).toEqual([]);
    fireEvent.change(within(form).getByLabelText(/^Reason/), { target: { value: '  Guest came back ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Reopen' }));
    await waitFor(() =>
      expect(reopens()).toEqual([
        { url: '/api/eatery/7/orders/12/reopen', body: { reason: 'Guest came back' } },
        { url: '/api/eatery/7/orders/13/reopen', body: { reason: 'Guest came back' } },
      ]),
    );
    await waitFor(() => expect(screen.queryByTestId('bill-paid')).toBeNull());
    expect(screen.getByRole('radio', { name: 'Equally' })).toBeTruthy();
  });

  it('reopens from the receipt with a preset reason', async () => {
    roles = ['EATERY_ADMIN'];
    bill = paidBill();
    await renderWithProviders(<ReceiptPage />, { lang: 'ru', path: '/admin/receipt?orderIds=12&restaurantId=7' });
    fireEvent.click(await screen.findByRole('button', { name: 'Открыть заново' }));
    const form = await screen.findByTestId('reopen-form');
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Закрыт по ошибке' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Открыть заново' }));
    await waitFor(() =>
      expect(reopens()).toEqual([{ url: '/api/eatery/7/orders/12/reopen', body: { reason: 'Закрыт по ошибке' } }]),
    );
  });

  it('a cancelled order takes no payment: the bill says so and a manager may reopen it', async () => {
    roles = ['EATERY_ADMIN'];
    bill = openBill({ orders: openBill().orders.map((o) => ({ ...o, status: 'CANCELLED' })) });
    await renderBill('en');
    expect((await screen.findByTestId('bill-closed-orders')).textContent).toContain('Cancelled: #3');
    expect(screen.queryByRole('radio', { name: 'Equally' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Reopen' })).toBeTruthy();
  });

  it('the receipt shows a refund with its reason and what was refunded, in the restaurant’s language', async () => {
    bill = refundedBill();
    await renderWithProviders(<ReceiptPage />, { lang: 'en', path: '/admin/receipt?orderIds=12&restaurantId=7' });
    const receipt = await screen.findByRole('article');
    expect(screen.getByTestId('receipt-refund').textContent).toBe('Qaytarma: Nağd−5,00Dish returned');
    expect(receipt.textContent).toContain('Qaytarılıb−5,00');
    expect(receipt.textContent).toContain('Qalıq borc5,00');
  });
});

describe('the tip limit', () => {
  it('the server refusing a tip above the restaurant’s limit is said under the tip, translated', async () => {
    postAnswer = () =>
      jsonResponse(
        { messageKey: 'validation', message: 'x', details: [{ field: 'tip', messageKey: 'validation.tipTooHigh' }] },
        400,
      );
    await renderBill('ru');
    fireEvent.click(await screen.findByRole('radio', { name: 'Сумма' }));
    const tip = screen.getByLabelText('Сумма чаевых (AZN)');
    fireEvent.change(tip, { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: /Провести оплату/ }));
    expect(await screen.findByText(appRu.validation.tipTooHigh)).toBeTruthy();
    expect(tip.getAttribute('aria-invalid')).toBe('true');
    expect(sent('payments')).toEqual([{ orderIds: [12], method: 'CASH', tip: { amount: '50' } }]);
  });
});

describe('bill helpers and texts', () => {
  it('reads ?orderIds= as distinct ids, or none when malformed', () => {
    expect(parseOrderIds('13,12,13')).toEqual([12, 13]);
    expect(parseOrderIds('0,1')).toEqual([]);
    expect(parseOrderIds('1;2')).toEqual([]);
    expect(parseOrderIds(null)).toEqual([]);
  });

  it('has receipt texts in the three languages', () => {
    for (const lang of [az, en, ru]) {
      expect(Object.keys(lang.bills.receipt.method)).toEqual(['CASH', 'CARD', 'OTHER']);
      expect(lang.bills.receipt.thanks).toBeTruthy();
    }
    expect(ru.bills.receipt.thanks).toBe('Спасибо!');
  });
});

/**
 * A bill with a 10 % service charge at a VAT payer: kebab 2 × 15.00 and burger 3 × 5.00 (45.00), 5.00 off (40.00),
 * service charge 4.00, total 44.00 of which VAT 18 % is 6.71; served by Rəşad.
 */
const servicedBill = (over: Partial<Bill> = {}): Bill =>
  openBill({
    eatery: {
      ...eatery,
      address: 'Nizami küç. 10, Bakı',
      phones: ['+994 12 555 55 55', '+994 50 555 55 55'],
      taxId: '1234567890',
      receiptFooter: 'Yenə gözləyirik!\nWi-Fi: sirvan2026',
      vatPayer: true,
    },
    orders: [order({ orderPrice: 45, discount: 5, serviceChargeRate: 1000, serviceCharge: 4, waiter: 'Rəşad' })],
    items: [
      {
        id: 1,
        orderId: 12,
        name: 'Kabab',
        names: { az: 'Kabab', en: 'Kebab', ru: 'Кебаб' },
        quantity: 2,
        price: 15,
        total: 30,
        paid: false,
        options: [],
      },
      {
        id: 2,
        orderId: 12,
        name: 'Burger',
        names: { az: 'Burger', en: 'Burger', ru: 'Бургер' },
        quantity: 3,
        price: 5,
        total: 15,
        paid: false,
        options: [],
      },
    ],
    subtotal: 45,
    discount: 5,
    discountReason: 'Daimi qonaq',
    serviceCharge: 4,
    total: 44,
    vat: 6.71,
    due: 44,
    ...over,
  });

/** The serviced bill paid in cash: 44.00 and a 1.50 tip out of 50.00 handed over, 4.50 back. */
const servicedPaidBill = () =>
  servicedBill({
    orders: servicedBill().orders.map((o) => ({ ...o, status: 'PAID' })),
    paid: 44,
    tips: 1.5,
    due: 0,
    payments: [
      payment({
        id: 'p1',
        amount: 44,
        tip: 1.5,
        tendered: 50,
        change: 4.5,
        createdAt: '2026-01-05T20:30:00.000Z',
        createdBy: 'Aysel',
      }),
    ],
    status: 'PAID',
    paidAt: '2026-01-05T20:30:00.000Z',
    paidBy: 'Aysel',
  });

const renderReceipt = (lang: Language, query = '') =>
  renderWithProviders(<ReceiptPage />, { lang, path: `/admin/receipt?orderIds=12&restaurantId=7${query}` });

describe('at the till', () => {
  it('shows the service charge on its own line with its rate, and the VAT the total includes', async () => {
    bill = servicedBill();
    await renderBill('en');
    expect((await screen.findByTestId('bill-service-charge')).textContent).toBe('4.00 AZN');
    expect(screen.getByText('Service charge 10 %')).toBeTruthy();
    expect(screen.getByTestId('bill-vat').textContent).toBe('VAT 18 % included: 6.71 AZN');
    expect(screen.getByTestId('bill-due').textContent).toBe('44.00 AZN');
  });

  it('the pay button shows what it takes with the tip, before it is pressed', async () => {
    bill = servicedBill();
    await renderBill('en');
    expect(await screen.findByRole('button', { name: 'Record payment · 44.00 AZN' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Amount' }));
    fireEvent.change(screen.getByLabelText('Tip amount (AZN)'), { target: { value: '1.50' } });
    expect(screen.getByRole('button', { name: 'Record payment · 45.50 AZN' })).toBeTruthy();
    expect(screen.getByTestId('pay-breakdown').textContent).toBe('44.00 AZN + tip 1.50 AZN');
    // 10 % of the part (44.00) is 4.40.
    fireEvent.click(screen.getByRole('radio', { name: '%' }));
    fireEvent.change(screen.getByLabelText('Tip in percent'), { target: { value: '10' } });
    expect(screen.getByRole('button', { name: 'Record payment · 48.40 AZN' })).toBeTruthy();
  });

  it('cash: the change is worked out from the cash tendered (45.50 due with the tip, 50 given: 4.50) and sent', async () => {
    bill = servicedBill();
    await renderBill('en');
    fireEvent.click(await screen.findByRole('radio', { name: 'Amount' }));
    fireEvent.change(screen.getByLabelText('Tip amount (AZN)'), { target: { value: '1.50' } });
    fireEvent.change(screen.getByLabelText('Cash tendered'), { target: { value: '50' } });
    expect(screen.getByTestId('cash-change').textContent).toBe('Change: 4.50 AZN');
    fireEvent.click(screen.getByRole('button', { name: 'Record payment · 45.50 AZN' }));
    await waitFor(() =>
      expect(sent('payments')).toEqual([{ orderIds: [12], method: 'CASH', tip: { amount: '1.50' }, tendered: '50' }]),
    );
  });

  it('cash tendered below the part and its tip is refused before sending, in Russian; a card sends none', async () => {
    bill = servicedBill();
    await renderBill('ru');
    const tendered = await screen.findByLabelText('Получено');
    fireEvent.change(tendered, { target: { value: '43.99' } });
    expect(screen.queryByTestId('cash-change')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Провести оплату/ }));
    expect(await screen.findByText(appRu.validation.tenderedTooLow)).toBeTruthy();
    expect(sent('payments')).toEqual([]);
    // Exactly what is due: no change, and it goes.
    fireEvent.change(tendered, { target: { value: '44' } });
    expect(screen.getByTestId('cash-change').textContent).toBe('Сдача: 0,00 AZN');
    fireEvent.click(screen.getByRole('radio', { name: 'Карта' }));
    expect(screen.queryByLabelText('Получено')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Провести оплату/ }));
    await waitFor(() => expect(sent('payments')).toEqual([{ orderIds: [12], method: 'CARD' }]));
  });

  it('cash without an open drawer: the server’s 409 is said, translated, with the way to the cash drawer', async () => {
    postAnswer = () => jsonResponse({ messageKey: 'drawerNotOpen', message: 'x' }, 409);
    await renderBill('az');
    fireEvent.click(await screen.findByRole('button', { name: /Ödənişi qeyd et/ }));
    const alert = await screen.findByTestId('drawer-not-open');
    expect(alert.textContent).toContain(appAz.errors.drawerNotOpen);
    expect(within(alert).getByRole('link', { name: 'Kassanı aç' }).getAttribute('href')).toBe(
      '/admin/restaurant/7/drawer',
    );
  });

  it('the method starts at what the guest asked for when calling for the bill from the table', async () => {
    calls = [
      // Another table's wish is not this bill's.
      makeCall(1, { kind: 'BILL', paymentMethod: 'CASH', tableNumber: '9', eateryId: 7 }),
      makeCall(2, { kind: 'BILL', paymentMethod: 'CARD', tableNumber: '7', eateryId: 7 }),
    ];
    await renderBill('en');
    expect(await screen.findByTestId('guest-asked-method')).toBeTruthy();
    expect(screen.getByTestId('guest-asked-method').textContent).toBe('The guest asked to pay by Card');
    expect((screen.getByRole('radio', { name: 'Card' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /Record payment/ }));
    await waitFor(() => expect(sent('payments')).toEqual([{ orderIds: [12], method: 'CARD' }]));
  });

  it('a call already answered, or one without a method, leaves the method at cash', async () => {
    calls = [
      makeCall(1, { kind: 'BILL', paymentMethod: 'CARD', tableNumber: '7', eateryId: 7, status: 'ACKNOWLEDGED' }),
      makeCall(2, { kind: 'BILL', paymentMethod: null, tableNumber: '7', eateryId: 7 }),
    ];
    await renderBill('en');
    await waitFor(() => expect(fetchSpy.mock.calls.some(([url]) => url === '/api/eatery/7/calls')).toBe(true));
    expect(((await screen.findByRole('radio', { name: 'Cash' })) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByTestId('guest-asked-method')).toBeNull();
  });

  it('splits 3 × burger into 1 + 2; the two lines are then paid apart, the part with its service charge', async () => {
    bill = servicedBill();
    const [kebab, burger] = bill.items;
    postAnswer = () =>
      jsonResponse(
        servicedBill({
          items: [kebab, { ...burger, quantity: 2, total: 10 }, { ...burger, id: 3, quantity: 1, total: 5 }],
        }),
      );
    await renderBill('en');
    fireEvent.click(await screen.findByRole('radio', { name: 'By items' }));
    // A line of one cannot be split.
    expect(screen.queryByRole('button', { name: 'Split 2 × Kebab' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Split 3 × Burger' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '1 + 2' }));
    await waitFor(() => expect(sent('split-item')).toEqual([{ orderIds: [12], itemId: 2, quantity: 1 }]));
    const burgers = await screen.findAllByRole('checkbox', { name: /Burger/ });
    expect(burgers.map((b) => (b.closest('[data-testid="split-line"]') as HTMLElement).textContent)).toEqual([
      '2 × Burger · 10.00 AZN',
      '1 × Burger · 5.00 AZN',
    ]);
    expect(screen.queryByRole('button', { name: /Split 1 × Burger/ })).toBeNull();
    // 5.00 less its share of the 5.00 discount (0.56) is 4.44, plus 10 % service charge (0.44): 4.88.
    fireEvent.click(burgers[1]);
    expect(screen.getByText('Selected: 4.88 AZN')).toBeTruthy();
    postAnswer = null;
    fireEvent.click(screen.getByRole('radio', { name: 'Card' }));
    fireEvent.click(screen.getByRole('button', { name: 'Record payment · 4.88 AZN' }));
    await waitFor(() => expect(sent('payments')).toEqual([{ orderIds: [12], method: 'CARD', itemIds: [3] }]));
  });

  it('an open bill offers its pre-bill; each part of a split bill its own receipt', async () => {
    bill = servicedBill({
      paid: 20,
      due: 24,
      payments: [payment({ id: 'g-1', method: 'CARD', amount: 20, createdBy: 'Aysel' })],
    });
    await renderBill('en');
    expect((await screen.findByRole('link', { name: 'Print pre-bill' })).getAttribute('href')).toBe(
      '/admin/receipt?orderIds=12&restaurantId=7&prebill=1',
    );
    expect(
      within(screen.getByTestId('bill-payment'))
        .getByRole('link', { name: 'Receipt of this part' })
        .getAttribute('href'),
    ).toBe('/admin/receipt?orderIds=12&restaurantId=7&part=g-1');
  });
});

describe('the receipt, pre-bill and part receipts', () => {
  it('prints the header, service charge, VAT, cash handed over and change, footer and “not fiscal”, in az', async () => {
    bill = servicedPaidBill();
    await renderReceipt('en');
    const receipt = await screen.findByRole('article');
    const text = receipt.textContent ?? '';
    expect(text).toContain('Nizami küç. 10, Bakı');
    expect(text).toContain('+994 12 555 55 55, +994 50 555 55 55');
    expect(screen.getByTestId('receipt-tax-id').textContent).toBe('VÖEN: 1234567890');
    expect(text).toContain('Sifariş#3');
    expect(text).toContain('OfisiantRəşad');
    expect(text).toContain('KassirAysel');
    expect(text).toContain('06.01.2026 00:30');
    expect(text).toContain('Ara cəm45,00');
    expect(text).toContain('Endirim−5,00');
    expect(screen.getByTestId('receipt-service-charge').textContent).toBe('Xidmət haqqı 10 %4,00');
    expect(text).toContain('Cəmi44,00 AZN');
    expect(screen.getByTestId('receipt-vat').textContent).toBe('ƏDV 18 % daxildir6,71');
    expect(text).toContain('Çay pulu1,50');
    expect(screen.getByTestId('receipt-payment').textContent).toBe('Ödəniş: Nağd45,50');
    expect(text).toContain('Verilən məbləğ50,00');
    expect(screen.getByTestId('receipt-change').textContent).toBe('Qalıq4,50');
    // The footer keeps its lines (CSS pre-line); the default thanks gives way to it.
    expect(screen.getByTestId('receipt-footer').textContent).toBe('Yenə gözləyirik!\nWi-Fi: sirvan2026');
    expect(text).not.toContain('Təşəkkür edirik!');
    expect(text).toContain('Bu, fiskal çek deyil');
  });

  it('a restaurant speaking Russian prints in Russian: its service charge name, НДС, not fiscal', async () => {
    const paid = servicedPaidBill();
    bill = { ...paid, eatery: { ...paid.eatery, language: 'ru', taxId: '' } };
    await renderReceipt('az');
    const text = (await screen.findByRole('article')).textContent ?? '';
    expect(screen.getByTestId('receipt-service-charge').textContent).toBe('Обслуживание 10 %4,00');
    expect(screen.getByTestId('receipt-vat').textContent).toBe('НДС 18 % включён6,71');
    expect(text).toContain('Получено50,00');
    expect(screen.getByTestId('receipt-change').textContent).toBe('Сдача4,50');
    expect(text).toContain('Не является фискальным чеком');
    // No VÖEN given: no line for it.
    expect(screen.queryByTestId('receipt-tax-id')).toBeNull();
  });

  it('no VAT line for a restaurant that does not pay VAT', async () => {
    bill = paidBill();
    await renderReceipt('en');
    await screen.findByRole('article');
    expect(screen.queryByTestId('receipt-vat')).toBeNull();
    expect(screen.queryByTestId('receipt-service-charge')).toBeNull();
  });

  it('the pre-bill is titled so, shows the service charge and what is due, and no payments', async () => {
    bill = servicedBill({
      paid: 20,
      due: 24,
      payments: [payment({ id: 'g-1', method: 'CARD', amount: 20, createdBy: 'Aysel' })],
    });
    await renderReceipt('en', '&prebill=1');
    const receipt = await screen.findByRole('article', { name: 'Ön hesab' });
    expect(screen.getByTestId('receipt-doc-title').textContent).toBe('Ön hesab');
    expect(screen.getByTestId('receipt-service-charge').textContent).toBe('Xidmət haqqı 10 %4,00');
    expect(screen.getByTestId('receipt-due').textContent).toBe('Qalıq borc24,00 AZN');
    expect(screen.queryAllByTestId('receipt-payment')).toEqual([]);
    expect(receipt.textContent).not.toContain('Kassir');
    // Nothing to reopen on a pre-bill; back to the bill to take the payment.
    expect(screen.getByRole('link', { name: 'Back to the bill' }).getAttribute('href')).toBe(
      '/admin/bill?orderIds=12&restaurantId=7',
    );
  });

  it('the pre-bill in Russian is the “Пречек”', async () => {
    bill = { ...servicedBill(), eatery: { ...servicedBill().eatery, language: 'ru' } };
    await renderReceipt('en', '&prebill=1');
    expect((await screen.findByTestId('receipt-doc-title')).textContent).toBe('Пречек');
  });

  it('a part paid by items prints those items and that part only', async () => {
    const base = servicedBill();
    bill = servicedBill({
      paid: 24.2,
      due: 19.8,
      payments: [
        payment({ id: 'g-1', method: 'CARD', amount: 24.2, itemIds: [1], createdBy: 'Aysel' }),
        payment({ id: 'g-2', amount: 10, tendered: 20, change: 10, createdBy: 'Nigar' }),
      ],
      items: base.items.map((i) => (i.id === 1 ? { ...i, paid: true } : i)),
    });
    await renderReceipt('en', '&part=g-1');
    await screen.findByRole('article');
    expect(screen.getByTestId('receipt-doc-title').textContent).toBe('Çek · hissə 1/2');
    expect(screen.getAllByTestId('receipt-item').map((i) => i.textContent)).toEqual(['Kabab2 × 15,0030,00']);
    expect(screen.getAllByTestId('receipt-payment').map((p) => p.textContent)).toEqual(['Ödəniş: Kart24,20']);
    const text = screen.getByRole('article').textContent ?? '';
    expect(text).toContain('Bu hissə24,20 AZN');
    expect(text).toContain('KassirAysel');
    expect(text).not.toContain('Nigar');
  });

  it('a part paid as an amount prints the bill and that part, with its cash and change', async () => {
    bill = servicedBill({
      paid: 10,
      due: 34,
      payments: [payment({ id: 'g-2', amount: 10, tendered: 20, change: 10, createdBy: 'Nigar' })],
    });
    await renderReceipt('en', '&part=g-2');
    const text = (await screen.findByRole('article')).textContent ?? '';
    expect(screen.getAllByTestId('receipt-item')).toHaveLength(2);
    expect(text).toContain('Cəmi44,00 AZN');
    expect(text).toContain('Bu hissə10,00 AZN');
    expect(screen.getByTestId('receipt-change').textContent).toBe('Qalıq10,00');
    // The VAT of the part: 18/118 of 10.00.
    expect(screen.getByTestId('receipt-vat').textContent).toBe('ƏDV 18 % daxildir1,53');
  });
});

describe('texts of the till', () => {
  it('has the pre-bill and “not fiscal” texts in the three languages', () => {
    expect([az, en, ru].map((l) => l.bills.receipt.notFiscal)).toEqual([
      'Bu, fiskal çek deyil',
      'This is not a fiscal receipt',
      'Не является фискальным чеком',
    ]);
    expect([az, en, ru].map((l) => l.bills.receipt.preBillTitle)).toEqual(['Ön hesab', 'Pre-bill', 'Пречек']);
  });
});

describe('the receipt printers', () => {
  /** POST /print answers `answer`; every other call as before. The bodies sent to it. */
  const printAnswers = (answer: () => Response) => {
    const before = fetchSpy.getMockImplementation() as (url: string, init?: RequestInit) => Promise<Response>;
    fetchSpy.mockImplementation(async (url: string, init?: RequestInit) =>
      url === '/api/eatery/7/print' ? answer() : before(url, init),
    );
    return () =>
      fetchSpy.mock.calls
        .filter(([url]) => url === '/api/eatery/7/print')
        .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as unknown);
  };
  afterEach(() => vi.restoreAllMocks());

  it('prints an open bill’s pre-bill on the printers; no printer for it is said, translated', async () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    const sentToPrint = printAnswers(() => jsonResponse({ messageKey: 'noPrinter', message: 'x' }, 409));
    await renderBill('az');
    fireEvent.click(await screen.findByRole('button', { name: az.bills.printer.prebill }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', message: appAz.errors.noPrinter })),
    );
    expect(sentToPrint()).toEqual([{ what: 'PREBILL', orderIds: [12] }]);
    // The browser's pre-bill stays.
    expect(screen.getByRole('link', { name: az.bills.preBill.print })).toBeTruthy();
  });

  it('prints a paid bill’s receipt on the printers and says it was sent', async () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    const sentToPrint = printAnswers(() => jsonResponse({ jobs: [] }, 201));
    bill = paidBill();
    await renderBill('en');
    const paid = await screen.findByTestId('bill-paid');
    fireEvent.click(within(paid).getByRole('button', { name: 'Print receipt on printer' }));
    await waitFor(() => expect(show).toHaveBeenCalledWith({ color: 'green', message: 'Sent to printer' }));
    expect(sentToPrint()).toEqual([{ what: 'RECEIPT', orderIds: [12] }]);
  });

  it('the receipt page prints the pre-bill on the printers too', async () => {
    const sentToPrint = printAnswers(() => jsonResponse({ jobs: [] }, 201));
    await renderWithProviders(<ReceiptPage />, {
      lang: 'en',
      path: '/admin/receipt?orderIds=12&restaurantId=7&prebill=1',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Print on printer' }));
    await waitFor(() => expect(sentToPrint()).toEqual([{ what: 'PREBILL', orderIds: [12] }]));
  });
});
