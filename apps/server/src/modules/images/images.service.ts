import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp, { type Metadata } from 'sharp';
import { LIMITS } from '@qr-menu/contract';
import type { Db, Tx } from '../../db/client.js';
import { images } from '../../db/schema.js';
import { AppError } from '../../plugins/app-error.js';

/** Formats we accept as uploads (decided by content, never by name or declared type). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff']);
/** Decoded pixel limit (about 40 megapixels) against decompression bombs. */
export const MAX_INPUT_PIXELS = 40_000_000;
const WEBP_QUALITY = Math.round(LIMITS.webpQuality * 100);

export interface ProcessedImage {
  bytes: Buffer;
  width: number;
  height: number;
  sha256: string;
}

/** URL of a stored image, as responses carry it. */
export const imageUrl = (imageId: number | null): string | null =>
  imageId === null ? null : `/api/image/${imageId}.webp`;

/**
 * Checks an upload by content, then decodes it, applies the EXIF orientation, fits it within 1600 px
 * (never enlarging) and re-encodes it as webp. sharp writes no metadata (EXIF, GPS, ICC) unless asked to.
 * 413 `imageTooLarge` above the byte or pixel limit, 415 `unsupportedImage` when it is not a decodable image.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length > LIMITS.imageBytes) throw new AppError(413, 'imageTooLarge');
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError(415, 'unsupportedImage');
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) {
    throw new AppError(415, 'unsupportedImage');
  }
  const frameHeight = meta.pageHeight ?? meta.height;
  if (meta.width * frameHeight > MAX_INPUT_PIXELS) throw new AppError(413, 'imageTooLarge');
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1 })
      .rotate()
      .resize({
        width: LIMITS.imageMaxPx,
        height: LIMITS.imageMaxPx,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      width: info.width,
      height: info.height,
      sha256: createHash('sha256').update(data).digest('hex'),
    };
  } catch {
    throw new AppError(415, 'unsupportedImage');
  }
}

export class ImagesService {
  constructor(private readonly db: Db) {}

  /** Stores a processed image content-addressed: the same bytes always give the same row. Returns its id. */
  static async store(tx: Tx, image: ProcessedImage): Promise<number> {
    const [inserted] = await tx
      .insert(images)
      .values({ sha256: image.sha256, bytes: image.bytes, width: image.width, height: image.height })
      .onConflictDoNothing({ target: images.sha256 })
      .returning({ id: images.id });
    if (inserted) return inserted.id;
    const [existing] = await tx.select({ id: images.id }).from(images).where(eq(images.sha256, image.sha256));
    if (!existing) throw new Error('image vanished during upsert');
    return existing.id;
  }

  /** The ETag of an image (its sha256), without loading its bytes. */
  async etag(imageId: number): Promise<string | null> {
    const [row] = await this.db.select({ sha256: images.sha256 }).from(images).where(eq(images.id, imageId));
    return row ? `"${row.sha256}"` : null;
  }

  async get(imageId: number): Promise<{ etag: string; bytes: Buffer } | null> {
    const [row] = await this.db
      .select({ sha256: images.sha256, bytes: images.bytes })
      .from(images)
      .where(eq(images.id, imageId));
    return row ? { etag: `"${row.sha256}"`, bytes: row.bytes } : null;
  }
}
