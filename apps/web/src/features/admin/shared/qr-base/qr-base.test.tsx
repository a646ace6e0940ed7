import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerAddresses } from '@qr-menu/contract';
import { jsonResponse as json, renderWithProviders } from '../../../../test/render';
import { QrBaseNotice } from './QrBaseNotice';
import { isLoopbackHost, QR_BASE_KEY, saveQrBase, useQrBase, withQrBase } from './qr-base';

const LAN = ['http://192.168.1.20:3000', 'http://10.0.0.7:3000'];

function stubAddresses(addresses: ServerAddresses) {
  const fetch = vi.fn(async () => json(addresses));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The notice and the base the codes would use, as a screen shows them. */
function Screen({ hostname }: { hostname: string }) {
  const qrBase = useQrBase(hostname);
  return (
    <>
      <QrBaseNotice qrBase={qrBase} />
      <p data-testid="base">{qrBase.ready ? (qrBase.base ?? 'server') : 'waiting'}</p>
    </>
  );
}

beforeEach(() => localStorage.removeItem(QR_BASE_KEY));
afterEach(() => {
  vi.unstubAllGlobals();
  saveQrBase(null);
});

describe('the address in the QR codes', () => {
  it('knows this computer’s own addresses', () => {
    for (const host of ['localhost', 'LOCALHOST', 'app.localhost', '127.0.0.1', '127.1.2.3', '[::1]', '::1']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of ['192.168.1.20', 'menu.example.com', 'localhost.example.com', '10.0.0.7', '[fd00::2]']) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });

  it('asks the server for codes on a base only when there is one', () => {
    expect(withQrBase('/api/eatery/1/table', undefined)).toBe('/api/eatery/1/table');
    expect(withQrBase('/api/eatery/1/table', 'http://10.0.0.7:3000')).toBe(
      '/api/eatery/1/table?base=http%3A%2F%2F10.0.0.7%3A3000',
    );
  });

  it('off localhost, leaves the address to the server and says nothing', async () => {
    const fetch = stubAddresses({ lan: LAN, publicUrl: null });
    await renderWithProviders(<Screen hostname="192.168.1.20" />);
    expect(screen.getByTestId('base').textContent).toBe('server');
    expect(screen.queryByTestId('qr-base-notice')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('on localhost without PUBLIC_URL, warns and offers the LAN addresses; the choice is remembered', async () => {
    stubAddresses({ lan: LAN, publicUrl: null });
    const { unmount } = await renderWithProviders(<Screen hostname="localhost" />);
    const notice = await screen.findByTestId('qr-base-notice');
    expect(notice.dataset.unreachable).toBe('true');
    expect(notice.textContent).toContain('These QR codes open only on this computer');
    expect(screen.getByTestId('base').textContent).toBe('server');

    fireEvent.click(screen.getByRole('combobox', { name: 'Address the QR codes lead to' }));
    fireEvent.click(await screen.findByRole('option', { name: /10\.0\.0\.7:3000/ }));
    await waitFor(() => expect(screen.getByTestId('base').textContent).toBe(LAN[1]));
    expect(screen.getByTestId('qr-base-notice').dataset.unreachable).toBe('false');
    expect(localStorage.getItem(QR_BASE_KEY)).toBe(LAN[1]);
    unmount();

    // Another visit on this device: the same address, as long as the server still has it.
    await renderWithProviders(<Screen hostname="127.0.0.1" />);
    await waitFor(() => expect(screen.getByTestId('base').textContent).toBe(LAN[1]));
  });

  it('on localhost with one LAN address and no PUBLIC_URL, takes that address without asking', async () => {
    stubAddresses({ lan: [LAN[0]], publicUrl: null });
    await renderWithProviders(<Screen hostname="localhost" />);
    await waitFor(() => expect(screen.getByTestId('base').textContent).toBe(LAN[0]));
    expect(screen.getByTestId('qr-base-notice').dataset.unreachable).toBe('false');
  });

  it('on localhost with PUBLIC_URL set, prefers it; an address the server no longer has is forgotten', async () => {
    saveQrBase('http://192.168.9.9:3000');
    stubAddresses({ lan: LAN, publicUrl: 'https://menu.example.com' });
    await renderWithProviders(<Screen hostname="localhost" />);
    await waitFor(() => expect(screen.getByTestId('base').textContent).toBe('https://menu.example.com'));
    expect(screen.getByTestId('qr-base-notice').dataset.unreachable).toBe('false');
  });

  it('says what to do when the server has no address a phone can reach', async () => {
    stubAddresses({ lan: [], publicUrl: null });
    await renderWithProviders(<Screen hostname="localhost" />);
    expect(await screen.findByText(/Connect it to the restaurant's Wi-Fi, or set PUBLIC_URL/)).toBeTruthy();
  });
});
