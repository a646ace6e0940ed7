import {
  AVAILABLE_WORDS,
  DIETARY_TAGS,
  MENU_TRANSFER_LIMITS,
  type Language,
  type MenuSheetColumn,
} from '@qr-menu/contract';

/**
 * The second sheet of an XLSX template and export: what each column holds, in az, en and ru. The columns keep one
 * spelling in every language; this sheet is for the people who fill them in.
 */

const yes = AVAILABLE_WORDS.yes.join(', ');
const no = AVAILABLE_WORDS.no.join(', ');
const tags = DIETARY_TAGS.join(', ');

export const HELP_HEADER: Record<Language | 'column', string> = {
  column: 'column',
  az: 'Azərbaycanca',
  en: 'English',
  ru: 'Русский',
};

export const COLUMN_HELP: Record<MenuSheetColumn, Record<Language, string>> = {
  category_az: {
    az: 'Kateqoriyanın adı (az). Ən azı bir dildə ad lazımdır. Eyni adlı kateqoriya varsa, yeməklər ona əlavə olunur.',
    en: 'Category name (az). At least one language is needed. A category with the same name is reused.',
    ru: 'Название категории (az). Нужно хотя бы одно название. Категория с тем же названием используется повторно.',
  },
  category_en: {
    az: 'Kateqoriyanın adı (en).',
    en: 'Category name (en).',
    ru: 'Название категории (en).',
  },
  category_ru: {
    az: 'Kateqoriyanın adı (ru).',
    en: 'Category name (ru).',
    ru: 'Название категории (ru).',
  },
  name_az: {
    az: 'Yeməyin adı (az). Ən azı bir dildə ad lazımdır. Bu kateqoriyada eyni adlı yemək varsa, o yenilənir.',
    en: 'Dish name (az). At least one language is needed. A dish with the same name in the category is updated.',
    ru: 'Название блюда (az). Нужно хотя бы одно название. Блюдо с тем же названием в категории обновляется.',
  },
  name_en: { az: 'Yeməyin adı (en).', en: 'Dish name (en).', ru: 'Название блюда (en).' },
  name_ru: { az: 'Yeməyin adı (ru).', en: 'Dish name (ru).', ru: 'Название блюда (ru).' },
  description_az: {
    az: 'Təsvir (az), istəyə görə.',
    en: 'Description (az), optional.',
    ru: 'Описание (az), необязательно.',
  },
  description_en: {
    az: 'Təsvir (en), istəyə görə.',
    en: 'Description (en), optional.',
    ru: 'Описание (en), необязательно.',
  },
  description_ru: {
    az: 'Təsvir (ru), istəyə görə.',
    en: 'Description (ru), optional.',
    ru: 'Описание (ru), необязательно.',
  },
  price: {
    az: 'Qiymət, AZN, 2 onluq rəqəmlə: 12.50 və ya 12,50. Sıfırdan böyük olmalıdır.',
    en: 'Price in AZN with up to 2 decimals: 12.50 or 12,50. Must be more than zero.',
    ru: 'Цена в AZN, до 2 знаков после запятой: 12.50 или 12,50. Больше нуля.',
  },
  department: {
    az: 'Mətbəx şöbəsinin adı, istəyə görə. Yoxdursa, yaradılır.',
    en: 'Kitchen department name, optional. A new name creates the department.',
    ru: 'Название цеха кухни, необязательно. Новое название создаёт цех.',
  },
  tags: {
    az: `Vergüllə ayrılmış etiketlər (açar və ya istənilən dildə ad): ${tags}.`,
    en: `Tags separated by commas (the key or the name in any language): ${tags}.`,
    ru: `Метки через запятую (ключ или название на любом языке): ${tags}.`,
  },
  available: {
    az: `Satışdadır: ${yes} / yox: ${no}. Boş: yeni yemək satışdadır, mövcud yemək dəyişmir.`,
    en: `On sale: ${yes} / not: ${no}. Empty: a new dish is on sale, an existing one stays as it is.`,
    ru: `В продаже: ${yes} / нет: ${no}. Пусто: новое блюдо в продаже, существующее не меняется.`,
  },
  photo: {
    az: 'Şəklin fayl adı ZIP arxivində (pizza.jpg). Boş: şəkil dəyişmir.',
    en: 'The photo’s file name in the ZIP of photos (pizza.jpg). Empty: the photo stays as it is.',
    ru: 'Имя файла фото в ZIP-архиве (pizza.jpg). Пусто: фото не меняется.',
  },
};

/** Lines under the columns' table: how rows are read. */
export const GENERAL_HELP: Record<Language, string[]> = {
  az: [
    'Bir sətir — bir yemək. Yalnız kateqoriya adları olan sətir boş kateqoriya yaradır.',
    'Cədvəldə olmayan sütun yeməkdə dəyişmir. Düsturlar qəbul edilmir: yalnız dəyərlər.',
    `Ən çox ${MENU_TRANSFER_LIMITS.rows} sətir. Xəta olan fayldan heç nə yazılmır.`,
  ],
  en: [
    'One row is one dish. A row with only category names creates an empty category.',
    'A column left out of the sheet is kept as it is on existing dishes. Formulas are not read: values only.',
    `At most ${MENU_TRANSFER_LIMITS.rows} rows. Nothing is written from a file with errors.`,
  ],
  ru: [
    'Одна строка — одно блюдо. Строка только с названием категории создаёт пустую категорию.',
    'Столбец, которого нет в таблице, у существующих блюд не меняется. Формулы не читаются: только значения.',
    `Не больше ${MENU_TRANSFER_LIMITS.rows} строк. Из файла с ошибками ничего не записывается.`,
  ],
};
