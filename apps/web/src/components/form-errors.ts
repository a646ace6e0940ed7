import type { z } from 'zod';

/**
 * Validates form values with a contract schema and returns `{ 'path.to.field': 'validation.key' }`,
 * the first message per field. Screens translate the keys when they render, so a language switch
 * re-translates errors already shown.
 */
export function zodFormErrors(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    if (!(path in errors)) errors[path] = issue.message;
  }
  return errors;
}
