import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { unzipSync, zipSync } from 'fflate';
import {
  knownDietaryTags,
  MENU_TRANSFER_E,
  MENU_TRANSFER_LIMITS,
  pickNames,
  pickTexts,
  TENANT_LIMITS,
  toCents,
  type MenuImportError,
  type MenuImportReport,
  type MenuTransferFormat,
  type TenantLimits,
} from '@qr-menu/contract';
import type { ChangePublisher } from '../../data-changes.js';
import type { Db, Executor, Tx } from '../../db/client.js';
import { categories, dishes, eateries, images, kitchenDepartments } from '../../db/schema.js';
import { notFound } from '../../plugins/app-error.js';
import type { CategoriesService } from '../categories/categories.service.js';
import { auditDishChange, type DishesService } from '../dishes/dishes.service.js';
import { ImagesService } from '../images/images.service.js';
import { planImport, type ImportPlan, type MenuSnapshot, type PhotoRef } from './import-plan.js';
import { exportPhotoName, photoIndex, photoKey, preparePhotos, type PhotoState } from './photos.js';
import { rowValues, type RowValues } from './row-values.js';
import { isXlsxEntries, readSheet, zipEntries } from './sheet-read.js';
import { writeSheet, type SheetLine } from './sheet-write.js';
import type { TransferUpload } from './transfer-form.js';

/** A file to download: its bytes, name and type. */
export interface TransferFile {
  bytes: Buffer;
  fileName: string;
  contentType: string;
}

const CONTENT_TYPES: Record<MenuTransferFormat | 'zip', string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  zip: 'application/zip',
};

/** The example row of the template. */
const EXAMPLE: SheetLine = {
  category_az: 'Şorbalar',
  category_en: 'Soups',
  category_ru: 'Супы',
  name_az: 'Mərci şorbası',
  name_en: 'Lentil soup',
  name_ru: 'Чечевичный суп',
  description_az: 'Limon və qızardılmış çörəklə',
  description_en: 'With lemon and croutons',
  description_ru: 'С лимоном и гренками',
  priceCents: 450,
  department: '',
  tags: 'vegetarian, glutenFree',
  available: 'yes',
  photo: '',
};

/** Thrown in the import's transaction when the plan has problems: it rolls back, and the report is answered. */
class ImportRejected extends Error {
  constructor(readonly report: MenuImportReport) {
    super('menu import rejected');
  }
}

/** What preview and import read before planning: the rows and photos, or the problems of the whole upload. */
type Prepared =
  | {
      ok: true;
      format: MenuTransferFormat;
      rows: RowValues[];
      photos: Map<string, PhotoState>;
      errors: MenuImportError[];
    }
  | { ok: false; report: MenuImportReport };

const failedReport = (format: MenuTransferFormat | null, fileErrors: MenuImportError[]): MenuImportReport => ({
  ok: false,
  imported: false,
  format,
  fileErrors,
  rows: [],
  categories: { new: 0, existing: 0 },
  dishes: { new: 0, updated: 0, unchanged: 0 },
  departments: { new: 0 },
  rowsWithErrors: 0,
});

/**
 * Menu import and export as a spreadsheet (contract menu-transfer.ts): the template, the export (optionally with the
 * photos in a ZIP), and the import's preview and import. An import writes in one transaction or not at all; new
 * categories and dishes go through the categories' and dishes' own inserts and caps, photos through the dish photo
 * upload's checks, price and availability changes into the audit log as a dish edit does, and the 'menu' change is
 * published once it committed.
 */
export class MenuTransferService {
  constructor(
    private readonly db: Db,
    private readonly categoriesService: CategoriesService,
    private readonly dishesService: DishesService,
    private readonly changes: ChangePublisher,
    /** TENANT_LIMITS unless a test passes smaller caps. */
    private readonly limits: TenantLimits = TENANT_LIMITS,
  ) {}

  async template(format: MenuTransferFormat): Promise<TransferFile> {
    return {
      bytes: await writeSheet([EXAMPLE], format),
      fileName: `menu-template.${format}`,
      contentType: CONTENT_TYPES[format],
    };
  }

