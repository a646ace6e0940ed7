import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  pickNames,
  pickTexts,
  predefinedCategoryItem,
  predefinedCategoryList,
  templateDishesBody,
  type Category,
  type CommonCategory,
  type CommonDish,
  type Dish,
} from '@qr-menu/contract';
import type { z } from 'zod';
import type { ChangePublisher } from '../../data-changes.js';
import type { Db, Tx } from '../../db/client.js';
import { AppError, notFound, validationError } from '../../plugins/app-error.js';
import type { CategoriesService } from '../categories/categories.service.js';
import type { DishesService } from '../dishes/dishes.service.js';
import { ImagesService, processImage, type ProcessedImage } from '../images/images.service.js';
import { parseWith } from '../images/multipart.js';
import { assertCategoryOwned } from '../menu-sql.js';
import { CATALOG, type CatalogCategory } from './catalog-data.js';

/** Catalogue images live next to the data; only names listed in the catalogue are ever read. */
export const CATALOG_IMAGES_DIR = fileURLToPath(new URL('./images', import.meta.url));
export const CATALOG_IMAGE_URL_PREFIX = '/api/catalog-image/';
const IMAGE_NAME_RE = /^[a-z0-9][a-z0-9_-]*\.webp$/;

/** Catalogue dish ids: the category id times 100 plus the dish's place (1-based). */
const dishIdOf = (category: CatalogCategory, index: number) => category.id * 100 + index + 1;

type PredefinedItem = z.output<typeof predefinedCategoryItem>;

/**
 * The predefined catalogue (catalog-data.ts): listing, and creating a restaurant's categories and dishes
 * from it. A catalogue `image` sent by a client is only a name looked up in the catalogue's whitelist.
 */
export class CatalogService {
  /** Whitelisted image names → the same name as written in the catalogue data (never the client's string). */
  private readonly images = new Map<string, string>();

  constructor(
    private readonly db: Db,
    private readonly categoriesService: CategoriesService,
    private readonly dishesService: DishesService,
    /** Where the new categories and dishes are published as a 'menu' change once committed. */
    private readonly changes: ChangePublisher,
    private readonly catalog: CatalogCategory[] = CATALOG,
    private readonly imagesDir: string = CATALOG_IMAGES_DIR,
  ) {
    for (const category of catalog) {
      for (const name of [category.image, ...category.dishes.map((d) => d.image)]) {
        if (name === null) continue;
        if (!IMAGE_NAME_RE.test(name)) throw new Error(`bad catalogue image name: ${name}`);
        this.images.set(name, name);
      }
    }
  }

  categories(): CommonCategory[] {
    return this.catalog.map((c) => ({
      categoryId: c.id,
      key: c.key,
      ...pickNames(c),
      image: c.image,
      dishCount: c.dishes.length,
    }));
  }

  /** A catalogue category by id, slug or English name (case-insensitive); null when unknown. */
  findCategory(key: string): CatalogCategory | null {
    const k = key.trim().toLowerCase();
    return this.catalog.find((c) => String(c.id) === k || c.key === k || c.nameEn.toLowerCase() === k) ?? null;
  }

  /** Template dishes of a catalogue category; 404 `notFound` for an unknown key. */
  dishes(key: string): CommonDish[] {
    const category = this.findCategory(key);
    if (!category) throw new AppError(404, 'notFound');
    return category.dishes.map((d, index) => ({
      dishId: dishIdOf(category, index),
      categoryId: category.id,
      ...pickTexts(d),
      price: Number(d.price),
      image: d.image,
    }));
  }

  /**
   * The catalogue's own name for an image value sent by a client (a name or a /api/catalog-image/ URL);
   * null for no image; 400 when it is not a catalogue image.
   */
  resolveImageName(value: string | null | undefined, field: string): string | null {
    if (value === null || value === undefined || value.trim() === '') return null;
    const name = value.trim().startsWith(CATALOG_IMAGE_URL_PREFIX)
      ? value.trim().slice(CATALOG_IMAGE_URL_PREFIX.length)
      : value.trim();
    const known = this.images.get(name);
    if (!known) throw new AppError(400, 'validation', [{ field, messageKey: 'validation.invalid' }]);
    return known;
  }

