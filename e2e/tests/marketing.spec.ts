import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createOwner, expect, loginUI, PASSWORD, test, uniqueEmail, useLanguage } from '../fixtures';

type Lang = 'az' | 'en' | 'ru';

/** What each language shows: labels of the form, its validation messages and the landing page's h1. */
const T: Record<
  Lang,
  {
    h1: string;
    email: string;
    password: string;
    confirm: string;
    restaurant: string;
    submit: string;
    success: string;
    required: string;
    badEmail: string;
    weak: string;
    mismatch: string;
    badRestaurant: string;
    userExist: string;
  }
> = {
  en: {
    h1: 'Your menu on every table. Orders straight to the kitchen.',
    email: 'Email',
    password: 'Password',
    confirm: 'Confirm password',
    restaurant: 'Restaurant name',
    submit: 'Register',
    success: 'Registration successful!',
    required: 'Required field',
    badEmail: 'Please enter a valid email address',
    weak: 'Password must be at least 8 characters and include letters and numbers',
    mismatch: 'Passwords do not match',
    badRestaurant:
      'Restaurant name must be 2 to 100 characters with at least one letter or digit, without < > or invisible control characters',
    userExist: 'An account with this email already exists.',
  },
  az: {
    h1: 'Menyunuz hər masada. Sifarişlər birbaşa mətbəxə.',
    email: 'E-poçt',
    password: 'Şifrə',
    confirm: 'Şifrəni təsdiqləyin',
    restaurant: 'Restoranın adı',
    submit: 'Qeydiyyatdan keç',
    success: 'Qeydiyyat uğurla tamamlandı!',
    required: 'Məcburi sahə',
    badEmail: 'Düzgün e-poçt ünvanı daxil edin',
    weak: 'Şifrə ən azı 8 simvol olmalı, hərf və rəqəm daxil etməlidir',
    mismatch: 'Şifrələr uyğun gəlmir',
    badRestaurant:
      'Restoran adı 2-100 simvol olmalıdır, ən azı bir hərf və ya rəqəmlə; < > işarələri və görünməz idarəetmə simvolları olmaz',
    userExist: 'Bu e-poçt ilə hesab artıq mövcuddur.',
  },
  ru: {
    h1: 'Ваше меню на каждом столе. Заказы — сразу на кухню.',
    email: 'Email',
    password: 'Пароль',
    confirm: 'Подтвердите пароль',
    restaurant: 'Название ресторана',
    submit: 'Зарегистрироваться',
    success: 'Регистрация прошла успешно!',
    required: 'Обязательное поле',
    badEmail: 'Введите корректный адрес электронной почты',
    weak: 'Пароль должен содержать не менее 8 символов, буквы и цифры',
    mismatch: 'Пароли не совпадают',
    badRestaurant:
      'Название ресторана: от 2 до 100 символов, хотя бы одна буква или цифра, без < > и невидимых управляющих символов',
    userExist: 'Аккаунт с этим email уже существует.',
  },
};

const form = (page: Page) => page.locator('#register');
const field = (page: Page, label: string) => form(page).getByRole('textbox', { name: label, exact: true });

async function fillForm(page: Page, l: Lang, v: { email: string; restaurant: string }) {
  await field(page, T[l].email).fill(v.email);
  await field(page, T[l].password).fill(PASSWORD);
  await field(page, T[l].confirm).fill(PASSWORD);
  await field(page, T[l].restaurant).fill(v.restaurant);
}

for (const l of ['az', 'en', 'ru'] as const) {
  test(`registers from /landing/${l}: success page, then login works; the name is sent as null`, async ({
    page,
    request,
  }) => {
    await page.goto(`/landing/${l}`);
    await expect(page.locator('html')).toHaveAttribute('lang', l);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(T[l].h1);
    // No name field on the landing page.
    await expect(form(page).getByRole('textbox')).toHaveCount(4);
    const submit = form(page).getByRole('button', { name: T[l].submit });
    await expect(submit).toBeDisabled();

    const email = uniqueEmail(`landing-${l}`);
    await fillForm(page, l, { email, restaurant: `Çay Evi ${l}` });
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page).toHaveURL(/\/admin\/register\/success$/);
    await expect(page.getByText(T[l].success)).toBeVisible();

    await loginUI(page, email);
    await expect(page.getByRole('link', { name: `Çay Evi ${l}` })).toBeVisible();

    const login = await request.post('/api/auth/login', { data: { email, password: PASSWORD, eateryId: null } });
    const { jwt } = await login.json();
    const status = await request.get('/api/auth/status', { headers: { Authorization: `Bearer ${jwt}` } });
    expect((await status.json()).name).toBeNull();
  });
}

