import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language, Order, OrderItem, Role } from '@qr-menu/contract';
import { jsonResponse as json, renderWithProviders } from '../../../test/render';
import { makeItem, makeOrder } from '../shared/live/order-fixture';
import { VoidItemModal } from './VoidItemModal';
import './index';

const plov = (status: OrderItem['status']) =>
  makeItem(11, 7, { status, quantity: 2, names: { az: 'Plov', en: 'Pilaf', ru: 'Плов' } });
const orderWith = (item: OrderItem): Order =>
  makeOrder(7, '2026-11-24T10:00:00Z', { status: 'PREPARING', tableNumber: '5', items: [item] });

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/** The API answers the DELETE with `answer` (status 200 by default) and records what was sent. */
function stubApi(answer: (item: OrderItem) => Response) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      sent.push({ method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return answer(plov('DELETED'));
    }),
  );
  return sent;
}
const voidedOrder = (item: OrderItem) =>
  json({ ...orderWith({ ...item, voidReason: 'x', voidedFrom: 'PREPARING' }), version: 2 });
const refused = (messageKey: string, status: number) => () => json({ messageKey, message: messageKey }, status);

async function renderDialog(roles: Role[], item: OrderItem, lang: Language = 'en', onClose = vi.fn()) {
  await renderWithProviders(
    <VoidItemModal eateryId={1} order={orderWith(item)} item={item} roles={roles} onClose={onClose} />,
    { lang },
  );
  return { dialog: screen.getByRole('dialog'), onClose };
}

const submit = (dialog: HTMLElement, name = 'Void dish') =>
  fireEvent.click(within(dialog).getByRole('button', { name }));

afterEach(() => vi.unstubAllGlobals());

describe('void dialog', () => {
  it('requires a reason, in the interface language, and sends nothing without one', async () => {
    const sent = stubApi(voidedOrder);
    const { dialog } = await renderDialog(['WAITER'], plov('CREATED'), 'ru');
    expect(within(dialog).getByText('Аннулировать: 2 × Плов')).toBeTruthy();
    submit(dialog, 'Аннулировать');
    expect(await within(dialog).findByText('Укажите причину')).toBeTruthy();
    // Blank space is no reason either.
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Причина/ }), { target: { value: '   ' } });
    submit(dialog, 'Аннулировать');
    expect(await within(dialog).findByText('Укажите причину')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('asks a waiter for a manager’s approval once the kitchen started the dish, not for a new one', async () => {
    stubApi(voidedOrder);
    const started = await renderDialog(['WAITER'], plov('PREPARING'));
    const approval = within(started.dialog).getByRole('group', { name: 'Manager approval' });
    expect(within(approval).getByText(/kitchen has already started this dish/)).toBeTruthy();
    expect(within(approval).getByLabelText(/Manager’s e-mail/)).toBeTruthy();
    expect(within(approval).getByLabelText(/Manager’s password/)).toBeTruthy();
    document.body.innerHTML = '';

    await renderDialog(['WAITER'], plov('CREATED'));
    expect(screen.queryByRole('group', { name: 'Manager approval' })).toBeNull();
  });

  it('asks no approval of an admin, whatever the dish’s status', async () => {
    stubApi(voidedOrder);
    for (const status of ['PREPARING', 'READY', 'SERVED'] as const) {
      await renderDialog(['EATERY_ADMIN'], plov(status));
      expect(screen.queryByRole('group', { name: 'Manager approval' })).toBeNull();
      document.body.innerHTML = '';
    }
  });

  it('the manager fields are required; the body carries the picked reason and the approval', async () => {
    const sent = stubApi(voidedOrder);
    const { dialog, onClose } = await renderDialog(['WAITER'], plov('READY'));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Guest changed their mind' }));
    submit(dialog);
    expect(await within(dialog).findAllByText('Required field')).toHaveLength(2);
    expect(sent).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/Manager’s e-mail/), { target: { value: 'boss@example.com' } });
    fireEvent.change(within(dialog).getByLabelText(/Manager’s password/), { target: { value: 'secret-pass' } });
    submit(dialog);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'DELETE',
      url: '/api/eatery/1/orders/7/items/11',
      body: {
        reason: 'Guest changed their mind',
        approval: { email: 'boss@example.com', password: 'secret-pass' },
      },
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('sends a written reason alone when no approval is needed', async () => {
    const sent = stubApi(voidedOrder);
    const { dialog } = await renderDialog(['CASHIER'], plov('CREATED'));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: '  Table asked twice  ' },
    });
    submit(dialog);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toEqual({ reason: 'Table asked twice' });
  });

  it('shows a wrong approval under the password field, translated', async () => {
    stubApi(refused('approvalInvalid', 403));
    const { dialog, onClose } = await renderDialog(['WAITER'], plov('PREPARING'), 'az');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Keyfiyyət problemi' }));
    fireEvent.change(within(dialog).getByLabelText(/Menecerin e-poçtu/), { target: { value: 'boss@example.com' } });
    fireEvent.change(within(dialog).getByLabelText(/Menecerin şifrəsi/), { target: { value: 'wrong' } });
    submit(dialog, 'Yeməyi ləğv et');
    const password = within(dialog).getByLabelText(/Menecerin şifrəsi/);
    await waitFor(() => expect(password.getAttribute('aria-describedby')).toBeTruthy());
    expect(document.getElementById(password.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Menecerin e-poçtu və şifrəsi və ya PIN kodu yanlışdır, yaxud o, burada menecer deyil.',
    );
    // Said once, under the field: no banner repeats it.
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows why the server refused (refund first) as an alert in the dialog', async () => {
    stubApi(refused('refundFirst', 409));
    const { dialog, onClose } = await renderDialog(['EATERY_ADMIN'], plov('SERVED'));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Quality issue' }));
    submit(dialog);
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Refund the difference first.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks for the approval when the kitchen started the dish meanwhile (the server says so)', async () => {
    stubApi(refused('managerApprovalRequired', 403));
    const { dialog } = await renderDialog(['WAITER'], plov('CREATED'));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Wrong item entered' }));
    submit(dialog);
    expect(await within(dialog).findByRole('group', { name: 'Manager approval' })).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toContain('A manager has to approve this');
  });

  it('on a PIN session of a registered device asks for the manager’s PIN and sends it; a wrong one shows under it', async () => {
    const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
    localStorage.setItem('token', `${b64({ alg: 'HS256' })}.${b64({ sub: 4, eid: 1, dev: 3, iat: 1, exp: 4e9 })}.s`);
    try {
      const sent = stubApi(refused('approvalInvalid', 403));
      const { dialog } = await renderDialog(['WAITER'], plov('PREPARING'));
      expect(within(dialog).queryByLabelText(/Manager’s e-mail/)).toBeNull();
      fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Quality issue' }));
      const pin = within(dialog).getByLabelText(/Manager PIN/);
      fireEvent.change(pin, { target: { value: '12' } });
      submit(dialog);
      expect(await within(dialog).findByText('Enter 4 to 6 digits')).toBeTruthy();
      expect(sent).toHaveLength(0);
      fireEvent.change(pin, { target: { value: '7410' } });
      submit(dialog);
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0].body).toEqual({ reason: 'Quality issue', approval: { pin: '7410' } });
      await waitFor(() => expect(pin.getAttribute('aria-describedby')).toBeTruthy());
      expect(document.getElementById(pin.getAttribute('aria-describedby')!)?.textContent).toContain('or PIN');
    } finally {
      localStorage.removeItem('token');
    }
  });
});
