/**
 * Money on guest pages: every sum is done in integer cents (SPEC.md §9: 2 decimals), never by adding floats, with
 * the contract's `toCents` / `fromCents`; this file only formats cents for the guest's language.
 */
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