for (const l of ['en', 'az', 'ru'] as const) {
  test(`invalid fields show their messages on blur (${l})`, async ({ page }) => {
    await page.goto(`/landing/${l}`);
    const submit = form(page).getByRole('button', { name: T[l].submit });

    await field(page, T[l].email).focus();
    await field(page, T[l].email).blur();
    await expect(form(page).getByText(T[l].required)).toBeVisible();

    await field(page, T[l].email).fill('not-an-email');
    await field(page, T[l].email).blur();
    await expect(form(page).getByText(T[l].badEmail)).toBeVisible();

    await field(page, T[l].password).fill('abcdefgh');
    await field(page, T[l].password).blur();
    await expect(form(page).getByText(T[l].weak)).toBeVisible();

    await field(page, T[l].password).fill('abcd1234');
    await field(page, T[l].confirm).fill('abcd12345');
    await field(page, T[l].confirm).blur();
    await expect(form(page).getByText(T[l].mismatch)).toBeVisible();

    await field(page, T[l].restaurant).fill('<b>');
    await field(page, T[l].restaurant).blur();
    await expect(form(page).getByText(T[l].badRestaurant)).toBeVisible();
    await expect(submit).toBeDisabled();

    // Fixing a field removes its message.
    await field(page, T[l].email).fill('fixed@example.com');
    await field(page, T[l].email).blur();
    await expect(form(page).getByText(T[l].badEmail)).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/landing/${l}$`));
  });
}

test('a duplicate e-mail shows the translated userExist message', async ({ page, request }) => {
  const owner = await createOwner(request);
  for (const l of ['ru', 'az'] as const) {
    await page.goto(`/landing/${l}`);
    await fillForm(page, l, { email: owner.email, restaurant: 'Dadlı Ev' });
    await form(page).getByRole('button', { name: T[l].submit }).click();
    await expect(form(page).getByRole('alert')).toContainText(T[l].userExist);
    await expect(page).toHaveURL(new RegExp(`/landing/${l}$`));
  }
});

test('language routes: the suffix sets the language, switching goes to the bare path', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.goto('/landing/ru');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(T.ru.h1);
  await expect(page).toHaveTitle(/QR-меню/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Первый месяц бесплатно/);

  await page.getByRole('combobox', { name: 'Язык' }).selectOption('az');
  await expect(page).toHaveURL(/\/landing$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'az');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(T.az.h1);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(T.az.h1);

  await page.goto('/business/en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Faster service, a bigger check, less waiting');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
  await expect(page).toHaveURL(/\/business$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Быстрее обслуживание, выше чек, меньше ожидания');

  // An unknown suffix goes to the bare path.
  await page.goto('/landing/de');
  await expect(page).toHaveURL(/\/landing$/);
});

test('/business and /partnership render, with login and chat links', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.goto('/business');
  await expect(page).toHaveTitle('QR Menu for business — a bigger check, faster service');
  await expect(page.getByRole('heading', { level: 2, name: 'What you get' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(6);
  await expect(page.locator('blockquote')).toHaveCount(2);
  await expect(page.getByTestId('video-poster')).toBeVisible();
  await expect(page.locator('iframe, video')).toHaveCount(0);
  await expect(form(page).getByRole('textbox')).toHaveCount(4);
  const chat = page.getByRole('link', { name: /Request a demo in chat/ }).first();
  await expect(chat).toHaveAttribute('href', /^https:\/\/wa\.me\/994000000000\?text=/);
  await expect(chat).toHaveAttribute('target', '_blank');
  // The same claims as on the landing page.
  for (const claim of ['1st month', '20–25 min', 'up to +30%', '2× faster']) {
    await expect(page.getByText(claim, { exact: true })).toBeVisible();
  }

  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Partnership' }).click();
  await expect(page).toHaveURL(/\/partnership$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Earn with QR Menu in 2–3 hours a day');
  await expect(page.getByRole('link', { name: 'partners@example.com' })).toHaveAttribute(
    'href',
    /^mailto:partners@example\.com\?subject=/,
  );
  await expect(page.getByRole('link', { name: /Write in chat/ }).first()).toHaveAttribute('href', /wa\.me/);

  await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('keyboard: a skip link first, then the call to action jumps into the form', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.goto('/landing');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: /Start your free month/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(field(page, 'Email')).toBeFocused();
});

test('redirects: /menu to /client/menu/2, root and unknown paths to /landing', async ({ browser }) => {
  // Each in a browser context of its own: the guest menu's page keeps working after its URL is reached (it may
  // navigate and register its service worker on its own), and nothing of it may hold up the next redirect.
  const redirects: [string, RegExp][] = [
    ['/menu', /\/client\/menu\/2$/],
    ['/', /\/landing$/],
    ['/no/such/page', /\/landing$/],
  ];
  for (const [from, to] of redirects) {
    const context = await browser.newContext();
    const tab = await context.newPage();
    await tab.goto(from);
    await expect(tab).toHaveURL(to);
    await context.close();
  }
});

for (const path of ['/landing', '/business', '/partnership']) {
  for (const l of ['az', 'ru'] as const) {
    test(`axe: no serious or critical violations on ${path} (${l})`, async ({ page }) => {
      await useLanguage(page, l);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // With a valid form the submit button is enabled, and then its contrast counts too.
      if (path !== '/partnership') await fillForm(page, l, { email: 'axe@example.com', restaurant: 'Dadlı Ev' });
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const bad = result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(bad).toEqual([]);
    });
  }
}
