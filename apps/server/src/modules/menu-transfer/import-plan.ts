import {
  LIMITS,
  MENU_TRANSFER_E,
  pickNames,
  toCents,
  type DietaryTag,
  type LocalizedNames,
  type LocalizedTexts,
  type MenuImportError,
  type MenuImportReport,
  type MenuImportRow,
  type MenuTransferFormat,
  type TenantLimits,
} from '@qr-menu/contract';
import { exportPhotoName, photoKey, type PhotoState } from './photos.js';
import type { RowValues } from './row-values.js';

/**
 * What an import would do to a restaurant's menu, worked out without writing anything: which categories, kitchen
 * departments and dishes it creates, which dishes it changes, and every problem, row by row. Preview answers the
 * report; import writes the plan when the report has no problem.
 *
 * Matching: a row's category is an existing one (or one an earlier row creates) when a name in some language is the
 * same, ignoring letter case and extra spaces; the category's own names are not changed. In that category, a dish
 * with a same name is the row's dish: it is updated, never duplicated, so an exported menu imported again changes
 * nothing. A second row naming the same dish is an error.
 */

/** The menu as it is, in menu order (live dishes only: archived ones are history). */
export interface MenuSnapshot {
  categories: { id: number; names: LocalizedNames }[];
  dishes: ExistingDish[];
  departments: { id: number; name: string }[];
}

export interface ExistingDish {
  id: number;
  categoryId: number;
  texts: LocalizedTexts;
  /** Decimal string ('12.50'). */
  price: string;
  available: boolean;
  kitchenDepartmentId: number | null;
  dietaryTags: DietaryTag[];
  imageId: number | null;
}

/** A category of the plan: an existing one by id, or the n-th new one. */
export type CategoryRef = { id: number } | { newIndex: number };
/** A department of the plan: an existing one, a new one (by its key), or none. */
export type DepartmentRef = { id: number } | { newKey: string } | null;
/** A photo of the plan: a stored image, or one of the ZIP (by photoKey) to store. */
export type PhotoRef = { imageId: number } | { key: string };

export interface DishWrite {
  row: number;
  texts: Partial<LocalizedTexts>;
  price: string;
  available: boolean | null;
  /** Undefined: kept. */
  department: DepartmentRef | undefined;
  tags: DietaryTag[] | undefined;
  /** Undefined: kept (or none, for a new dish). */
  photo: PhotoRef | undefined;
}

export interface ImportPlan {
  newCategories: LocalizedNames[];
  /** New kitchen departments: their key (nameKey) and name as first written. */
  newDepartments: { key: string; name: string }[];
  creates: (DishWrite & { category: CategoryRef })[];
  updates: (DishWrite & { dish: ExistingDish })[];
}

/** A name as matching compares it: composed, lower case (a dotted İ as i), single spaces, trimmed. */
export const nameKey = (name: string) =>
  name
    .normalize('NFC')
    .toLowerCase()
    .replace(/\u0307/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** In how many languages two sets of names have the same, non-empty name. */
function sameNames(a: LocalizedNames, b: LocalizedNames): number {
  const fields = ['nameAz', 'nameEn', 'nameRu'] as const;
  return fields.filter((f) => nameKey(a[f]) !== '' && nameKey(a[f]) === nameKey(b[f])).length;
}

/** The candidate sharing names in the most languages (the first of them in menu order), or undefined. */
function bestMatch<T>(names: LocalizedNames, candidates: T[], namesOf: (c: T) => LocalizedNames): T | undefined {
  let best: T | undefined;
  let bestScore = 0;
  for (const c of candidates) {
    const score = sameNames(names, namesOf(c));
    if (score > bestScore) [best, bestScore] = [c, score];
  }
  return best;
}

const sameSet = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x) => b.includes(x));

export interface PlanInput {
  format: MenuTransferFormat;
  rows: RowValues[];
  menu: MenuSnapshot;
  /** Photos of the ZIP by photoKey (those the sheet names and the ZIP holds). */
  photos: Map<string, PhotoState>;
  limits: TenantLimits;
}

