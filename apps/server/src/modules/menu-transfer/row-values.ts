import type { z } from 'zod';
import {
  categoryData,
  departmentBody,
  DIETARY_TAG_NAMES,
  DIETARY_TAGS,
  dishData,
  LANGUAGES,
  MENU_SHEET_LANGUAGE_COLUMNS,
  MENU_TRANSFER_E,
  parseAvailableCell,
  priceField,
  toCents,
  V,
  type DietaryTag,
  type Language,
  type LocalizedNames,
  type LocalizedTexts,
  type MenuImportError,
  type MenuImportNames,
  type MenuSheetColumn,
} from '@qr-menu/contract';
import type { SheetRow } from './sheet-read.js';

/**
 * One sheet row as values, checked by the rules of the dish and category forms themselves (contract menu.ts:
 * dishData, categoryData, departmentBody), so an imported dish obeys what a typed one does.
 */

/** The row's dish, with the columns the sheet has; a column the sheet left out is undefined (kept on update). */
export interface DishCells {
  texts: Partial<LocalizedTexts>;
  /** Decimal string with 2 decimals ('12.50'). */
  price: string;
  /** Null: empty cell. */
  available: boolean | null;
  /** Null: no department; undefined: no such column. */
  department: string | null | undefined;
  tags: DietaryTag[] | undefined;
  /** A photoKey; null: empty (a dish keeps its photo). */
  photo: string | null;
}

export interface RowValues {
  row: number;
  category: LocalizedNames;
  categoryDisplay: MenuImportNames;
  nameDisplay: MenuImportNames;
  /** The row names a category only (every dish column empty). */
  categoryOnly: boolean;
  /** The dish as the row says it; null for a category row and for a row with errors. */
  dish: DishCells | null;
  /** As written in the cells, for the report (also on rows with errors). */
  shown: {
    priceCents: number | null;
    department: string | null;
    tags: string[];
    available: boolean | null;
    photo: string | null;
  };
  errors: MenuImportError[];
}

const SUFFIX: Record<Language, 'Az' | 'En' | 'Ru'> = { az: 'Az', en: 'En', ru: 'Ru' };

/** Which sheet column a field of dishData or categoryData is read from. */
function dishColumnOf(field: string): MenuSheetColumn | null {
  for (const lang of LANGUAGES) {
    if (field === `name${SUFFIX[lang]}`) return MENU_SHEET_LANGUAGE_COLUMNS.name[lang];
    if (field === `description${SUFFIX[lang]}`) return MENU_SHEET_LANGUAGE_COLUMNS.description[lang];
  }
  return field === 'price' ? 'price' : null;
}
const categoryColumnOf = (field: string): MenuSheetColumn | null =>
  LANGUAGES.map((lang) => (field === `name${SUFFIX[lang]}` ? MENU_SHEET_LANGUAGE_COLUMNS.category[lang] : null)).find(
    (c) => c !== null,
  ) ?? null;

/** zod issues as row problems, on the column each field comes from. */
function issuesOf(error: z.ZodError, columnOf: (field: string) => MenuSheetColumn | null): MenuImportError[] {
  return error.issues.map((issue) => ({
    column: columnOf(String(issue.path[0] ?? '')),
    key: issue.message.startsWith('validation.') ? issue.message : V.invalid,
  }));
}

/** The tags of the list a cell names (by key or by name in any language, any letter case, `,` or `;` between). */
export function parseTags(text: string): { tags: DietaryTag[]; unknown: string[] } {
  const found = new Set<DietaryTag>();
  const unknown: string[] = [];
  for (const word of text.split(/[,;]/).map((w) => w.trim())) {
    if (!word) continue;
    const lower = word.toLowerCase();
    const tag = DIETARY_TAGS.find(
      (t) => t.toLowerCase() === lower || LANGUAGES.some((l) => DIETARY_TAG_NAMES[t][l].toLowerCase() === lower),
    );
    if (tag) found.add(tag);
    else unknown.push(word);
  }
  return { tags: DIETARY_TAGS.filter((t) => found.has(t)), unknown };
}

const DISH_COLUMNS: MenuSheetColumn[] = [
  ...Object.values(MENU_SHEET_LANGUAGE_COLUMNS.name),
  ...Object.values(MENU_SHEET_LANGUAGE_COLUMNS.description),
  'price',
  'department',
  'tags',
  'available',
  'photo',
];

