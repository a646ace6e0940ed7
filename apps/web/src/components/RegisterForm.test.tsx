import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { RegisterForm } from './RegisterForm';

const texts = {
  en: {
    email: 'Email',
    password: 'Password',
    confirm: 'Confirm password',
    restaurant: 'Restaurant name',
    name: 'Your name',
    submit: 'Register',
    badEmail: 'Please enter a valid email address',
    weak: 'Password must be at least 8 characters and include letters and numbers',
    mismatch: 'Passwords do not match',
    required: 'Required field',
    badName: 'Name must be between 2 and 50 characters',
  },
  az: {
    email: 'E-poçt',
    password: 'Şifrə',
    confirm: 'Şifrəni təsdiqləyin',
    restaurant: 'Restoranın adı',
    name: 'Adınız',
    submit: 'Qeydiyyatdan keç',
    badEmail: 'Düzgün e-poçt ünvanı daxil edin',
    weak: 'Şifrə ən azı 8 simvol olmalı, hərf və rəqəm daxil etməlidir',
    mismatch: 'Şifrələr uyğun gəlmir',
    required: 'Məcburi sahə',
    badName: 'Ad 2 ilə 50 simvol arasında olmalıdır',
  },
  ru: {
    email: 'Email',
    password: 'Пароль',
    confirm: 'Подтвердите пароль',
    restaurant: 'Название ресторана',
    name: 'Ваше имя',
    submit: 'Зарегистрироваться',
    badEmail: 'Введите корректный адрес электронной почты',
    weak: 'Пароль должен содержать не менее 8 символов, буквы и цифры',
    mismatch: 'Пароли не совпадают',
    required: 'Обязательное поле',
    badName: 'Имя должно содержать от 2 до 50 символов',
  },
} as const;

const input = (label: string) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;
const password = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}\\s*\\*?$`), { selector: 'input' }) as HTMLInputElement;
const isDisabled = (el: HTMLElement) => (el as HTMLButtonElement).disabled;
const type = (el: HTMLInputElement, value: string) => {
  fireEvent.change(el, { target: { value } });
  fireEvent.blur(el);
};

describe.each(Object.entries(texts))('registration form in %s', (lang, tx) => {
  afterEach(() => vi.restoreAllMocks());

  it('shows each rule’s message on blur and keeps submit disabled until all fields are valid', async () => {
    await renderWithProviders(<RegisterForm withName />, { lang: lang as 'en' });
    const submit = screen.getByRole('button', { name: tx.submit });
    expect(isDisabled(submit)).toBe(true);

    type(input(tx.name), 'A1');
    await screen.findByText(tx.badName);
    type(input(tx.email), 'user@nowhere');
    await screen.findByText(tx.badEmail);
    type(password(tx.password), 'abcdefgh');
    await screen.findByText(tx.weak);
    type(password(tx.confirm), 'other123');
    await screen.findByText(tx.mismatch);
    type(input(tx.restaurant), '');
    await screen.findByText(tx.required);
    expect(isDisabled(submit)).toBe(true);

    type(input(tx.name), 'Aysel Mammadova');
    type(input(tx.email), 'aysel@example.com');
    type(password(tx.password), 'saffron-plov-7');
    type(password(tx.confirm), 'saffron-plov-7');
    type(input(tx.restaurant), 'Dadlı Ev');
    await waitFor(() => expect(isDisabled(submit)).toBe(false));
  });
});

describe('registration form submit', () => {
  it('sends the registration body (no name on the landing variant) and shows the translated server error', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ messageKey: 'userExist', message: 'An account with this email already exists.' }), {
        status: 409,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    await renderWithProviders(<RegisterForm withName={false} />, { lang: 'ru' });
    expect(screen.queryByRole('textbox', { name: texts.ru.name })).toBeNull();
    type(input(texts.ru.email), 'Taken@Example.com');
    type(password(texts.ru.password), 'saffron-plov-7');
    type(password(texts.ru.confirm), 'saffron-plov-7');
    type(input(texts.ru.restaurant), 'Чайхана Баку');
    const submit = screen.getByRole('button', { name: texts.ru.submit });
    await waitFor(() => expect(isDisabled(submit)).toBe(false));
    fireEvent.click(submit);
    await screen.findByText('Аккаунт с этим email уже существует.');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/admin/eatery');
    expect(JSON.parse(String(init.body))).toEqual({
      user: { email: 'Taken@Example.com', password: 'saffron-plov-7' },
      restaurant: { name: 'Чайхана Баку' },
      userProfileRequest: { name: null, phone: null },
    });
  });
});
