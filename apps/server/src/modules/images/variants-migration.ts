import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { images } from '../../db/schema.js';
import { ImagesService, makeVariants, type ImageVariant } from './images.service.js';

export interface VariantsMigrationLog {
  info(message: string): void;
  warn(details: object, message: string): void;
}

export interface VariantsMigrationResult {
  /** Images that got their variants now. */
  made: number;
  /** Images whose stored bytes do not decode: logged, recorded without variants, never tried again. */
  broken: number;
}

/**
 * One-time start-up step: images stored before srcset variants existed (`images.variants` null, e.g. an older demo)
 * get them now, before the server listens, so no guest request ever waits for sharp. Idempotent: images that have
 * their variants are not touched, and a second instance doing the same at once writes nothing twice
 * (ImagesService.storeVariants). One image in memory at a time.
 */
export async function makeMissingImageVariants(db: Db, log: VariantsMigrationLog): Promise<VariantsMigrationResult> {
  const pending = await db
    .select({ id: images.id, width: images.width })
    .from(images)
    .where(isNull(images.variants))
    .orderBy(asc(images.id));
  const result: VariantsMigrationResult = { made: 0, broken: 0 };
  if (pending.length === 0) return result;
  log.info(`images: making the srcset variants of ${pending.length} images stored before them`);
  for (const { id, width } of pending) {
    const [row] = await db.select({ bytes: images.bytes }).from(images).where(eq(images.id, id));
    if (!row) continue;
    let variants: ImageVariant[];
    try {
      variants = await makeVariants(row.bytes, width);
    } catch (err) {
      log.warn({ err, imageId: id }, 'images: a stored image does not decode; it is left without variants');
      // [] rather than null: the next start does not try (and log) it again. Its srcset is the image alone.
      await db
        .update(images)
        .set({ variants: [] })
        .where(and(eq(images.id, id), isNull(images.variants)));
      result.broken++;
      continue;
    }
    await db.transaction((tx) => ImagesService.storeVariants(tx, id, variants));
    result.made++;
  }
  log.info(`images: variants made for ${result.made} images, ${result.broken} broken ones skipped`);
  return result;
}
