import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AvailabilityHours, DishOptionGroupInput } from '@qr-menu/contract';
import type { DemoCategory, DemoMenu } from './menu-source.js';

/**
 * What the demo menu shows beyond names and prices: option groups on a few drinks and burgers, and a
 * breakfast category that can be ordered 08:00–11:30 every day (the fixture menus have none: it is added; the
 * built-in catalogue's own breakfast gets the hours).
 */

export const BREAKFAST_HOURS: AvailabilityHours = { days: [0, 1, 2, 3, 4, 5, 6], from: '08:00', to: '11:30' };

const names = (nameAz: string, nameEn: string, nameRu: string) => ({ nameAz, nameEn, nameRu });

/** Size of a drink: one required choice. */
const DRINK_SIZE: DishOptionGroupInput = {
  ...names('Həcm', 'Size', 'Объём'),
  minChoices: 1,
  maxChoices: 1,
  options: [
    { ...names('0,3 L', '0.3 L', '0,3 л'), priceDelta: 0 },
    { ...names('0,5 L', '0.5 L', '0,5 л'), priceDelta: 1.5 },
  ],
};

/** Burger extras: up to three, each with its price. */
const BURGER_EXTRAS: DishOptionGroupInput = {
  ...names('Əlavələr', 'Extras', 'Добавки'),
  minChoices: 0,
  maxChoices: 3,
  options: [
    { ...names('Əlavə pendir', 'Extra cheese', 'Дополнительный сыр'), priceDelta: 1 },
    { ...names('Bekon', 'Bacon', 'Бекон'), priceDelta: 1.5 },
    { ...names('Qızardılmış yumurta', 'Fried egg', 'Яичница'), priceDelta: 0.8 },
    { ...names('Halapenyo', 'Jalapeños', 'Халапеньо'), priceDelta: 0.5 },
  ],
};

/** What to leave out: free. */
const BURGER_WITHOUT: DishOptionGroupInput = {
  ...names('…siz', 'Without', 'Без'),
  minChoices: 0,
  maxChoices: 3,
  options: [
    { ...names('Soğansız', 'No onion', 'Без лука') },
    { ...names('Duzlu xiyarsız', 'No pickles', 'Без солёных огурцов') },
    { ...names('Soussuz', 'No sauce', 'Без соуса') },
  ],
};

/** Option groups by the dish's English name (lower case), fixtures and catalogue alike. */
const OPTIONS_BY_DISH: Record<string, DishOptionGroupInput[]> = {
  coke: [DRINK_SIZE],
  fanta: [DRINK_SIZE],
  'fresh orange juice': [DRINK_SIZE],
  'homemade lemonade': [DRINK_SIZE],
  'cheese burger': [BURGER_EXTRAS, BURGER_WITHOUT],
  cheeseburger: [BURGER_EXTRAS, BURGER_WITHOUT],
  'classic burger': [BURGER_EXTRAS, BURGER_WITHOUT],
  'double burger': [BURGER_EXTRAS, BURGER_WITHOUT],
};

/** The demo's breakfast when the menu has none: photos from the fixture images when present. */
function breakfastCategory(imagesDir: string | null): DemoCategory {
  const photo = (file: string) => {
    const path = imagesDir ? join(imagesDir, file) : null;
    return path && existsSync(path) ? readFileSync(path) : null;
  };
  return {
    ...names('Səhər yeməyi', 'Breakfast', 'Завтраки'),
    image: photo('breakfast.webp'),
    department: 'kitchen',
    availableHours: BREAKFAST_HOURS,
    dishes: [
      {
        ...names('Azərbaycan səhər yeməyi', 'Azerbaijani breakfast', 'Азербайджанский завтрак'),
        descriptionAz: 'Pendir, kərə yağı, bal, qaymaq, mürəbbə, yumurta və təndir çörəyi',
        descriptionEn: 'Cheese, butter, honey, clotted cream, jam, a boiled egg and tandoor bread',
        descriptionRu: 'Сыр, сливочное масло, мёд, каймак, варенье, варёное яйцо и хлеб из тандыра',
        price: '12.00',
        image: photo('breakfast_set.webp'),
      },
      {
        ...names('Pendirli omlet', 'Cheese omelette', 'Омлет с сыром'),
        descriptionAz: 'Üç yumurtadan omlet, pendir və göyərti ilə',
        descriptionEn: 'Three-egg omelette with cheese and herbs',
        descriptionRu: 'Омлет из трёх яиц с сыром и зеленью',
        price: '6.00',
        image: photo('omelette.webp'),
      },
      {
        ...names('Bal ilə blinçiklər', 'Pancakes with honey', 'Блинчики с мёдом'),
        descriptionAz: 'Qaymaq və bal ilə',
        descriptionEn: 'With clotted cream and honey',
        descriptionRu: 'С каймаком и мёдом',
        price: '5.50',
        image: photo('pancakes.webp'),
      },
    ],
  };
}

/**
 * The menu with the demo's options and breakfast hours. `imagesDir`: the fixture images (null: no photos). The
 * breakfast category comes first, as a cafe's morning menu does.
 */
export function withMenuDepth(menu: DemoMenu, imagesDir: string | null): DemoMenu {
  const categories = menu.categories.map((c) => ({
    ...c,
    dishes: c.dishes.map((d) => {
      const optionGroups = OPTIONS_BY_DISH[d.nameEn.trim().toLowerCase()];
      return optionGroups ? { ...d, optionGroups } : d;
    }),
  }));
  let photos = menu.photos;
  const breakfast = categories.find((c) => c.nameEn.trim().toLowerCase() === 'breakfast');
  if (breakfast) {
    breakfast.availableHours = BREAKFAST_HOURS;
  } else {
    const added = breakfastCategory(imagesDir);
    photos += [added.image, ...added.dishes.map((d) => d.image)].filter(Boolean).length;
    categories.unshift(added);
  }
  return { ...menu, categories, photos };
}
