import type { z } from 'zod';
import { ApiError } from '../../../api/api-error';

export type AmountReading = { cents: number; error?: undefined } | { cents?: undefined; error: string };

/**
 * An amount typed in a drawer form, read by the contract's field of that body (amountField: "50", "50.5" and "50,50"
 * are all 50 manat something): its integer cents, or the validation key of a bad value.
 */
export function readAmount(field: z.ZodType<number, unknown>, text: string): AmountReading {
  const parsed = field.safeParse(text);
  return parsed.success ? { cents: parsed.data } : { error: parsed.error.issues[0]?.message ?? 'validation.amount' };
}

/** The server's message about one field of a refused body (400 with details), or undefined. */
export function serverFieldError(err: unknown, field: string): string | undefined {
  return err instanceof ApiError ? err.details.find((d) => d.field === field)?.messageKey : undefined;
}
