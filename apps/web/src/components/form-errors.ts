import type { z } from 'zod';
import { ApiError } from '../api/api-error';

/**
 * Validates form values with a contract schema and returns `{ 'path.to.field': 'validation.key' }`,
 * the first message per field. Screens translate the keys when they render, so a language switch
 * re-translates errors already shown. `byMessage` puts some messages under another key than their path
 * (e.g. the "at least one name" rule under `names`), as `applyServerErrors` does with the server's.
 */
export function zodFormErrors(
  schema: z.ZodType,
  values: unknown,
  byMessage: Record<string, string> = {},
): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = byMessage[issue.message] ?? issue.path.join('.');
    if (!(path in errors)) errors[path] = issue.message;
  }
  return errors;
}

export interface FormLike {
  setFieldError: (path: string, error: string) => void;
}

export interface ServerErrorFields {
  /**
   * A server path (e.g. `user.email`) onto a form field, or undefined when the form has no such input.
   * Default: the first segment of the path (`phones.0` -> `phones`).
   */
  fieldOf?: (serverPath: string) => string | undefined;
  /** Error keys of the whole answer that belong to one field (e.g. tableExists -> number), shown as `errors.<key>`. */
  conflicts?: Record<string, string>;
  /** Message keys shown under another field than their path (e.g. the "at least one name" rule under `names`). */
  byMessage?: Record<string, string>;
}

const firstSegment = (path: string) => path.split('.')[0] || undefined;

/**
 * The one way a form shows a 400/409 answer: the server's field messages (`details[].messageKey`, the first
 * one per field) go under the matching inputs. Returns true when everything went under a field, so the
 * caller can drop its error banner.
 */
export function applyServerErrors(
  form: FormLike,
  err: unknown,
  { fieldOf = firstSegment, conflicts = {}, byMessage = {} }: ServerErrorFields = {},
): boolean {
  if (!(err instanceof ApiError)) return false;
  if (err.messageKey && conflicts[err.messageKey]) {
    form.setFieldError(conflicts[err.messageKey], `errors.${err.messageKey}`);
    return true;
  }
  const placed = new Set<string>();
  let all = err.details.length > 0;
  for (const d of err.details) {
    const field = byMessage[d.messageKey] ?? fieldOf(d.field);
    if (!field) all = false;
    else if (!placed.has(field)) {
      placed.add(field);
      form.setFieldError(field, d.messageKey);
    }
  }
  return all;
}
