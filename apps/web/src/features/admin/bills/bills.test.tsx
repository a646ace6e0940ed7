import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { io } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bill, Language, OrderEvent, Role } from '@qr-menu/contract';
import { ORDER_EVENT } from '@qr-menu/contract';
import { renderWithProviders } from '../../../test/render';
import { jsonResponse } from '../shared/test-utils';
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
const openBill = (over: Partial<Bill> = {}): Bill => ({
  eatery: { id: 7, name: 'Şirvan', timeZone: 'Asia/Baku', language: 'az' },
  orders: [
    {
      id: 12,
      number: 3,
      tableNumber: '7',
      status: 'ISSUED',
      createdAt: '2026-01-05T12:00:00.000Z',
      orderPrice: 10,
      discount: 0,
    },
  ],
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
  total: 10,
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
    orders: [
      {
        id: 12,
        number: 3,
        tableNumber: '7',
        status: 'PAID',
        createdAt: '2026-01-05T12:00:00.000Z',
        orderPrice: 10,
        discount: 1,
      },
    ],
    discount: 1,
    discountReason: 'Daimi qonaq',
    total: 9,
    paid: 9,
    tips: 0.9,
    due: 0,
    payments: [
      {
        id: 'p1',
        method: 'CARD',
        amount: 9,
        reason: null,
        tip: 0.9,
        itemIds: null,
        createdAt: '2026-01-05T20:30:00.000Z',
        createdBy: 'Aysel',
      },
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
      {
        id: 'r1',
        method: 'CASH',
        amount: -5,
        reason: 'Dish returned',
        tip: 0,
        itemIds: null,
        createdAt: '2026-01-05T21:00:00.000Z',
        createdBy: 'Nigar',
      },
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
let roles: Role[];
let postAnswer: ((body: Record<string, unknown>) => Response) | null;
let fetchSpy: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.mocked(io)
    .mockReset()
    .mockReturnValue(fakeSocket as never);
  fakeSocket.on.mockReset();
  bill = openBill();
  roles = ['CASHIER'];
  postAnswer = null;
  fetchSpy = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/eatery') return jsonResponse([{ id: 7, name: 'Şirvan', roles }]);
    if (url.startsWith('/api/eatery/7/bill?orderIds=')) return jsonResponse(bill);
    if (['payments', 'discount', 'refunds'].some((r) => url === `/api/eatery/7/bill/${r}`)) {
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
const sent = (route: 'payments' | 'discount' | 'refunds') =>
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
    fireEvent.click(screen.getByRole('button', { name: 'Record payment · 10.00 AZN' }));
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

  it('hides the discount from a cashier', async () => {
    await renderBill();
    await screen.findByRole('radio', { name: 'Equally' });
    // Once the caller's roles are known (the restaurants list gives the name under the title too), still no discount.
    expect(await screen.findByText('Şirvan')).toBeTruthy();
    expect(screen.queryByTestId('discount-form')).toBeNull();
    expect(screen.queryByLabelText(/Reason/)).toBeNull();
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
    expect(paid.textContent).toContain('Closed by Aysel on 1/6/26, 12:30 AM');
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
      payments: [
        {
          id: 'p1',
          method: 'CASH',
          amount: 4,
          reason: null,
          tip: 0,
          itemIds: null,
          createdAt: '2026-01-05T12:10:00.000Z',
          createdBy: 'Leyla',
        },
      ],
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
    expect(text).toContain('06.01.26, 00:30');
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

  it('hides refunds and reopening from a cashier, on the bill and on the receipt', async () => {
    bill = paidBill();
    const { unmount } = await renderBill('en');
    await screen.findByTestId('bill-paid');
    expect(await screen.findByText('Şirvan')).toBeTruthy();
    expect(screen.queryByTestId('bill-corrections')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
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
