import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { seriousViolations } from '../axe';
import { createOwner, expect, loginUI, test, useLanguage, type Owner } from '../fixtures';

/**
 * The owner's side of dish options and availability hours: option groups built on the dish form, saved,
 * reopened and copied to another dish; breakfast hours on a category; axe on the dish form with groups at 390 and
 * 1366 px; screenshots in az and ru at 390 px (SHOTS_DIR, to look at).
 */

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/menu-options-shots';

interface Menu {
  drinksId: number;
  breakfastId: number;
  lemonadeId: number;
  teaId: number;
}

/** Drinks (Lemonade, Tea) and Breakfast (Omelette), through the staff API. */
async function drinksMenu(request: APIRequestContext, owner: Owner): Promise<Menu> {
  const headers = { Authorization: `Bearer ${owner.token}` };
  const base = `/api/eatery/${owner.eateryId}`;
  const category = async (names: object) => {
    const res = await request.post(`${base}/category`, { headers, multipart: { data: JSON.stringify(names) } });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).id as number;
  };
  const dish = async (categoryId: number, data: object) => {
    const res = await request.post(`${base}/category/${categoryId}/dish`, {
      headers,
      multipart: { data: JSON.stringify({ ...data, categoryId }) },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).id as number;
  };
  const drinksId = await category({ nameAz: 'İçkilər', nameEn: 'Drinks', nameRu: 'Напитки' });
  const breakfastId = await category({ nameAz: 'Səhər yeməyi', nameEn: 'Breakfast', nameRu: 'Завтрак' });
  const lemonadeId = await dish(drinksId, { nameAz: 'Limonad', nameEn: 'Lemonade', nameRu: 'Лимонад', price: '3.00' });
  const teaId = await dish(drinksId, { nameAz: 'Çay', nameEn: 'Tea', nameRu: 'Чай', price: '2.00' });
  await dish(breakfastId, { nameAz: 'Omlet', nameEn: 'Omelette', nameRu: 'Омлет', price: '5.00' });
  return { drinksId, breakfastId, lemonadeId, teaId };
}

const dishCard = (page: Page, name: string) => page.getByTestId('dish-card').filter({ hasText: name });

async function openDish(page: Page, name: string) {
  await dishCard(page, name)
    .getByRole('button', { name: /^(Edit|Redaktə et|Изменить)$/ })
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
}

/** Fills option `j` of a group: its English name and its extra price. */
async function fillOption(group: Locator, j: number, name: string, delta: string) {
  await group.getByLabel('Option in English').nth(j).fill(name);
  await group.getByLabel('Extra price').nth(j).fill(delta);
}

async function getDish(request: APIRequestContext, owner: Owner, categoryId: number, dishId: number) {
  const res = await request.get(`/api/eatery/${owner.eateryId}/category/${categoryId}/dish/${dishId}`, {
    headers: { Authorization: `Bearer ${owner.token}` },
  });
  expect(res.status()).toBe(200);
  return res.json();
}

