import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Navigate, Route, Routes } from 'react-router';
import { registeredState } from '../../components/registered-email';
import { renderWithProviders } from '../../test/render';
import './index';
import { LoginPage } from './LoginPage';
import { RegisterSuccessPage } from './RegisterSuccessPage';

/** The registration form's way out: the success page with the registered e-mail in the history state. */
const afterRegistration = (email: string | null) =>
  renderWithProviders(
    <Routes>
      <Route
        path="/start"
        element={<Navigate to="/admin/register/success" state={email === null ? undefined : registeredState(email)} />}
      />
      <Route path="/admin/register/success" element={<RegisterSuccessPage />} />
      <Route path="/admin/login" element={<LoginPage />} />
    </Routes>,
    { path: '/start' },
  );

describe('from the registration to the login', () => {
  it('the success page leads to the login form filled in with the e-mail; the password is typed again', async () => {
    await afterRegistration('aysel@example.com');
    expect(await screen.findByText('Registration successful!')).toBeTruthy();
    expect(screen.getByText(/Going to the login page in \d s/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('register-success-login'));
    const email = (await screen.findByRole('textbox', { name: /Email/ })) as HTMLInputElement;
    expect(email.value).toBe('aysel@example.com');
    expect((screen.getByLabelText(/Password/) as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(screen.getByLabelText(/Password/));
    expect(screen.getByTestId('login-registered').textContent).toContain('Your account is ready');
  });

  it('a login page opened any other way starts empty', async () => {
    await afterRegistration(null);
    fireEvent.click(await screen.findByTestId('register-success-login'));
    const email = (await screen.findByRole('textbox', { name: /Email/ })) as HTMLInputElement;
    expect(email.value).toBe('');
    expect(screen.queryByTestId('login-registered')).toBeNull();
  });
});
