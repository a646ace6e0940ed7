import { ApiError } from '../../../api/api-error';

interface FormLike {
  setFieldError: (path: string, error: string) => void;
}

/**
 * Puts the server's field messages (`details[].messageKey`) under the matching inputs. `fieldOf` maps a
 * server path (e.g. `user.email`) to a form field, or undefined when the form has no such input.
 * `conflicts` maps error keys that belong to one field (e.g. tableExists -> number) onto it.
 * Returns true when everything went under a field, so no banner is needed.
 */
export function applyServerErrors(
  form: FormLike,
  err: unknown,
  fieldOf: (serverPath: string) => string | undefined,
  conflicts: Record<string, string> = {},
): boolean {
  if (!(err instanceof ApiError)) return false;
  if (err.messageKey && conflicts[err.messageKey]) {
    form.setFieldError(conflicts[err.messageKey], `errors.${err.messageKey}`);
    return true;
  }
  let all = err.details.length > 0;
  for (const d of err.details) {
    const field = fieldOf(d.field);
    if (field) form.setFieldError(field, d.messageKey);
    else all = false;
  }
  return all;
}
