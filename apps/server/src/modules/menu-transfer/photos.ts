import { createHash } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { LIMITS, MENU_TRANSFER_E } from '@qr-menu/contract';
import type { Executor } from '../../db/client.js';
import { images } from '../../db/schema.js';
import { AppError } from '../../plugins/app-error.js';
import { processImage, type ProcessedImage } from '../images/images.service.js';
import { zipEntries } from './sheet-read.js';

/**
 * The photos of an import: a ZIP of images named by the sheet's `photo` column. Only the files the sheet names are
 * unpacked, each through the dish photo upload's checks (processImage: by content, size and pixel limits, stored as
 * webp). Folders inside the ZIP do not matter: a photo is found by its file name, in any letter case.
 */

/** How a `photo` cell names a file: its last path segment, any letter case. */
export const photoKey = (name: string) => name.split(/[\\/]/).pop()!.trim().toLowerCase();

/** The name the export gives a stored image (and a dish's photo is known by on import). */
export const exportPhotoName = (imageId: number) => `${imageId}.webp`;

/** A photo ready to store, one already stored (the same bytes), or why it cannot be used. */
export type PhotoState =
  { kind: 'new'; image: ProcessedImage } | { kind: 'stored'; imageId: number } | { kind: 'error'; key: string };

/** A ZIP's files by photoKey (system files of archivers and folders left out); null when the bytes are no ZIP. */
export function photoIndex(bytes: Uint8Array): Map<string, string> | null {
  const entries = zipEntries(bytes);
  if (!entries) return null;
  const index = new Map<string, string>();
  for (const { name } of entries) {
    if (name.endsWith('/') || name.startsWith('__MACOSX/') || photoKey(name).startsWith('._')) continue;
    const key = photoKey(name);
    if (key && !index.has(key)) index.set(key, name);
  }
  return index;
}

const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * The photos the sheet names (`keys`, photoKey) that the ZIP holds: unpacked one by one, then checked and converted
 * as a dish photo upload is. A file that is the very bytes of a stored image (a photo of an export) is that image:
 * converting it again would make another one, and an unchanged menu would not import as unchanged.
 */
export async function preparePhotos(
  ex: Executor,
  zip: Uint8Array,
  index: Map<string, string>,
  keys: Iterable<string>,
): Promise<Map<string, PhotoState>> {
  const wanted = new Map<string, string>();
  for (const key of keys) {
    const entry = index.get(key);
    if (entry) wanted.set(entry, key);
  }
  const states = new Map<string, PhotoState>();
  const unpacked = new Map<string, Uint8Array>();
  try {
    const files = unzipSync(zip, {
      filter: (file) => {
        const key = wanted.get(file.name);
        if (key === undefined || states.has(key)) return false;
        // Stated sizes bound what is unpacked (fflate never writes past them).
        if (file.originalSize > LIMITS.imageBytes) {
          states.set(key, { kind: 'error', key: MENU_TRANSFER_E.photoTooLarge });
          return false;
        }
        return true;
      },
    });
    for (const [name, bytes] of Object.entries(files)) unpacked.set(wanted.get(name)!, bytes);
  } catch {
    for (const key of wanted.values())
      if (!states.has(key)) states.set(key, { kind: 'error', key: MENU_TRANSFER_E.photoInvalid });
    return states;
  }

  const hashes = new Map([...unpacked].map(([key, bytes]) => [key, sha256Hex(bytes)]));
  const stored = new Map<string, number>();
  if (hashes.size > 0) {
    const rows = await ex
      .select({ id: images.id, sha256: images.sha256 })
      .from(images)
      .where(inArray(images.sha256, [...new Set(hashes.values())]));
    for (const r of rows) stored.set(r.sha256, r.id);
  }
  // One at a time: converting images is the costly part, and the server's other requests share its cores.
  for (const [key, bytes] of unpacked) {
    const imageId = stored.get(hashes.get(key)!);
    if (imageId !== undefined) {
      states.set(key, { kind: 'stored', imageId });
      continue;
    }
    try {
      states.set(key, { kind: 'new', image: await processImage(Buffer.from(bytes)) });
    } catch (err) {
      const tooLarge = err instanceof AppError && err.messageKey === 'imageTooLarge';
      states.set(key, { kind: 'error', key: tooLarge ? MENU_TRANSFER_E.photoTooLarge : MENU_TRANSFER_E.photoInvalid });
    }
  }
  return states;
}
