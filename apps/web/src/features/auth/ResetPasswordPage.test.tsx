import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../api/session';
import { jsonResponse, renderWithProviders } from '../../test/render';
import './index';
import { ResetPasswordPage } from './ResetPasswordPage';

const password = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}\\s*\\*?$`), { selector: 'input' }) as HTMLInputElement;
const type = (el: HTMLElement, value: string) => {
  fireEvent.change(el, { target: { value } });
  fireEvent.blur(el);
};
const isDisabled = (el: HTMLElement) => (el as HTMLButtonElement).disabled;

describe('reset password page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('holds the new password to the registration rules, sends it with the token and ends the local session', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ ok: true }));
    const clear = vi.spyOn(session, 'clear');
    await renderWithProviders(<ResetPasswordPage />, { lang: 'en', path: '/reset-password?token=tok_123-x' });
    const submit = screen.getByRole('button', { name: 'Save the new password' });
    expect(isDisabled(submit)).toBe(true);

    type(password('New password'), 'abcdefgh');
    await screen.findByText('Password must be at least 8 characters and include letters and numbers');
    type(password('New password'), 'password1');
    await screen.findByText(/too common/i);
    type(password('New password'), 'fresh start 42');
    type(password('Repeat the new password'), 'fresh start 43');
    await screen.findByText('Passwords do not match');
    expect(isDisabled(submit)).toBe(true);

    type(password('Repeat the new password'), 'fresh start 42');
    await waitFor(() => expect(isDisabled(submit)).toBe(false));
    fireEvent.click(submit);
    await screen.findByText(/Your password has been changed/);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/auth/reset-password');
    expect(JSON.parse(String(init.body))).toEqual({ token: 'tok_123-x', password: 'fresh start 42' });
    expect(clear).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Go to login' }).getAttribute('href')).toBe('/admin/login');
  });

  it('shows an expired or used link translated, with a way to ask for a new one', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse({ messageKey: 'resetLinkInvalid', message: 'This password reset link has expired.' }, 400),
    );
    await renderWithProviders(<ResetPasswordPage />, { lang: 'az', path: '/reset-password?token=old' });
    type(password('Yeni şifrə'), 'fresh start 42');
    type(password('Yeni şifrəni təkrarlayın'), 'fresh start 42');
    const submit = screen.getByRole('button', { name: 'Yeni şifrəni saxla' });
    await waitFor(() => expect(isDisabled(submit)).toBe(false));
    fireEvent.click(submit);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Bu şifrə yeniləmə linki işləmir');
    expect(screen.getByRole('link', { name: 'Yeni link istə' }).getAttribute('href')).toBe('/admin/forgot-password');
    expect(screen.queryByLabelText(/Yeni şifrə/, { selector: 'input' })).toBeNull();
  });

  it('says at once that a link without a token cannot work', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    await renderWithProviders(<ResetPasswordPage />, { lang: 'ru', path: '/reset-password' });
    expect(screen.getByRole('alert').textContent).toContain('Эта ссылка для сброса пароля не работает');
    expect(screen.getByRole('link', { name: 'Запросить новую ссылку' }).getAttribute('href')).toBe(
      '/admin/forgot-password',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
