/**
 * The two restaurants of the tenant fairness benchmark, written straight into the database (seeding the big menu
 * through the API would take minutes): a big one with the largest menu the caps allow and a small one.
 *
 * Big: TENANT_LIMITS.dishes dishes over TENANT_LIMITS.categories categories, names and descriptions of a few
 * sentences in az, en and ru, every dish and category with a photo (three srcset widths), every dish with two option
 * groups (size: 3 options, extras: 6), and every 50th dish with the most OPTION_LIMITS allow (10 groups of 30).
 * Small: 5 categories of 4 dishes, photos, no options.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { OPTION_LIMITS, TENANT_LIMITS, type DishOptionGroup } from '@qr-menu/contract';
import type { Db } from '../../apps/server/src/db/client.js';
import { signJwt } from '../../apps/server/src/plugins/jwt.js';
import * as schema from '../../apps/server/src/db/schema.js';
import { BENCH_SECRET } from '../common.js';

const FIXTURE_IMAGES = fileURLToPath(new URL('../../apps/server/src/demo/fixtures/images/', import.meta.url));

export interface SeededRestaurant {
  eateryId: number;
  tableId: number;
  /** A dish to edit (cache busting): its category, and the texts a PUT must send. */
  dish: { id: number; categoryId: number; price: string };
  /** The owner's access token. */
  token: string;
  dishes: number;
}

const DESCRIPTION = {
  az:
    'Təzə tərəvəzlər, yerli ədviyyatlar və ev üsulu ilə bişirilmiş ətirli sous. Hər gün səhər hazırlanır, isti ' +
    'lavaş və göyərti ilə verilir. Tərkibində qoz-fındıq ola bilər; allergiyanız varsa ofisianta deyin.',
  en:
    'Fresh vegetables, local spices and a fragrant sauce cooked the home way. Made every morning and served with ' +
    'warm lavash and herbs. May contain nuts; tell your waiter about any allergy.',
  ru:
    'Свежие овощи, местные специи и ароматный соус по домашнему рецепту. Готовится каждое утро, подаётся с тёплым ' +
    'лавашом и зеленью. Может содержать орехи; сообщите официанту об аллергии.',
};

const option = (id: number, n: string, priceDelta: number) => ({
  id,
  nameAz: `Seçim ${n}`,
  nameEn: `Choice ${n}`,
  nameRu: `Выбор ${n}`,
  priceDelta,
  available: id % 7 !== 0,
});

/** Size (one required choice of 3) and extras (up to 3 of 6); or the most a dish may have. */
function optionGroups(largest: boolean): DishOptionGroup[] {
  if (largest) {
    return Array.from({ length: OPTION_LIMITS.groups }, (_, g) => ({
      id: g + 1,
      nameAz: `Qrup ${g + 1}`,
      nameEn: `Group ${g + 1}`,
      nameRu: `Группа ${g + 1}`,
      minChoices: 0,
      maxChoices: 3,
      options: Array.from({ length: OPTION_LIMITS.optionsPerGroup }, (_, o) =>
        option(g * 100 + o + 1, `${g + 1}.${o + 1}`, (o % 5) * 0.5),
      ),
    }));
  }
  return [
    {
      id: 1,
      nameAz: 'Ölçü',
      nameEn: 'Size',
      nameRu: 'Размер',
      minChoices: 1,
      maxChoices: 1,
      options: [option(1, 'S', 0), option(2, 'M', 1.5), option(3, 'L', 3)],
    },
    {
      id: 2,
      nameAz: 'Əlavələr',
      nameEn: 'Extras',
      nameRu: 'Добавки',
      minChoices: 0,
      maxChoices: 3,
      options: Array.from({ length: 6 }, (_, o) => option(10 + o, String(o + 1), 0.5 + o * 0.25)),
    },
  ];
}

