import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import sharp, { type Metadata } from 'sharp';
import { LIMITS, type GuestPhoto } from '@qr-menu/contract';
import type { Db, Tx } from '../../db/client.js';
import { images, imageVariants } from '../../db/schema.js';
import { AppError } from '../../plugins/app-error.js';

/** Formats we accept as uploads (decided by content, never by name or declared type). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff']);
/** Decoded pixel limit (about 40 megapixels) against decompression bombs. */
export const MAX_INPUT_PIXELS = 40_000_000;
const WEBP_QUALITY = Math.round(LIMITS.webpQuality * 100);

/** Widths of the narrower webp copies written beside every image (srcset); only those narrower than the image. */
export const VARIANT_WIDTHS = [160, 320, 640] as const;

export interface ImageVariant {
  width: number;
  height: number;
  bytes: Buffer;
  sha256: string;
}

export interface ProcessedImage {
  bytes: Buffer;
  width: number;
  height: number;
  sha256: string;
  /** Narrower copies, narrowest first (none wider than the image: never upscaled). */
  variants: ImageVariant[];
}

/** What the variants' URLs need, as the images row keeps it. */
export type VariantList = { width: number; sha256: string }[];

const sha256Hex = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Characters of the sha256 in a hashed URL: enough that a changed image never gets the URL of the old one. */
const URL_HASH_CHARS = 16;

/** URL of a stored image by id, as the admin (and guests' carts from before hashed URLs) carry it. */
export const imageUrl = (imageId: number | null): string | null =>
  imageId === null ? null : `/api/image/${imageId}.webp`;

/** URL of an image that carries its content hash: it changes whenever the image does. */
export const hashedImageUrl = (imageId: number, sha256: string) =>
  `/api/image/${imageId}/${sha256.slice(0, URL_HASH_CHARS)}.webp`;

/**
 * URL of one variant: the image's content hash and the width. A variant is made from the image alone, so the
 * image's hash names it too; repeating one hash in a srcset (rather than one per copy) keeps a long menu small.
 */
export const variantUrl = (imageId: number, imageSha256: string, width: number) =>
  `/api/image/${imageId}/${imageSha256.slice(0, URL_HASH_CHARS)}/${width}.webp`;

/** Does a hash taken from a URL name this sha256? */
export const hashMatches = (urlHash: string, sha256: string) =>
  urlHash.length === URL_HASH_CHARS && sha256.startsWith(urlHash);

/**
 * A guest menu photo: the hashed full-size URL, a `srcset` of the variants and the full image (each with its width),
 * and the intrinsic size. Variants not made yet (null) leave the full image alone in the srcset.
 */
export function guestPhoto(image: {
  id: number;
  sha256: string;
  width: number;
  height: number;
  variants: VariantList | null;
}): GuestPhoto {
  const src = hashedImageUrl(image.id, image.sha256);
  const candidates = (image.variants ?? []).map((v) => `${variantUrl(image.id, image.sha256, v.width)} ${v.width}w`);
  candidates.push(`${src} ${image.width}w`);
  return { src, srcSet: candidates.join(', '), width: image.width, height: image.height };
}

/**
 * The variants of a stored (already processed, webp) image: one per VARIANT_WIDTHS narrower than the image, the
 * height in proportion. Throws when the bytes do not decode.
 */
export async function makeVariants(webp: Buffer, width: number): Promise<ImageVariant[]> {
  const variants: ImageVariant[] = [];
  for (const target of VARIANT_WIDTHS) {
    if (target >= width) break;
    const { data, info } = await sharp(webp, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .resize({ width: target, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    variants.push({ width: info.width, height: info.height, bytes: data, sha256: sha256Hex(data) });
  }
  return variants;
}

/**
 * Checks an upload by content, then decodes it, applies the EXIF orientation, fits it within 1600 px
 * (never enlarging) and re-encodes it as webp, with its narrower variants (makeVariants). sharp writes no metadata
 * (EXIF, GPS, ICC) unless asked to.
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
      sha256: sha256Hex(data),
      variants: await makeVariants(data, info.width),
    };
  } catch {
    throw new AppError(415, 'unsupportedImage');
  }
}

export class ImagesService {
  constructor(private readonly db: Db) {}

  /**
   * Stores a processed image content-addressed, with its variants: the same bytes always give the same row. Returns
   * its id. An existing row stored before variants existed gets them here.
   */
  static async store(tx: Tx, image: ProcessedImage): Promise<number> {
    const variants: VariantList = image.variants.map((v) => ({ width: v.width, sha256: v.sha256 }));
    const [inserted] = await tx
      .insert(images)
      .values({ sha256: image.sha256, bytes: image.bytes, width: image.width, height: image.height, variants })
      .onConflictDoNothing({ target: images.sha256 })
      .returning({ id: images.id });
    if (inserted) {
      await ImagesService.storeVariants(tx, inserted.id, image.variants);
      return inserted.id;
    }
    const [existing] = await tx
      .select({ id: images.id, variants: images.variants })
      .from(images)
      .where(eq(images.sha256, image.sha256));
    if (!existing) throw new Error('image vanished during upsert');
    if (existing.variants === null) await ImagesService.storeVariants(tx, existing.id, image.variants);
    return existing.id;
  }

  /**
   * Writes the variants of image `imageId` and records them on its row (only while it has none recorded: two
   * instances doing it at once write the same rows once).
   */
  static async storeVariants(tx: Tx, imageId: number, variants: ImageVariant[]): Promise<void> {
    if (variants.length > 0) {
      await tx
        .insert(imageVariants)
        .values(variants.map((v) => ({ imageId, width: v.width, height: v.height, sha256: v.sha256, bytes: v.bytes })))
        .onConflictDoNothing();
    }
    await tx
      .update(images)
      .set({ variants: variants.map((v) => ({ width: v.width, sha256: v.sha256 })) })
      .where(and(eq(images.id, imageId), isNull(images.variants)));
  }

  /** An image's sha256 and its variants' (URL hash check, ETags), without loading any bytes. */
  async hashes(imageId: number): Promise<{ sha256: string; variants: VariantList | null } | null> {
    const [row] = await this.db
      .select({ sha256: images.sha256, variants: images.variants })
      .from(images)
      .where(eq(images.id, imageId));
    return row ?? null;
  }

  /** The ETag of an image (its sha256), without loading its bytes. */
  async etag(imageId: number): Promise<string | null> {
    const [row] = await this.db.select({ sha256: images.sha256 }).from(images).where(eq(images.id, imageId));
    return row ? `"${row.sha256}"` : null;
  }

  async get(imageId: number): Promise<{ etag: string; sha256: string; bytes: Buffer } | null> {
    const [row] = await this.db
      .select({ sha256: images.sha256, bytes: images.bytes })
      .from(images)
      .where(eq(images.id, imageId));
    return row ? { etag: `"${row.sha256}"`, sha256: row.sha256, bytes: row.bytes } : null;
  }

  async getVariant(imageId: number, width: number): Promise<{ bytes: Buffer } | null> {
    const [row] = await this.db
      .select({ bytes: imageVariants.bytes })
      .from(imageVariants)
      .where(and(eq(imageVariants.imageId, imageId), eq(imageVariants.width, width)));
    return row ?? null;
  }
}