  /** The whole menu in menu order; with `photos`, a ZIP of the sheet and the dishes' photos (photos/<name>). */
  async export(eateryId: number, format: MenuTransferFormat, photos: boolean): Promise<TransferFile> {
    const menu = await readMenu(this.db, eateryId);
    const departmentName = new Map(menu.departments.map((d) => [d.id, d.name]));
    const lines: SheetLine[] = [];
    for (const category of menu.categories) {
      const categoryCells = {
        category_az: category.names.nameAz,
        category_en: category.names.nameEn,
        category_ru: category.names.nameRu,
      };
      const inCategory = menu.dishes.filter((d) => d.categoryId === category.id);
      // An empty category is a row of its own, so that it comes back too.
      if (inCategory.length === 0) lines.push({ ...categoryCells, priceCents: null });
      for (const dish of inCategory) {
        lines.push({
          ...categoryCells,
          name_az: dish.texts.nameAz,
          name_en: dish.texts.nameEn,
          name_ru: dish.texts.nameRu,
          description_az: dish.texts.descriptionAz,
          description_en: dish.texts.descriptionEn,
          description_ru: dish.texts.descriptionRu,
          priceCents: toCents(dish.price),
          department: dish.kitchenDepartmentId === null ? '' : (departmentName.get(dish.kitchenDepartmentId) ?? ''),
          tags: dish.dietaryTags.join(', '),
          available: dish.available ? 'yes' : 'no',
          photo: dish.imageId === null ? '' : exportPhotoName(dish.imageId),
        });
      }
    }
    const sheet = await writeSheet(lines, format);
    const sheetName = `menu-${eateryId}.${format}`;
    if (!photos) return { bytes: sheet, fileName: sheetName, contentType: CONTENT_TYPES[format] };

    const imageIds = [...new Set(menu.dishes.flatMap((d) => (d.imageId === null ? [] : [d.imageId])))];
    const stored =
      imageIds.length === 0
        ? []
        : await this.db.select({ id: images.id, bytes: images.bytes }).from(images).where(inArray(images.id, imageIds));
    const files: Record<string, Uint8Array> = { [sheetName]: sheet };
    for (const image of stored) files[`photos/${exportPhotoName(image.id)}`] = image.bytes;
    // Stored, not deflated: webp and xlsx are compressed already.
    const zip = zipSync(files, { level: 0 });
    return { bytes: Buffer.from(zip), fileName: `menu-${eateryId}.zip`, contentType: CONTENT_TYPES.zip };
  }

  /** What importing the upload would do; writes nothing. */
  async preview(eateryId: number, upload: TransferUpload): Promise<MenuImportReport> {
    const prepared = await this.prepare(upload);
    if (!prepared.ok) return prepared.report;
    const menu = await readMenu(this.db, eateryId);
    return this.plan(prepared, menu).report;
  }

  /**
   * Imports the upload: everything in one transaction, after the restaurant's row is locked (two imports of one
   * restaurant run one after the other, each planning on the menu as the other left it). The report says
   * `imported: false` when anything was wrong; then nothing was written.
   */
  async import(eateryId: number, upload: TransferUpload, actorId: number | null): Promise<MenuImportReport> {
    const prepared = await this.prepare(upload);
    if (!prepared.ok) return prepared.report;
    let report: MenuImportReport;
    try {
      report = await this.db.transaction(async (tx) => {
        await lockEatery(tx, eateryId);
        const planned = this.plan(prepared, await readMenu(tx, eateryId));
        if (!planned.report.ok) throw new ImportRejected(planned.report);
        await this.write(tx, eateryId, planned.plan, prepared.photos, actorId);
        return planned.report;
      });
    } catch (err) {
      if (err instanceof ImportRejected) return err.report;
      throw err;
    }
    const { dishes: d, categories: c, departments } = report;
    if (d.new + d.updated + c.new + departments.new > 0) this.changes.publish({ kind: 'menu', eateryId });
    return { ...report, imported: true };
  }

