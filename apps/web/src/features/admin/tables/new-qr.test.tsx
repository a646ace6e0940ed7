import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Table } from '@qr-menu/contract';
import { jsonResponse as json, renderWithProviders } from '../../../test/render';
import { NewQrModal } from './NewQrModal';
import { TableCard } from './TableCard';
import './index';

const table = (guestKey: string | null): Table =>
  ({
    id: 5,
    number: '5',
    seats: 4,
    note: null,
    status: 'ACTIVE',
    eateryId: 3,
    guestKey,
    qrCodeDto: {
      content: `http://x/eatery/3/table/5/add/false/menu${guestKey ? `?k=${guestKey}` : ''}`,
      qrCodeAsBytes: '',
    },
  }) as unknown as Table;

const noop = () => {};
const card = (t: Table, canManage: boolean, onNewQr = vi.fn(), keysRequired = false) =>
  renderWithProviders(
    <TableCard
      table={t}
      keysRequired={keysRequired}
      assignments={[]}
      canManage={canManage}
      deleting={false}
      onEdit={noop}
      onDelete={noop}
      onPrint={noop}
      onAssign={noop}
      onUnassign={noop}
      onNewQr={onNewQr}
    />,
  );

afterEach(() => vi.unstubAllGlobals());

describe('table QR keys', () => {
  it('with keys required, the card says only its code orders; admins get "New QR code"', async () => {
    const onNewQr = vi.fn();
    await card(table('abc'), true, onNewQr, true);
    expect(screen.getByTestId('qr-key').textContent).toBe("Ordering needs this table's QR code");
    expect(screen.getByTestId('qr-key').dataset.locked).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'New QR code for table 5' }));
    expect(onNewQr).toHaveBeenCalledTimes(1);
  });

  it('without keys required, a key changes nothing: anyone with the link can order', async () => {
    await card(table('abc'), true, vi.fn(), false);
    expect(screen.getByTestId('qr-key').textContent).toBe('Anyone with the link can order');
    expect(screen.getByTestId('qr-key').dataset.locked).toBe('false');
  });

  it('waiters see who can order but cannot make a new code', async () => {
    await card(table(null), false);
    expect(screen.getByTestId('qr-key').textContent).toBe('Anyone with the link can order');
    expect(screen.queryByRole('button', { name: /New QR code/ })).toBeNull();
  });

  it('asks first, explaining the old code stops taking orders, then offers to print the new one', async () => {
    const posts: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        posts.push(`${init?.method} ${url}`);
        return json(table('new-key'));
      }),
    );
    const onPrint = vi.fn();
    const onClose = vi.fn();
    await renderWithProviders(
      <NewQrModal restaurantId={3} table={table('old')} keysRequired onPrint={onPrint} onClose={onClose} />,
      { lang: 'ru' },
    );
    expect(screen.getByText(/заказать будет нельзя сразу же/)).toBeTruthy();
    expect(posts).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Создать новый QR-код' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Напечатать новый QR-код' }));
    expect(posts).toEqual(['POST /api/eatery/3/table/5/key']);
    expect(onPrint).toHaveBeenCalledWith(expect.objectContaining({ guestKey: 'new-key' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('with keys off, says the old code keeps working until they are turned on; cancel changes nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const onClose = vi.fn();
    await renderWithProviders(
      <NewQrModal restaurantId={3} table={table(null)} keysRequired={false} onPrint={noop} onClose={onClose} />,
      { lang: 'az' },
    );
    expect(screen.getByText(/açılana qədər işləyəcək/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ləğv et' }));
    expect(onClose).toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });
});
