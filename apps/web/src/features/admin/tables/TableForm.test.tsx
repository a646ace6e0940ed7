import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ModalsProvider } from '@mantine/modals';
import type { Table } from '@qr-menu/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TableForm } from './TableForm';
import { jsonResponse, renderAdmin } from '../shared/test-utils';
import './index';

afterEach(() => vi.restoreAllMocks());

describe('table form validation', () => {
  it('asks for the number and the seats, in English, and sends nothing', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await renderAdmin(<TableForm restaurantId={7} onClose={() => {}} />, 'en');
    expect(screen.getByLabelText(/Seats/)).toHaveProperty('value', '4'); // default seats
    await userEvent.clear(screen.getByLabelText(/Seats/));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Table number is required')).toBeTruthy();
    expect(screen.getByText('Number of seats is required')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('refuses fewer than one seat, in Russian', async () => {
    await renderAdmin(<TableForm restaurantId={7} onClose={() => {}} />, 'ru');
    await userEvent.type(screen.getByLabelText(/Номер стола/), '12');
    const seats = screen.getByLabelText(/Количество мест/);
    await userEvent.clear(seats);
    await userEvent.type(seats, '0');
    fireEvent.blur(seats);
    expect(await screen.findByText('Количество мест должно быть целым числом от 1 до 1000')).toBeTruthy();
    expect(screen.queryByText('Укажите номер стола')).toBeNull();
  });

  it('needs a restaurant first, in Azerbaijani', async () => {
    await renderAdmin(<TableForm restaurantId={null} onClose={() => {}} />, 'az');
    await userEvent.type(screen.getByLabelText(/Masa nömrəsi/), '3');
    fireEvent.click(screen.getByRole('button', { name: 'Yadda saxla' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Zəhmət olmasa əvvəlcə restoran seçin');
  });

  it('sends a valid table and shows the server conflict under the number', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ messageKey: 'tableExists', message: 'x' }), {
        status: 409,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    await renderAdmin(<TableForm restaurantId={7} onClose={() => {}} />, 'en');
    await userEvent.type(screen.getByLabelText(/Table number/), ' 5 ');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A table with this number already exists.')).toBeTruthy();
    const [url, init] = fetchSpy.mock.calls[0];
    expect(url).toBe('/api/eatery/7/table');
    expect(JSON.parse(String(init?.body))).toEqual({ number: '5', seats: 4, note: null, status: 'ACTIVE' });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('shows the server’s limitReached with the cap, in Russian, and stays open', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ messageKey: 'limitReached', message: 'x', params: { max: 500, what: 'tables' } }), {
        status: 400,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    const onClose = vi.fn();
    await renderAdmin(<TableForm restaurantId={7} onClose={onClose} />, 'ru');
    await userEvent.type(screen.getByLabelText(/Номер стола/), '501');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect((await screen.findByRole('alert')).textContent).toContain('В ресторане может быть не более 500 столов.');
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('table form and unsaved changes', () => {
  const table: Table = {
    id: 3,
    number: '3',
    seats: 4,
    note: null,
    status: 'ACTIVE',
    eateryId: 7,
    guestKey: null,
    qrCodeDto: { content: '', qrCodeAsBytes: '' },
  };
  const renderForm = (onClose: () => void, lang: 'en' | 'ru' = 'en') =>
    renderAdmin(
      <ModalsProvider>
        <TableForm restaurantId={7} table={table} onClose={onClose} />
      </ModalsProvider>,
      lang,
    );

  it('closes at once when nothing changed', async () => {
    const onClose = vi.fn();
    await renderForm(onClose);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Discard unsaved changes?')).toBeNull();
  });

  it('asks before a changed table is lost and stays on "Keep editing"', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const onClose = vi.fn();
    await renderForm(onClose);
    await userEvent.type(screen.getByLabelText(/Table number/), 'a');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Discard unsaved changes?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByText('Discard unsaved changes?')).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/Table number/)).toHaveProperty('value', '3a');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('discards the changes when asked to, in Russian', async () => {
    const onClose = vi.fn();
    await renderForm(onClose, 'ru');
    await userEvent.type(screen.getByLabelText(/Номер стола/), 'a');
    fireEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Не сохранять' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('closes after a save without asking', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ ...table, number: '3a' }));
    const onClose = vi.fn();
    await renderForm(onClose);
    await userEvent.type(screen.getByLabelText(/Table number/), 'a');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('Discard unsaved changes?')).toBeNull();
  });
});