/** The demo photos as image rows (a throwaway database: the variant hashes only shape the srcset URLs). */
async function seedImages(db: Db): Promise<number[]> {
  const ids: number[] = [];
  for (const file of readdirSync(FIXTURE_IMAGES).filter((f) => f.endsWith('.webp'))) {
    const bytes = readFileSync(FIXTURE_IMAGES + file);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const [row] = await db
      .insert(schema.images)
      .values({
        sha256,
        bytes,
        width: 1200,
        height: 900,
        variants: [160, 320, 640].map((width) => ({ width, sha256: `${sha256.slice(0, 56)}${width}`.slice(0, 64) })),
      })
      .onConflictDoNothing()
      .returning({ id: schema.images.id });
    if (row) ids.push(row.id);
  }
  return ids;
}

async function seedRestaurant(
  db: Db,
  imageIds: number[],
  opts: { tag: string; categories: number; dishes: number; options: boolean },
): Promise<SeededRestaurant> {
  const [user] = await db
    .insert(schema.users)
    .values({ email: `fairness.${opts.tag}.${Date.now()}@example.com`, passwordHash: 'x', name: 'Bench' })
    .returning({ id: schema.users.id });
  const [eatery] = await db
    .insert(schema.eateries)
    .values({ name: `Fairness ${opts.tag}`, address: 'Baku', ownerId: user.id })
    .returning({ id: schema.eateries.id });
  await db.insert(schema.memberships).values({ userId: user.id, eateryId: eatery.id, roles: ['EATERY_ADMIN'] });
  const categoryIds = (
    await db
      .insert(schema.categories)
      .values(
        Array.from({ length: opts.categories }, (_, c) => ({
          eateryId: eatery.id,
          nameAz: `Kateqoriya ${c + 1}`,
          nameEn: `Category ${c + 1}`,
          nameRu: `Категория ${c + 1}`,
          imageId: imageIds[c % imageIds.length],
          position: c,
        })),
      )
      .returning({ id: schema.categories.id })
  ).map((r) => r.id);
  const rows = Array.from({ length: opts.dishes }, (_, i) => ({
    eateryId: eatery.id,
    categoryId: categoryIds[i % categoryIds.length],
    nameAz: `Ev üsulu yemək ${i + 1}`,
    nameEn: `Home-style dish ${i + 1}`,
    nameRu: `Блюдо по-домашнему ${i + 1}`,
    descriptionAz: `${DESCRIPTION.az} №${i + 1}.`,
    descriptionEn: `${DESCRIPTION.en} No. ${i + 1}.`,
    descriptionRu: `${DESCRIPTION.ru} №${i + 1}.`,
    price: ((i % 40) + 1.5).toFixed(2),
    imageId: imageIds[i % imageIds.length],
    dietaryTags: i % 3 === 0 ? ['vegetarian'] : [],
    optionGroups: opts.options ? optionGroups(i % 50 === 0) : [],
    position: i,
  }));
  const dishIds: number[] = [];
  // In chunks: one statement's parameters are limited to 65 535.
  for (let i = 0; i < rows.length; i += 200) {
    const ids = await db
      .insert(schema.dishes)
      .values(rows.slice(i, i + 200))
      .returning({ id: schema.dishes.id });
    dishIds.push(...ids.map((r) => r.id));
  }
  const [table] = await db
    .insert(schema.tables)
    .values({ eateryId: eatery.id, number: '1' })
    .returning({ id: schema.tables.id });
  return {
    eateryId: eatery.id,
    tableId: table.id,
    dish: { id: dishIds[1], categoryId: rows[1].categoryId, price: rows[1].price },
    token: signJwt({ sub: user.id, eid: eatery.id }, BENCH_SECRET, 3600),
    dishes: dishIds.length,
  };
}

/** Seeds both restaurants. */
export async function seedTenants(db: Db): Promise<{ big: SeededRestaurant; small: SeededRestaurant }> {
  const imageIds = await seedImages(db);
  const big = await seedRestaurant(db, imageIds, {
    tag: 'big',
    categories: TENANT_LIMITS.categories,
    dishes: TENANT_LIMITS.dishes,
    options: true,
  });
  const small = await seedRestaurant(db, imageIds, { tag: 'small', categories: 5, dishes: 20, options: false });
  return { big, small };
}