  /** Path of a catalogue image for GET /api/catalog-image/{name}; null unless the name is whitelisted. */
  imagePath(name: string): string | null {
    const known = this.images.get(name);
    return known ? join(this.imagesDir, known) : null;
  }

  /** Reads and processes a whitelisted catalogue image (once per name per call). */
  private async loadImages(names: (string | null)[]): Promise<Map<string, ProcessedImage>> {
    const loaded = new Map<string, ProcessedImage>();
    for (const name of names) {
      if (name === null || loaded.has(name)) continue;
      const path = this.imagePath(name);
      if (!path) throw validationError('image', 'validation.invalid');
      loaded.set(name, await processImage(await readFile(path)));
    }
    return loaded;
  }

  private static async storeImage(tx: Tx, images: Map<string, ProcessedImage>, name: string | null) {
    const image = name === null ? undefined : images.get(name);
    return image ? ImagesService.store(tx, image) : null;
  }

  /**
   * POST /api/eatery/{id}/category/predefined: one item (→ one category) or an array (→ categories, all or
   * none). Names left blank are taken from the catalogue entry named by `categoryId`. When the categories would
   * take the restaurant past its cap, none is created (400 limitReached).
   */
  async createPredefined(eateryId: number, body: unknown): Promise<Category | Category[]> {
    const many = Array.isArray(body);
    const items: PredefinedItem[] = many
      ? parseWith(predefinedCategoryList, body)
      : [parseWith(predefinedCategoryItem, body)];
    const prepared = items.map((item, index) => {
      const at = (field: string) => (many ? `${index}.${field}` : field);
      if (item.eateryId !== undefined && item.eateryId !== eateryId) throw notFound();
      const entry = item.categoryId !== undefined ? this.catalog.find((c) => c.id === item.categoryId) : undefined;
      if (item.categoryId !== undefined && !entry) {
        throw validationError(at('categoryId'), 'validation.invalid');
      }
      const names = {
        nameAz: item.nameAz || entry?.nameAz || '',
        nameEn: item.nameEn || entry?.nameEn || '',
        nameRu: item.nameRu || entry?.nameRu || '',
      };
      if (!names.nameAz && !names.nameEn && !names.nameRu) {
        throw validationError(at('nameAz'), 'validation.categoryNameRequired');
      }
      const image = item.image === undefined ? (entry?.image ?? null) : this.resolveImageName(item.image, at('image'));
      return { names, image };
    });
    const images = await this.loadImages(prepared.map((p) => p.image));
    const ids = await this.db.transaction(async (tx) => {
      await this.categoriesService.assertRoomFor(tx, eateryId, prepared.length);
      const created: number[] = [];
      for (const p of prepared) {
        const imageId = await CatalogService.storeImage(tx, images, p.image);
        created.push(await this.categoriesService.insert(tx, eateryId, { ...p.names, imageId }));
      }
      return created;
    });
    this.changes.publish({ kind: 'menu', eateryId });
    const result = await Promise.all(ids.map((id) => this.categoriesService.get(eateryId, id)));
    return many ? result : result[0];
  }

  /**
   * POST /api/eatery/{id}/category/{categoryId}/dish/templates: creates the selected template dishes, all or none;
   * none when they would take the restaurant past its cap (400 limitReached).
   */
  async createFromTemplates(eateryId: number, categoryId: number, body: unknown): Promise<Dish[]> {
    const items = parseWith(templateDishesBody, body);
    await assertCategoryOwned(this.db, eateryId, categoryId);
    const imageNames = items.map((item, index) => this.resolveImageName(item.image, `${index}.image`));
    const images = await this.loadImages(imageNames);
    const ids = await this.db.transaction(async (tx) => {
      await this.dishesService.assertRoomFor(tx, eateryId, items.length);
      const created: number[] = [];
      for (const [index, item] of items.entries()) {
        const imageId = await CatalogService.storeImage(tx, images, imageNames[index]);
        created.push(
          await this.dishesService.insert(tx, eateryId, categoryId, {
            ...pickTexts(item),
            price: item.price,
            available: item.available,
            kitchenDepartmentId: null,
            imageId,
          }),
        );
      }
      return created;
    });
    this.changes.publish({ kind: 'menu', eateryId });
    return Promise.all(ids.map((id) => this.dishesService.get(eateryId, categoryId, id)));
  }
}
