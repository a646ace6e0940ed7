import { ERROR_MESSAGES, type ErrorDetail, type ErrorKey } from '@qr-menu/contract';

/** The one error type services throw; the error handler turns it into `{messageKey, message, details}`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: ErrorKey,
    readonly details?: ErrorDetail[],
  ) {
    super(ERROR_MESSAGES[messageKey]);
    this.name = 'AppError';
  }
}

export const notFound = () => new AppError(404, 'notYourResource');
export const accessDenied = () => new AppError(403, 'accessDenied');
export const validationError = (field: string, messageKey: string) =>
  new AppError(400, 'validation', [{ field, messageKey }]);

/** PostgreSQL unique_violation, whichever driver raised it. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