test('owner builds option groups, copies one to another dish and sets breakfast hours', async ({
  page,
  owner,
  request,
}) => {
  test.setTimeout(120_000);
  const menu = await drinksMenu(request, owner);
  await useLanguage(page, 'en');
  await loginUI(page, owner.email);
  await page.goto(`/admin/menu?categoryId=${menu.drinksId}&restaurantId=${owner.eateryId}`);
  const dialog = page.getByRole('dialog');

  // Lemonade gets "Size" (choose one, required) and "Extras" (choose several, at most 3).
  await openDish(page, 'Lemonade');
  await expect(dialog.getByText('No options: guests add the dish as it is.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add option group' }).click();
  const size = dialog.getByTestId('option-group').nth(0);
  await size.getByLabel('Group name in English').fill('Size');
  await size.getByLabel('Group name in Russian').fill('Размер');
  await expect(size.getByRole('radio', { name: 'Choose one (required)' })).toBeChecked();
  await fillOption(size, 0, '0.3 L', '0');
  await size.getByRole('button', { name: 'Add option' }).click();
  await fillOption(size, 1, '0.5 L', '1.50');
  await expect(size.getByText('AZN')).toHaveCount(2);

  await dialog.getByRole('button', { name: 'Add option group' }).click();
  const extras = dialog.getByTestId('option-group').nth(1);
  await extras.getByLabel('Group name in English').fill('Extras');
  await extras.getByRole('radio', { name: 'Choose several' }).check();
  // A minimum above the maximum is refused under the field, before anything is sent.
  await extras.getByLabel('At least').fill('4');
  await extras.getByLabel('At most').fill('3');
  await fillOption(extras, 0, 'Mint', '0.50');
  await extras.getByRole('button', { name: 'Add option' }).click();
  await fillOption(extras, 1, 'Ice', '0');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(extras.getByText('The minimum and maximum number of choices do not fit')).toBeVisible();
  await extras.getByLabel('At least').fill('0');
  const saved = page.waitForResponse(
    (r) => r.url().endsWith(`/dish/${menu.lemonadeId}`) && r.request().method() === 'PUT',
  );
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  await expect(dialog).toBeHidden();
  await expect(dishCard(page, 'Lemonade').getByTestId('dish-options')).toHaveText('Options: Size, Extras');

  const lemonade = await getDish(request, owner, menu.drinksId, menu.lemonadeId);
  expect(lemonade.optionGroups).toMatchObject([
    {
      nameEn: 'Size',
      nameRu: 'Размер',
      minChoices: 1,
      maxChoices: 1,
      options: [
        { nameEn: '0.3 L', priceDelta: 0 },
        { nameEn: '0.5 L', priceDelta: 1.5 },
      ],
    },
    {
      nameEn: 'Extras',
      minChoices: 0,
      maxChoices: 3,
      options: [{ nameEn: 'Mint', priceDelta: 0.5 }, { nameEn: 'Ice' }],
    },
  ]);

  // Reopened, the form shows both groups as saved.
  await page.reload();
  await openDish(page, 'Lemonade');
  await expect(dialog.getByTestId('option-group')).toHaveCount(2);
  await expect(size.getByLabel('Group name in English')).toHaveValue('Size');
  await expect(size.getByLabel('Extra price').nth(1)).toHaveValue('1.5');
  await expect(extras.getByRole('radio', { name: 'Choose several' })).toBeChecked();
  await expect(extras.getByLabel('At most')).toHaveValue('3');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Tea gets a copy of Lemonade's "Size", found by searching for the dish.
  await openDish(page, 'Tea');
  await dialog.getByRole('button', { name: 'Copy a group from another dish' }).click();
  const picker = page.getByRole('dialog', { name: 'Copy an option group' });
  await picker.getByRole('searchbox', { name: 'Search dishes' }).fill('лимон');
  await expect(picker.getByTestId('copy-dish')).toHaveCount(1);
  await picker.getByRole('button', { name: /Copy “Size”/ }).click();
  await expect(picker).toBeHidden();
  const teaForm = page.getByRole('dialog', { name: 'Edit dish' });
  await expect(teaForm.getByTestId('option-group').getByLabel('Group name in English')).toHaveValue('Size');
  await teaForm.getByRole('button', { name: 'Save' }).click();
  await expect(teaForm).toBeHidden();
  await expect(dishCard(page, 'Tea').getByTestId('dish-options')).toHaveText('Options: Size');
  const tea = await getDish(request, owner, menu.drinksId, menu.teaId);
  expect(tea.optionGroups).toMatchObject([
    {
      nameEn: 'Size',
      minChoices: 1,
      maxChoices: 1,
      options: [{ nameEn: '0.3 L' }, { nameEn: '0.5 L', priceDelta: 1.5 }],
    },
  ]);
  // Lemonade keeps its own group.
  expect((await getDish(request, owner, menu.drinksId, menu.lemonadeId)).optionGroups).toHaveLength(2);

  // Breakfast: weekdays 08:00–11:30 on the category form.
  await page.goto('/admin/categories');
  const breakfast = page.getByTestId('category-card').filter({ hasText: 'Breakfast' });
  await breakfast.getByRole('button', { name: 'Edit category Breakfast' }).click();
  await expect(dialog.getByRole('radio', { name: 'Always' })).toBeChecked();
  await dialog.getByText('Certain days and hours').click();
  await dialog.getByRole('button', { name: 'Mon–Fri' }).click();
  await dialog.getByLabel('From').fill('08:00');
  await dialog.getByLabel('Until').fill('11:30');
  await expect(dialog.getByTestId('hours-midnight')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(breakfast.getByTestId('category-hours')).toHaveText('Hours: Mon–Fri, 08:00–11:30');
  const categories = await (
    await request.get(`/api/eatery/${owner.eateryId}/category`, { headers: { Authorization: `Bearer ${owner.token}` } })
  ).json();
  expect(categories.find((c: { id: number }) => c.id === menu.breakfastId).availableHours).toEqual({
    days: [0, 1, 2, 3, 4],
    from: '08:00',
    to: '11:30',
  });
});

const SIZES = [
  { name: '390', viewport: { width: 390, height: 844 }, hasTouch: true },
  { name: '1366', viewport: { width: 1366, height: 900 }, hasTouch: false },
];

for (const size of SIZES) {
  test(`axe on the dish form with option groups and hours at ${size.name} px, screenshots in az and ru`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const owner = await createOwner(request);
    const menu = await drinksMenu(request, owner);
    const headers = { Authorization: `Bearer ${owner.token}` };
    const option = (az: string, en: string, ru: string, priceDelta: number) => ({
      nameAz: az,
      nameEn: en,
      nameRu: ru,
      priceDelta,
      available: true,
    });
    const put = await request.put(`/api/eatery/${owner.eateryId}/category/${menu.drinksId}/dish/${menu.lemonadeId}`, {
      headers,
      multipart: {
        data: JSON.stringify({
          nameAz: 'Limonad',
          nameEn: 'Lemonade',
          nameRu: 'Лимонад',
          price: '3.00',
          optionGroups: [
            {
              nameAz: 'Ölçü',
              nameEn: 'Size',
              nameRu: 'Размер',
              minChoices: 1,
              maxChoices: 1,
              options: [option('0,3 L', '0.3 L', '0,3 л', 0), option('0,5 L', '0.5 L', '0,5 л', 1.5)],
            },
            {
              nameAz: 'Əlavələr',
              nameEn: 'Extras',
              nameRu: 'Добавки',
              minChoices: 0,
              maxChoices: 3,
              options: [option('Nanə', 'Mint', 'Мята', 0.5), option('Buz', 'Ice', 'Лёд', 0)],
            },
          ],
          availableHours: { days: [4, 5], from: '22:00', to: '02:00' },
        }),
      },
    });
    expect(put.status(), await put.text()).toBe(200);

    const context = await browser.newContext({ viewport: size.viewport, hasTouch: size.hasTouch });
    const page = await context.newPage();
    try {
      await useLanguage(page, 'az');
      await loginUI(page, owner.email);
      await page.goto(`/admin/menu?categoryId=${menu.drinksId}&restaurantId=${owner.eateryId}`);
      await expect(dishCard(page, 'Limonad').getByTestId('dish-options')).toHaveText('Seçimlər: Ölçü, Əlavələr');
      await expect(dishCard(page, 'Limonad').getByTestId('dish-hours')).toHaveText('Saatlar: C., Ş., 22:00–02:00');
      mkdirSync(SHOTS, { recursive: true });
      await dishCard(page, 'Limonad').screenshot({ path: `${SHOTS}/dish-card-az-${size.name}.png` });
      await openDish(page, 'Limonad');
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByTestId('option-group')).toHaveCount(2);
      await expect(dialog.getByText('Gecə yarısını keçir: növbəti gün bitir (02:00).')).toBeVisible();
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

      if (size.name === '390') {
        for (const lang of ['az', 'ru'] as const) {
          if (lang === 'ru') {
            await page.evaluate(() => localStorage.setItem('language', 'ru'));
            await page.reload();
            await openDish(page, 'Лимонад');
          }
          const form = page.getByRole('dialog');
          // Nothing in the form is wider than the phone (a cut label or a row that scrolls sideways).
          const overflow = await form.evaluate((el) => {
            const body = el.querySelector('.mantine-Modal-body') ?? el;
            return body.scrollWidth - body.clientWidth;
          });
          expect(overflow, `${lang}: the form scrolls sideways`).toBeLessThanOrEqual(0);
          const parts = [
            form.getByTestId('option-group').nth(0),
            form.getByTestId('option-group').nth(0).getByTestId('option-row').nth(1),
            form.getByTestId('option-group').nth(1),
            form.getByRole('group', {
              name: lang === 'az' ? 'Qonaqlar nə vaxt sifariş edə bilər' : 'Когда гости могут заказать',
            }),
          ];
          for (const [i, part] of parts.entries()) {
            await part.scrollIntoViewIfNeeded();
            await page.screenshot({ path: `${SHOTS}/dish-form-${lang}-${i}.png` });
          }
        }
        await page
          .getByRole('dialog')
          .getByRole('button', { name: /Copy|Köçür|Скопировать группу/ })
          .click();
        await expect(page.getByRole('dialog', { name: 'Копировать группу опций' })).toBeVisible();
        await page.screenshot({ path: `${SHOTS}/copy-picker-ru.png` });
      } else {
        // The copy picker over the form.
        await dialog.getByRole('button', { name: 'Başqa yeməkdən qrup köçür' }).click();
        const picker = page.getByRole('dialog', { name: 'Seçim qrupunu köçür' });
        await expect(picker.getByTestId('copy-dish')).toHaveCount(0);
        await expect(picker.getByText('Hələ heç bir başqa yeməyin seçim qrupu yoxdur.')).toBeVisible();
        expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
        await page.screenshot({ path: `${SHOTS}/copy-picker-az-1366.png` });
      }
    } finally {
      await context.close();
    }
  });
}
