/**
 * Money on guest pages: every sum is done in integer cents (SPEC.md §9: 2 decimals), never by adding floats.
 * Prices arrive as numbers with at most 2 decimals (e.g. 4.35); `toCents` rounds away the binary noise once.
 */
export const toCents = (amount: number): number => Math.round(amount * 100);

/** Cents back to an AZN number with 2 decimals (for the stored cart shape of SPEC.md §3). */
export const fromCents = (cents: number): number => cents / 100;

const formatters = new Map<string, Intl.NumberFormat>();

/** "12.50" (en), "12,50" (az, ru): always 2 decimals, grouped thousands. */
export function formatCents(cents: number, lang: string): string {
  let f = formatters.get(lang);
  if (!f) {
    f = new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formatters.set(lang, f);
  }
  return f.format(cents / 100);
}
