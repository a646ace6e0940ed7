import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DietaryTag, GuestMenu, GuestMenuDish } from '@qr-menu/contract';
import { jsonResponse, renderGuest } from '../test-render';
import { resetCartStoreForTests } from '../cart/cart-store';
import { clearGuestQueriesForTests } from '../lib/query';
import { MenuPage } from './MenuPage';

/** The menu's tag filter: diets ("show only"), allergens ("hide dishes that contain"), and its visible state. */

const dish = (id: number, nameEn: string, nameRu: string, dietaryTags: DietaryTag[]): GuestMenuDish => ({
  id,
  nameAz: nameEn,
  nameEn,
  nameRu,
  descriptionAz: '',
  descriptionEn: '',
  descriptionRu: '',
  price: 5,
  image: null,
  dietaryTags,
});

const menu: GuestMenu = {
  eateryId: 1,
  tableId: 2,
  eateryName: 'Dadlı Ev',
  tableName: '7',
  timeZone: 'Asia/Baku',
  categories: [
    {
      id: 10,
      nameAz: 'Yeməklər',
      nameEn: 'Dishes',
      nameRu: 'Блюда',
      image: null,
      dishes: [
        dish(1, 'Syrniki', 'Сырники', ['vegetarian', 'eggs', 'milk', 'gluten']),
        dish(2, 'Lentil soup', 'Чечевичный суп', ['vegan', 'vegetarian', 'celery']),
        dish(3, 'Kebab', 'Кебаб', ['halal']),
      ],
    },
  ],
};

const dishes = () => screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'));

beforeEach(() => {
  clearGuestQueriesForTests();
  localStorage.clear();
  resetCartStoreForTests();
  vi.stubGlobal('scrollTo', vi.fn());
  Element.prototype.scrollTo = vi.fn();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(menu)),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function openFilter(user: ReturnType<typeof userEvent.setup>, name: string | RegExp = /^Filters/) {
  await user.click(screen.getByRole('button', { name }));
  return within(await screen.findByRole('dialog', { name: 'Filters' }));
}

describe('the tag filter', () => {
  it('offers the menu’s diets and allergens in two groups, as toggles that show a check when chosen', async () => {
    await renderGuest(<MenuPage eateryId={1} tableId={2} />);
    await screen.findByRole('article', { name: 'Syrniki' });
    const user = userEvent.setup();
    const dialog = await openFilter(user);
    const group = (name: string) =>
      within(dialog.getByRole('region', { name }))
        .getAllByRole('button')
        .map((b) => b.textContent);
    expect(group('Show only')).toEqual(['Vegetarian', 'Vegan', 'Halal']);
    expect(group('Hide dishes that contain')).toEqual(['Gluten', 'Eggs', 'Milk', 'Celery']);
    expect(dialog.getByText(/If your allergy is serious, please ask the staff/)).toBeTruthy();

    const milk = dialog.getByRole('button', { name: 'Milk' });
    expect(milk.getAttribute('aria-pressed')).toBe('false');
    const icon = milk.querySelector('svg path')?.getAttribute('d');
    await user.click(milk);
    expect(milk.getAttribute('aria-pressed')).toBe('true');
    // Chosen: the check instead of the tag's icon, not only another shade.
    expect(milk.querySelector('svg path')?.getAttribute('d')).not.toBe(icon);
    await user.click(milk);
    expect(milk.getAttribute('aria-pressed')).toBe('false');
  });

  it('an allergen hides the dishes with it, a diet keeps only its dishes; the active filters show and clear', async () => {
    await renderGuest(<MenuPage eateryId={1} tableId={2} />);
    await screen.findByRole('article', { name: 'Syrniki' });
    const user = userEvent.setup();
    expect(screen.queryByRole('group', { name: 'Active filters' })).toBeNull();

    let dialog = await openFilter(user);
    await user.click(dialog.getByRole('button', { name: 'Milk' }));
    await user.click(dialog.getByRole('button', { name: 'Show dishes' }));
    expect(dishes()).toEqual(['Lentil soup', 'Kebab']);

    dialog = await openFilter(user, 'Filters (1)');
    // The sheet opens with the choice made.
    expect(dialog.getByRole('button', { name: 'Milk' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(dialog.getByRole('button', { name: 'Vegetarian' }));
    await user.click(dialog.getByRole('button', { name: 'Show dishes' }));
    expect(dishes()).toEqual(['Lentil soup']);

    // The state is visible: a filled button with the count, and the chosen filters as pressed chips.
    const button = screen.getByRole('button', { name: 'Filters (2)' });
    expect(button.getAttribute('data-active')).toBe('true');
    expect(button.textContent).toBe('2');
    const active = within(screen.getByRole('group', { name: 'Active filters' }));
    expect(active.getAllByRole('button', { pressed: true }).map((b) => b.textContent)).toEqual([
      'Vegetarian',
      'No Milk',
    ]);

    // Pressing a chip drops that filter; the focus waits on the filter button.
    await user.click(active.getByRole('button', { name: 'No Milk' }));
    expect(dishes()).toEqual(['Syrniki', 'Lentil soup']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Filters (1)' }));

    await user.click(active.getByRole('button', { name: 'Clear filters' }));
    expect(dishes()).toEqual(['Syrniki', 'Lentil soup', 'Kebab']);
    expect(screen.queryByRole('group', { name: 'Active filters' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Filters' }).textContent).toBe('');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Filters' }));
  });

  it('speaks Russian and Azerbaijani: "Без: Молоко", "Süd olmadan"', async () => {
    for (const [lang, without, title] of [
      ['ru', 'Без: Молоко', 'Фильтры (1)'],
      ['az', 'Süd olmadan', 'Filtrlər (1)'],
    ] as const) {
      clearGuestQueriesForTests();
      const { unmount } = await renderGuest(<MenuPage eateryId={1} tableId={2} />, { lang });
      await screen.findAllByRole('article');
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: lang === 'ru' ? 'Фильтры' : 'Filtrlər' }));
      const dialog = within(await screen.findByRole('dialog'));
      await user.click(dialog.getByRole('button', { name: lang === 'ru' ? 'Молоко' : 'Süd' }));
      await user.click(dialog.getByRole('button', { name: lang === 'ru' ? 'Показать блюда' : 'Yeməkləri göstər' }));
      expect(screen.getByRole('button', { name: without, pressed: true })).toBeTruthy();
      expect(screen.getByRole('button', { name: title })).toBeTruthy();
      unmount();
    }
  });
});

describe('dish rows', () => {
  it('show each tag as its word with its icon, at most three chips', async () => {
    await renderGuest(<MenuPage eateryId={1} tableId={2} />);
    const syrniki = await screen.findByRole('article', { name: 'Syrniki' });
    const tags = within(within(syrniki).getByRole('list', { name: 'Diet and allergens' })).getAllByRole('listitem');
    expect(tags.map((li) => li.querySelector('[aria-hidden="true"]:not(svg)')?.textContent ?? li.textContent)).toEqual([
      'Vegetarian',
      'Eggs',
      '+2',
    ]);
    const kebab = screen.getByRole('article', { name: 'Kebab' });
    expect(within(kebab).getByRole('listitem').textContent).toBe('Halal');
  });
});
