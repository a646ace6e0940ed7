import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json, renderWithProviders } from '../../../test/render';
import '../shared/test-utils';
import { BulkTablesModal, nextTableNumber } from './BulkTablesModal';
import './index';

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** Stubs the API with `answer` and records the calls. */
function stubApi(answer: () => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return answer();
    }),
  );
  return calls;
}

const open = (numbers: string[], onClose = vi.fn(), lang: 'en' | 'ru' = 'en') =>
  renderWithProviders(
    <ModalsProvider>
      <Notifications />
      <BulkTablesModal restaurantId={7} numbers={numbers} onClose={onClose} />
    </ModalsProvider>,
    { lang },
  );

const input = (name: string) => screen.getByRole('textbox', { name: new RegExp(name) }) as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: /^Add \d+ tables?$/ }) as HTMLButtonElement;

afterEach(() => vi.unstubAllGlobals());

describe('Add several tables', () => {
  it('starts after the highest table number, ignoring names that are not numbers', () => {
    expect(nextTableNumber([])).toBe(1);
    expect(nextTableNumber(['1', '2', '10', 'Terrace', '3a'])).toBe(11);
    expect(nextTableNumber(['9999'])).toBe(9999);
  });

  it('opens on the next ten numbers and creates them; skipped numbers are reported', async () => {
    const calls = stubApi(() => json({ created: ['5', '6', '8'], skipped: ['7'] }, 201));
    const onClose = vi.fn();
    await open(['1', '2', '3', '4', 'Bar'], onClose);
    expect(input('From table number').value).toBe('5');
    expect(input('To table number').value).toBe('14');
    expect(screen.getByTestId('bulk-tables-summary').textContent).toBe('Tables 5 to 14 will be added (10 tables).');
    fireEvent.change(input('To table number'), { target: { value: '8' } });
    await waitFor(() => expect(submit().textContent).toBe('Add 4 tables'));
    fireEvent.click(submit());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toEqual([{ method: 'POST', url: '/api/eatery/7/tables/bulk', body: { from: 5, to: 8 } }]);
    expect(await screen.findByText('3 tables added. Already there, left as they were: 7.')).toBeTruthy();
  });

  it('explains a wrong range under the field and sends nothing', async () => {
    const calls = stubApi(() => json({ created: [], skipped: [] }, 201));
    await open([]);
    fireEvent.change(input('From table number'), { target: { value: '20' } });
    fireEvent.change(input('To table number'), { target: { value: '3' } });
    expect(await screen.findByText('The last number must not be smaller than the first')).toBeTruthy();
    expect(submit().disabled).toBe(true);
    fireEvent.change(input('To table number'), { target: { value: '200' } });
    expect(await screen.findByText('At most 100 tables at once')).toBeTruthy();
    fireEvent.change(input('From table number'), { target: { value: '0' } });
    expect(await screen.findByText('Enter a whole number from 1 to 9999')).toBeTruthy();
    fireEvent.submit(submit().closest('form')!);
    expect(calls).toEqual([]);
  });

  it('shows the restaurant’s table cap when the server refuses, and stays open', async () => {
    stubApi(() => json({ messageKey: 'limitReached', message: 'limit', params: { max: 500, what: 'tables' } }, 400));
    const onClose = vi.fn();
    await open([], onClose);
    fireEvent.click(submit());
    expect(await screen.findByText('A restaurant can have at most 500 tables.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('speaks Russian with the right plural forms', async () => {
    stubApi(() => json({ created: [], skipped: [] }, 201));
    await open(['20'], vi.fn(), 'ru');
    expect(screen.getByTestId('bulk-tables-summary').textContent).toBe('Будут добавлены 10 столов: с 21 по 30.');
    expect(screen.getByRole('button', { name: 'Добавить 10 столов' })).toBeTruthy();
  });

  it('closes at once when the suggested numbers were kept', async () => {
    const onClose = vi.fn();
    await open(['1'], onClose);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Discard unsaved changes?')).toBeNull();
  });

  it('asks before typed numbers are lost: "Keep editing" stays, "Discard changes" closes', async () => {
    const calls = stubApi(() => json({ created: [], skipped: [] }, 201));
    const onClose = vi.fn();
    await open([], onClose);
    fireEvent.change(input('To table number'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Discard unsaved changes?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByText('Discard unsaved changes?')).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect(input('To table number').value).toBe('30');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([]);
  });
});