  private plan(prepared: Extract<Prepared, { ok: true }>, menu: MenuSnapshot) {
    const { report, plan } = planImport({ ...prepared, menu, limits: this.limits });
    const fileErrors = [...prepared.errors, ...report.fileErrors];
    return { report: { ...report, fileErrors, ok: report.ok && fileErrors.length === 0 }, plan };
  }

  /** Reads the sheet (a ZIP bundling a sheet and photos is unpacked) and the photos it names. */
  private async prepare(upload: TransferUpload): Promise<Prepared> {
    let sheet: Buffer = upload.file;
    let zip: Buffer | null = upload.photos;
    const errors: MenuImportError[] = [];
    const bundled = bundledSheet(upload.file);
    if (bundled) {
      sheet = bundled;
      zip ??= upload.file;
    }
    const reading = await readSheet(sheet);
    if (!reading.ok) return { ok: false, report: failedReport(reading.format, reading.errors) };
    const rows = reading.rows.map((r) => rowValues(r, reading.columns));
    const index = zip ? photoIndex(zip) : null;
    if (zip && !index) errors.push({ column: null, key: MENU_TRANSFER_E.photosType });
    const keys = new Set(rows.flatMap((r) => (r.dish?.photo ? [photoKey(r.dish.photo)] : [])));
    const photos = zip && index ? await preparePhotos(this.db, zip, index, keys) : new Map<string, PhotoState>();
    return { ok: true, format: reading.format, rows, photos, errors };
  }

  private async write(
    tx: Tx,
    eateryId: number,
    plan: ImportPlan,
    photos: Map<string, PhotoState>,
    actorId: number | null,
  ) {
    const departmentIds = new Map<string, number>();
    for (const d of plan.newDepartments) {
      const [row] = await tx
        .insert(kitchenDepartments)
        .values({ eateryId, name: d.name })
        .returning({ id: kitchenDepartments.id });
      departmentIds.set(d.key, row.id);
    }
    const departmentOf = (ref: ImportPlan['creates'][number]['department']) =>
      ref === undefined ? undefined : ref === null ? null : 'id' in ref ? ref.id : departmentIds.get(ref.newKey)!;

    if (plan.newCategories.length > 0)
      await this.categoriesService.assertRoomFor(tx, eateryId, plan.newCategories.length);
    const categoryIds: number[] = [];
    for (const names of plan.newCategories) {
      categoryIds.push(await this.categoriesService.insert(tx, eateryId, { ...pickNames(names), imageId: null }));
    }

    const storedPhotos = new Map<string, number>();
    const imageOf = async (ref: PhotoRef | undefined): Promise<number | undefined> => {
      if (ref === undefined) return undefined;
      if ('imageId' in ref) return ref.imageId;
      let id = storedPhotos.get(ref.key);
      if (id === undefined) {
        const state = photos.get(ref.key);
        if (state?.kind !== 'new') throw new Error(`photo ${ref.key} is not ready`);
        id = await ImagesService.store(tx, state.image);
        storedPhotos.set(ref.key, id);
      }
      return id;
    };

    if (plan.creates.length > 0) await this.dishesService.assertRoomFor(tx, eateryId, plan.creates.length);
    for (const c of plan.creates) {
      const categoryId = 'id' in c.category ? c.category.id : categoryIds[c.category.newIndex];
      await this.dishesService.insert(tx, eateryId, categoryId, {
        ...pickTexts(c.texts),
        price: c.price,
        available: c.available ?? true,
        kitchenDepartmentId: departmentOf(c.department) ?? null,
        imageId: (await imageOf(c.photo)) ?? null,
        dietaryTags: c.tags ?? [],
      });
    }

    for (const u of plan.updates) {
      const department = departmentOf(u.department);
      const imageId = await imageOf(u.photo);
      const becameAvailable = u.available === true && !u.dish.available;
      const [after] = await tx
        .update(dishes)
        .set({
          ...u.texts,
          price: u.price,
          ...(u.available !== null ? { available: u.available } : {}),
          // Back on the menu by hand, as in the dish form: no return from the stop-list is due any more.
          ...(becameAvailable ? { availableAgainAt: null } : {}),
          ...(department !== undefined ? { kitchenDepartmentId: department } : {}),
          ...(u.tags !== undefined ? { dietaryTags: u.tags } : {}),
          ...(imageId !== undefined ? { imageId } : {}),
        })
        .where(and(eq(dishes.id, u.dish.id), eq(dishes.eateryId, eateryId), isNull(dishes.archivedAt)))
        .returning({ price: dishes.price, available: dishes.available, name: dishes.nameAz });
      if (!after) throw notFound();
      const before = { price: u.dish.price, available: u.dish.available, name: u.dish.texts.nameAz };
      await auditDishChange(tx, eateryId, actorId, before, after);
    }
  }
}

