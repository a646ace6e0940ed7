import { ERROR_MESSAGES, type ErrorDetail, type ErrorKey, type ErrorParams } from '@qr-menu/contract';

/** The one error type services throw; the error handler turns it into `{messageKey, message, details, params}`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: ErrorKey,
    readonly details?: ErrorDetail[],
    /** What the message is filled in with (e.g. `{ max, what }` of limitReached). */
    readonly params?: ErrorParams,
  ) {
    super(ERROR_MESSAGES[messageKey]);
    this.name = 'AppError';
  }
}

export const notFound = () => new AppError(404, 'notYourResource');
export const accessDenied = () => new AppError(403, 'accessDenied');
export const validationError = (field: string, messageKey: string) =>
  new AppError(400, 'validation', [{ field, messageKey }]);

/** The PostgreSQL SQLSTATE of a database error, whichever driver raised it (drizzle wraps it in `cause`). */
export function dbErrorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = typeof e?.code === 'string' ? e.code : e?.cause?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/** PostgreSQL unique_violation, whichever driver raised it. */
export function isUniqueViolation(err: unknown): boolean {
  return dbErrorCode(err) === '23505';
}

/** PostgreSQL foreign_key_violation, whichever driver raised it. */
export function isForeignKeyViolation(err: unknown): boolean {
  return dbErrorCode(err) === '23503';
}
