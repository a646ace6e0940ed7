import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffUser } from '@qr-menu/contract';
import { renderAdmin } from '../shared/test-utils';
import './index';
import { UserForm } from './UserForm';

afterEach(() => vi.restoreAllMocks());

const waiter: StaffUser = {
  id: 9,
  name: 'Rashad Aliyev',
  username: 'rashad@example.com',
  phone: '+994 50 000 00 00',
  phones: ['+994 50 000 00 00'],
  roles: ['WAITER'],
  hasProfile: true,
  isOwner: false,
  hasPin: false,
};

describe('user form validation', () => {
  it('a new user needs username, password, name and a role (English)', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await renderAdmin(<UserForm restaurantId={7} onClose={() => {}} />, 'en');
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required for new users')).toBeTruthy();
    expect(screen.getByText('Name is required for new users')).toBeTruthy();
    expect(screen.getByText('At least one role must be selected')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('the same messages in Russian, and the restaurant is required', async () => {
    await renderAdmin(<UserForm restaurantId={null} onClose={() => {}} />, 'ru');
    fireEvent.click(await screen.findByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Имя пользователя обязательно')).toBeTruthy();
    expect(screen.getByText('Для нового пользователя требуется пароль')).toBeTruthy();
    expect(screen.getByText('Для нового пользователя требуется имя')).toBeTruthy();
    expect(screen.getByText('Необходимо выбрать хотя бы одну роль')).toBeTruthy();
    expect(screen.getByText('Требуется ID ресторана. Пожалуйста, выберите ресторан.')).toBeTruthy();
  });

  it('editing with a blank password keeps it and shows the translated server refusal (Azerbaijani)', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ messageKey: 'cannotRemoveOwnAdminRole', message: 'x' }), {
        status: 403,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    await renderAdmin(<UserForm restaurantId={7} user={waiter} onClose={() => {}} />, 'az');
    expect(
      screen.getByText(/^Cari şifrəni saxlamaq üçün boş buraxın\. Yeni şifrə bu işçini bütün cihazlarda/),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yadda saxla' }));
    expect(await screen.findByText('Öz Restoran Admini rolunuzu silə bilməzsiniz.')).toBeTruthy();
    const [url, init] = fetchSpy.mock.calls[0];
    expect(url).toBe('/api/eatery/7/user/9');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({
      username: 'rashad@example.com',
      name: 'Rashad Aliyev',
      password: null,
      phones: ['+994 50 000 00 00'],
      roles: ['WAITER'],
    });
  });

  it('checks the e-mail and the password rule as the user leaves the field', async () => {
    await renderAdmin(<UserForm restaurantId={7} onClose={() => {}} />, 'en');
    const email = await screen.findByLabelText(/Email \(username\)/);
    await userEvent.type(email, 'not-an-email');
    fireEvent.blur(email);
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    const password = screen.getByLabelText(/^Password/);
    await userEvent.type(password, 'short');
    fireEvent.blur(password);
    expect(
      await screen.findByText('Password must be at least 8 characters and include letters and numbers'),
    ).toBeTruthy();
  });
});

describe('user form and unsaved changes', () => {
  it('closes at once when nothing changed, and asks once the name changed', async () => {
    const onClose = vi.fn();
    await renderAdmin(
      <ModalsProvider>
        <UserForm restaurantId={7} user={waiter} onClose={onClose} />
      </ModalsProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'ov');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
  });
});