/**
 * The sheet inside a ZIP that is no XLSX but holds exactly one .xlsx or .csv (the export with photos): its bytes,
 * else null.
 */
function bundledSheet(bytes: Buffer): Buffer | null {
  const entries = zipEntries(bytes);
  if (!entries || isXlsxEntries(entries)) return null;
  const sheets = entries.filter((e) => /\.(xlsx|csv)$/i.test(e.name) && !e.name.startsWith('__MACOSX/'));
  if (sheets.length !== 1 || sheets[0].originalSize > MENU_TRANSFER_LIMITS.sheetBytes) return null;
  try {
    const files = unzipSync(bytes, { filter: (f) => f.name === sheets[0].name });
    const sheet = files[sheets[0].name];
    return sheet ? Buffer.from(sheet) : null;
  } catch {
    return null;
  }
}

/** Locks the restaurant's row until the transaction ends (as the caps do); 404 when it is gone. */
async function lockEatery(tx: Tx, eateryId: number): Promise<void> {
  const [row] = await tx
    .select({ id: eateries.id })
    .from(eateries)
    .where(eq(eateries.id, eateryId))
    .for('no key update');
  if (!row) throw notFound();
}

/** The restaurant's categories, live dishes and kitchen departments, in menu order. */
async function readMenu(ex: Executor, eateryId: number): Promise<MenuSnapshot> {
  const [categoryRows, dishRows, departmentRows] = await Promise.all([
    ex
      .select({ id: categories.id, nameAz: categories.nameAz, nameEn: categories.nameEn, nameRu: categories.nameRu })
      .from(categories)
      .where(eq(categories.eateryId, eateryId))
      .orderBy(asc(categories.position), asc(categories.id)),
    ex
      .select({
        id: dishes.id,
        categoryId: dishes.categoryId,
        nameAz: dishes.nameAz,
        nameEn: dishes.nameEn,
        nameRu: dishes.nameRu,
        descriptionAz: dishes.descriptionAz,
        descriptionEn: dishes.descriptionEn,
        descriptionRu: dishes.descriptionRu,
        price: dishes.price,
        available: dishes.available,
        kitchenDepartmentId: dishes.kitchenDepartmentId,
        dietaryTags: dishes.dietaryTags,
        imageId: dishes.imageId,
      })
      .from(dishes)
      .where(and(eq(dishes.eateryId, eateryId), isNull(dishes.archivedAt)))
      .orderBy(asc(dishes.position), asc(dishes.id)),
    ex
      .select({ id: kitchenDepartments.id, name: kitchenDepartments.name })
      .from(kitchenDepartments)
      .where(eq(kitchenDepartments.eateryId, eateryId))
      .orderBy(asc(kitchenDepartments.id)),
  ]);
  return {
    categories: categoryRows.map((c) => ({ id: c.id, names: pickNames(c) })),
    dishes: dishRows.map((d) => ({
      id: d.id,
      // A live dish always has a category; -1 keeps one without out of every category (it still counts for the cap).
      categoryId: d.categoryId ?? -1,
      texts: pickTexts(d),
      price: d.price,
      available: d.available,
      kitchenDepartmentId: d.kitchenDepartmentId,
      dietaryTags: knownDietaryTags(d.dietaryTags),
      imageId: d.imageId,
    })),
    departments: departmentRows,
  };
}
