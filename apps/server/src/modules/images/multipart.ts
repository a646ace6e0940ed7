import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ErrorDetail } from '@qr-menu/contract';
import { AppError } from '../../plugins/app-error.js';

/** The `data` JSON of a menu form and its optional image file. */
export interface MenuForm {
  data: unknown;
  image: Buffer | null;
}

const MAX_DATA_BYTES = 64 * 1024;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError(400, 'invalidJson');
  }
}

/**
 * Reads a category/dish form: `multipart/form-data` with a part `data` (JSON, sent as a text field or as a
 * JSON blob) and an optional file part `image`; or a plain JSON body (then the body is `data`, without image).
 * An image above the upload limit fails here (413 `imageTooLarge` from @fastify/multipart), before anything
 * is written. An empty file part counts as no image.
 */
export async function readMenuForm(request: FastifyRequest): Promise<MenuForm> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body === null || typeof body !== 'object') throw new AppError(415, 'unsupportedMediaType');
    return { data: body, image: null };
  }
  let data: unknown = undefined;
  let image: Buffer | null = null;
  try {
    // `data` may come as a blob (a second "file"), so allow two files; the byte limit per file stays.
    for await (const part of request.parts({ limits: { files: 2 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'image') {
          image = bytes.length > 0 ? bytes : null;
        } else if (part.fieldname === 'data') {
          if (bytes.length > MAX_DATA_BYTES) throw new AppError(413, 'bodyTooLarge');
          data = parseJson(bytes.toString('utf8'));
        }
      } else if (part.fieldname === 'data') {
        data = typeof part.value === 'string' ? parseJson(part.value) : part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    // A text field declared as application/json that does not parse.
    if (code === 'FST_INVALID_JSON_FIELD_ERROR') throw new AppError(400, 'invalidJson');
    if (err instanceof AppError || code?.startsWith('FST_')) throw err;
    // The form parser's own errors (a body cut short, a Content-Type without boundary): the request is broken.
    throw new AppError(400, 'badRequest');
  }
  return { data: data ?? {}, image };
}

/** zod issues as the `details` of a 400 `validation` answer. */
export function zodDetails(error: z.ZodError): ErrorDetail[] {
  return error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || 'data',
    messageKey: issue.message.startsWith('validation.') ? issue.message : 'validation.invalid',
  }));
}

/** Validates a value with a contract schema; 400 `validation` with details when it does not fit. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new AppError(400, 'validation', zodDetails(result.error));
  return result.data;
}