export function planImport({ format, rows, menu, photos, limits }: PlanInput): {
  report: MenuImportReport;
  plan: ImportPlan;
} {
  const plan: ImportPlan = { newCategories: [], newDepartments: [], creates: [], updates: [] };
  const reportRows: MenuImportRow[] = [];
  const usedCategories = new Set<number>();
  /** The dishes rows have claimed: existing ones by id, new ones per category; the row that claimed each. */
  const claimed = new Map<number, number>();
  const planned: { category: CategoryRef; names: LocalizedNames; row: number }[] = [];
  let unchanged = 0;

  for (const values of rows) {
    const errors: MenuImportError[] = [...values.errors];
    let category: CategoryRef | null = null;
    if (errors.length === 0) category = resolveCategory(values.category);
    const newCategory = category !== null && 'newIndex' in category;
    let action: MenuImportRow['action'] = 'none';
    const dish = values.dish;
    if (category && values.categoryOnly) action = 'category';
    else if (category && dish) {
      const names = pickNames({
        nameAz: values.nameDisplay.az,
        nameEn: values.nameDisplay.en,
        nameRu: values.nameDisplay.ru,
      });
      const existing =
        'id' in category
          ? bestMatch(
              names,
              menu.dishes.filter((d) => d.categoryId === (category as { id: number }).id),
              (d) => d.texts,
            )
          : undefined;
      const twin = bestMatch(
        names,
        planned.filter((p) => sameCategory(p.category, category!)),
        (p) => p.names,
      );
      const earlier = existing ? claimed.get(existing.id) : twin?.row;
      if (earlier !== undefined) {
        errors.push({ column: null, key: MENU_TRANSFER_E.duplicateDish, params: { row: earlier } });
      } else {
        const photo = resolvePhoto(dish.photo, existing, errors);
        if (errors.length === 0) {
          const write: DishWrite = {
            row: values.row,
            texts: dish.texts,
            price: dish.price,
            available: dish.available,
            department: dish.department === undefined ? undefined : resolveDepartment(dish.department),
            tags: dish.tags,
            photo,
          };
          if (existing) {
            claimed.set(existing.id, values.row);
            if (changes(existing, write)) {
              plan.updates.push({ ...write, dish: existing });
              action = 'update';
            } else {
              unchanged++;
              action = 'unchanged';
            }
          } else {
            planned.push({ category, names, row: values.row });
            plan.creates.push({ ...write, category });
            action = 'new';
          }
        }
      }
    }
    if (errors.length > 0) action = 'none';
    // A new category is planned by the first row that goes through (a refused row creates nothing).
    if (category && action !== 'none') {
      if ('id' in category) usedCategories.add(category.id);
      else if (category.newIndex === plan.newCategories.length) plan.newCategories.push(values.category);
    }
    reportRows.push({
      row: values.row,
      category: values.categoryDisplay,
      newCategory: action !== 'none' && newCategory,
      name: values.nameDisplay,
      priceCents: values.shown.priceCents,
      department: values.shown.department,
      tags: values.shown.tags,
      available: values.shown.available,
      photo: values.shown.photo,
      action,
      errors,
    });
  }

  const fileErrors: MenuImportError[] = [];
  const categoriesAfter = menu.categories.length + plan.newCategories.length;
  if (plan.newCategories.length > 0 && categoriesAfter > limits.categories) {
    fileErrors.push({
      column: null,
      key: MENU_TRANSFER_E.limitCategories,
      params: { max: limits.categories, total: categoriesAfter },
    });
  }
  const dishesAfter = menu.dishes.length + plan.creates.length;
  if (plan.creates.length > 0 && dishesAfter > limits.dishes) {
    fileErrors.push({
      column: null,
      key: MENU_TRANSFER_E.limitDishes,
      params: { max: limits.dishes, total: dishesAfter },
    });
  }
  const rowsWithErrors = reportRows.filter((r) => r.errors.length > 0).length;
  const report: MenuImportReport = {
    ok: fileErrors.length === 0 && rowsWithErrors === 0,
    imported: false,
    format,
    fileErrors,
    rows: reportRows,
    categories: { new: plan.newCategories.length, existing: usedCategories.size },
    dishes: { new: plan.creates.length, updated: plan.updates.length, unchanged },
    departments: { new: plan.newDepartments.length },
    rowsWithErrors,
  };
  return { report, plan };

  /** An existing category, one an earlier row creates, or the next new one (planned once its row goes through). */
  function resolveCategory(names: LocalizedNames): CategoryRef {
    const existing = bestMatch(names, menu.categories, (c) => c.names);
    if (existing) return { id: existing.id };
    const index = plan.newCategories.findIndex((c) => sameNames(names, c) > 0);
    return { newIndex: index >= 0 ? index : plan.newCategories.length };
  }

  function resolveDepartment(name: string | null): DepartmentRef {
    if (name === null) return null;
    const key = nameKey(name);
    const existing = menu.departments.find((d) => nameKey(d.name) === key);
    if (existing) return { id: existing.id };
    if (!plan.newDepartments.some((d) => d.key === key)) plan.newDepartments.push({ key, name });
    return { newKey: key };
  }

  /**
   * The photo a row names: one of the ZIP, else the dish's own current photo (as the export names it). An empty
   * cell keeps the photo: an import never removes one.
   */
  function resolvePhoto(
    name: string | null,
    existing: ExistingDish | undefined,
    errors: MenuImportError[],
  ): PhotoRef | undefined {
    if (name === null) return undefined;
    const key = photoKey(name);
    const state = photos.get(key);
    if (state?.kind === 'stored') return { imageId: state.imageId };
    if (state?.kind === 'new') return { key };
    if (state?.kind === 'error') {
      const maxMb = LIMITS.imageBytes / 1024 / 1024;
      errors.push({ column: 'photo', key: state.key, params: { photo: name, maxMb } });
      return undefined;
    }
    if (existing?.imageId != null && photoKey(exportPhotoName(existing.imageId)) === key) {
      return { imageId: existing.imageId };
    }
    errors.push({ column: 'photo', key: MENU_TRANSFER_E.photoMissing, params: { photo: name } });
    return undefined;
  }

  /** Would writing the row change the dish? */
  function changes(dish: ExistingDish, write: DishWrite): boolean {
    const textChanged = (Object.keys(write.texts) as (keyof LocalizedTexts)[]).some(
      (f) => write.texts[f] !== dish.texts[f],
    );
    const department = write.department;
    const departmentChanged =
      department !== undefined &&
      (department === null
        ? dish.kitchenDepartmentId !== null
        : !('id' in department) || department.id !== dish.kitchenDepartmentId);
    return (
      textChanged ||
      toCents(write.price) !== toCents(dish.price) ||
      (write.available !== null && write.available !== dish.available) ||
      departmentChanged ||
      (write.tags !== undefined && !sameSet(write.tags, dish.dietaryTags)) ||
      (write.photo !== undefined && (!('imageId' in write.photo) || write.photo.imageId !== dish.imageId))
    );
  }
}

const sameCategory = (a: CategoryRef, b: CategoryRef) =>
  'id' in a ? 'id' in b && a.id === b.id : 'newIndex' in b && a.newIndex === b.newIndex;
