import type { FastifyRequest } from 'fastify';
import { MENU_TRANSFER_LIMITS, V } from '@qr-menu/contract';
import { AppError, validationError } from '../../plugins/app-error.js';

/** The form of preview and import: the sheet (`file`) and, optionally, a ZIP of photos (`photos`). */
export interface TransferUpload {
  file: Buffer;
  photos: Buffer | null;
}

/**
 * Reads the multipart form. Each file may be as large as the ZIP of photos (a ZIP bundling the sheet with its photos
 * comes as `file`); the sheet's own, smaller limit is checked once it is known to be a sheet. Past the ZIP limit:
 * 413 bodyTooLarge. Not multipart: 415; no `file`: 400 validation. An empty `photos` part counts as none.
 */
export async function readTransferForm(request: FastifyRequest): Promise<TransferUpload> {
  if (!request.isMultipart()) throw new AppError(415, 'unsupportedMediaType');
  let file: Buffer | null = null;
  let photos: Buffer | null = null;
  try {
    const parts = request.parts({
      limits: { fileSize: MENU_TRANSFER_LIMITS.photosBytes, files: 2, fields: 2, parts: 4 },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.fieldname === 'file') file = bytes;
      else if (part.fieldname === 'photos') photos = bytes.length > 0 ? bytes : null;
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'bodyTooLarge');
    if (err instanceof AppError || code?.startsWith('FST_')) throw err;
    // A body cut short, a Content-Type without boundary: the request is broken.
    throw new AppError(400, 'badRequest');
  }
  if (!file || file.length === 0) throw validationError('file', V.required);
  return { file, photos };
}