/** Reads and checks one row. `columns`: those the sheet has. */
export function rowValues(sheetRow: SheetRow, columns: readonly MenuSheetColumn[]): RowValues {
  const { cells } = sheetRow;
  const errors: MenuImportError[] = [...sheetRow.errors];
  const has = (c: MenuSheetColumn) => columns.includes(c);
  const cell = (c: MenuSheetColumn) => cells[c] ?? '';
  const byLanguage = (group: 'category' | 'name') =>
    Object.fromEntries(LANGUAGES.map((l) => [l, cell(MENU_SHEET_LANGUAGE_COLUMNS[group][l])])) as MenuImportNames;

  // A cell with a problem of its own (a formula) is told once: the rules below read a stand-in for it.
  const cellErrorColumns = new Set(sheetRow.errors.map((e) => e.column));
  const checked = (c: MenuSheetColumn, standIn: string) => (cellErrorColumns.has(c) ? standIn : cell(c));

  const categoryDisplay = byLanguage('category');
  const nameDisplay = byLanguage('name');
  const categoryInput = { nameAz: categoryDisplay.az, nameEn: categoryDisplay.en, nameRu: categoryDisplay.ru };
  const categoryCheck = categoryData.safeParse({
    nameAz: checked('category_az', 'x'),
    nameEn: checked('category_en', 'x'),
    nameRu: checked('category_ru', 'x'),
  });
  if (!categoryCheck.success) errors.push(...issuesOf(categoryCheck.error, categoryColumnOf));
  const category = categoryCheck.success
    ? { nameAz: categoryCheck.data.nameAz, nameEn: categoryCheck.data.nameEn, nameRu: categoryCheck.data.nameRu }
    : categoryInput;

  const available = parseAvailableCell(cell('available'));
  if (available === undefined) errors.push({ column: 'available', key: MENU_TRANSFER_E.available });
  const tagCell = parseTags(cell('tags'));
  for (const tag of tagCell.unknown) errors.push({ column: 'tags', key: MENU_TRANSFER_E.tagUnknown, params: { tag } });
  const departmentText = cell('department');
  if (departmentText) {
    const check = departmentBody.shape.name.safeParse(departmentText);
    if (!check.success) errors.push(...issuesOf(check.error, () => 'department'));
  }
  const photo = cell('photo') ? cells.photo!.split(/[\\/]/).pop()!.trim() : null;
  if (photo !== null && photo.length > 255) errors.push({ column: 'photo', key: V.tooLong });

  const categoryOnly = DISH_COLUMNS.every((c) => cell(c) === '' && !cellErrorColumns.has(c));
  let dish: DishCells | null = null;
  // The price as the report shows it, also on a row with other problems.
  const shownPrice = cellErrorColumns.has('price') ? null : priceField.safeParse(cell('price'));
  const priceCents = shownPrice?.success ? toCents(shownPrice.data) : null;
  if (!categoryOnly) {
    const check = dishData.safeParse({
      nameAz: checked('name_az', 'x'),
      nameEn: checked('name_en', 'x'),
      nameRu: checked('name_ru', 'x'),
      descriptionAz: checked('description_az', ''),
      descriptionEn: checked('description_en', ''),
      descriptionRu: checked('description_ru', ''),
      price: checked('price', '1'),
    });
    if (check.success) {
      const kept = (field: keyof LocalizedTexts, column: MenuSheetColumn) =>
        has(column) ? { [field]: check.data[field] } : {};
      dish = {
        texts: {
          ...kept('nameAz', 'name_az'),
          ...kept('nameEn', 'name_en'),
          ...kept('nameRu', 'name_ru'),
          ...kept('descriptionAz', 'description_az'),
          ...kept('descriptionEn', 'description_en'),
          ...kept('descriptionRu', 'description_ru'),
        },
        price: check.data.price,
        available: available ?? null,
        department: has('department') ? departmentText || null : undefined,
        tags: has('tags') ? tagCell.tags : undefined,
        photo,
      };
    } else {
      errors.push(...issuesOf(check.error, dishColumnOf));
    }
  }

  return {
    row: sheetRow.row,
    category,
    categoryDisplay,
    nameDisplay,
    categoryOnly,
    dish: errors.length > 0 ? null : dish,
    shown: {
      priceCents,
      department: departmentText || null,
      tags: tagCell.tags,
      available: available ?? null,
      photo,
    },
    errors: dedupe(errors),
  };
}

/** One message per column and key (a name that is too long in two checks is told once). */
function dedupe(errors: MenuImportError[]): MenuImportError[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const id = `${e.column}|${e.key}|${JSON.stringify(e.params ?? {})}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
