import ExcelJS from 'exceljs';
import { asc, eq, isNull, and } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { MENU_SHEET_COLUMNS } from '@qr-menu/contract';
import { auditLog, categories, dishes, images, kitchenDepartments } from '../src/db/schema.js';
import { bearer, type Owner } from './helper.js';
import { multipart, type Part } from './menu-fixtures.js';

/** Helpers of the menu import and export tests. */

export const transferUrl = (eateryId: number, what: 'template' | 'export' | 'preview' | 'import') =>
  `/api/eatery/${eateryId}/menu-transfer/${what}`;

export type Cell = string | number | boolean | null | ExcelJS.CellValue;

/** An XLSX built with exceljs: the header (all columns unless given), then the rows. */
export async function xlsxSheet(rows: Cell[][], header: string[] = [...MENU_SHEET_COLUMNS]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Menu');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A row from named cells, in the order of `columns` (all of them unless given). */
export const row = (
  cells: Partial<Record<(typeof MENU_SHEET_COLUMNS)[number], Cell>>,
  columns: readonly (typeof MENU_SHEET_COLUMNS)[number][] = MENU_SHEET_COLUMNS,
): Cell[] => columns.map((c) => cells[c] ?? null);

/** Reads an XLSX's first sheet back as rows of cell values (header included). */
export async function readXlsx(bytes: Buffer): Promise<{ sheets: string[]; rows: unknown[][] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return { sheets: workbook.worksheets.map((s) => s.name), rows };
}

/** POSTs the preview or import form: the sheet as `file`, optional ZIP as `photos`. */
export function sendSheet(
  app: FastifyInstance,
  owner: { eateryId: number; token: string },
  what: 'preview' | 'import',
  file: Uint8Array,
  photos?: Uint8Array,
  fileName = 'menu.xlsx',
): Promise<LightMyRequestResponse> {
  const parts: Part[] = [
    { name: 'file', value: Buffer.from(file), filename: fileName, contentType: 'application/octet-stream' },
  ];
  if (photos) {
    parts.push({ name: 'photos', value: Buffer.from(photos), filename: 'photos.zip', contentType: 'application/zip' });
  }
  const form = multipart(parts);
  return app.inject({
    method: 'POST',
    url: transferUrl(owner.eateryId, what),
    payload: form.payload,
    headers: { ...form.headers, ...bearer(owner.token) },
  });
}

/** GETs an export or template as bytes. */
export async function download(app: FastifyInstance, owner: Owner, url: string): Promise<Buffer> {
  const res = await app.inject({ method: 'GET', url, headers: bearer(owner.token) });
  if (res.statusCode !== 200) throw new Error(`download failed: ${res.statusCode} ${res.body}`);
  return res.rawPayload;
}

/**
 * A restaurant's menu as the guests and staff see it, without ids: categories in order with their names, dishes in
 * order with texts, price, availability, department name, tags and photo (the stored image's sha256).
 */
export async function menuOf(app: FastifyInstance, eateryId: number) {
  const cats = await app.db
    .select()
    .from(categories)
    .where(eq(categories.eateryId, eateryId))
    .orderBy(asc(categories.position), asc(categories.id));
  const departments = await app.db.select().from(kitchenDepartments).where(eq(kitchenDepartments.eateryId, eateryId));
  const shas = new Map(
    (await app.db.select({ id: images.id, sha256: images.sha256 }).from(images)).map((i) => [i.id, i.sha256]),
  );
  const result = [];
  for (const c of cats) {
    const list = await app.db
      .select()
      .from(dishes)
      .where(and(eq(dishes.categoryId, c.id), isNull(dishes.archivedAt)))
      .orderBy(asc(dishes.position), asc(dishes.id));
    result.push({
      names: [c.nameAz, c.nameEn, c.nameRu],
      dishes: list.map((d) => ({
        texts: [d.nameAz, d.nameEn, d.nameRu, d.descriptionAz, d.descriptionEn, d.descriptionRu],
        price: d.price,
        available: d.available,
        department: departments.find((k) => k.id === d.kitchenDepartmentId)?.name ?? null,
        tags: d.dietaryTags,
        photo: d.imageId === null ? null : shas.get(d.imageId),
      })),
    });
  }
  return result;
}

/** Every menu row of a restaurant and its audit entries, to show that a refused import wrote nothing. */
export async function menuRows(app: FastifyInstance, eateryId: number) {
  return JSON.stringify([
    await app.db.select().from(categories).where(eq(categories.eateryId, eateryId)).orderBy(categories.id),
    await app.db.select().from(dishes).where(eq(dishes.eateryId, eateryId)).orderBy(dishes.id),
    await app.db
      .select()
      .from(kitchenDepartments)
      .where(eq(kitchenDepartments.eateryId, eateryId))
      .orderBy(kitchenDepartments.id),
    await app.db.select().from(auditLog).where(eq(auditLog.eateryId, eateryId)).orderBy(auditLog.id),
  ]);
}
