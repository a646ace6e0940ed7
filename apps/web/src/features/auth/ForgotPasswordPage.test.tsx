import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../test/render';
import './index';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { LoginPage } from './LoginPage';

const type = (el: HTMLElement, value: string) => {
  fireEvent.change(el, { target: { value } });
  fireEvent.blur(el);
};

describe('forgot password page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is linked from the login page', async () => {
    await renderWithProviders(<LoginPage />, { lang: 'az' });
    const link = screen.getByRole('link', { name: 'Şifrəni unutmusunuz?' });
    expect(link.getAttribute('href')).toBe('/admin/forgot-password');
  });

  it('checks the address, sends it with the page language and answers neutrally', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ ok: true }));
    await renderWithProviders(<ForgotPasswordPage />, { lang: 'ru' });
    const email = screen.getByRole('textbox', { name: /Email/ });
    type(email, 'aysel@nowhere');
    await screen.findByText('Введите корректный адрес электронной почты');
    fireEvent.click(screen.getByRole('button', { name: 'Отправить ссылку' }));
    expect(fetchMock).not.toHaveBeenCalled();

    type(email, ' Aysel@Example.com ');
    fireEvent.click(screen.getByRole('button', { name: 'Отправить ссылку' }));
    await screen.findByText(/Если учётная запись с этим адресом существует.*Ссылка действует 30 минут\./);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/auth/forgot-password');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'Aysel@Example.com', language: 'ru' });
    expect(screen.getByRole('link', { name: 'Вернуться ко входу' }).getAttribute('href')).toBe('/admin/login');
  });

  it('shows a refusal of the server translated', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse({ messageKey: 'tooManyRequests', message: 'Too many requests.' }, 429),
    );
    await renderWithProviders(<ForgotPasswordPage />, { lang: 'en' });
    type(screen.getByRole('textbox', { name: /Email/ }), 'aysel@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Too many attempts. Please wait a minute and try again.',
    );
    expect(screen.queryByText(/If an account exists/)).toBeNull();
  });
});
