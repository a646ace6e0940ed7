/**
 * Money on guest pages: every sum is done in integer cents (prices have 2 decimals), never by adding floats, with
 * the contract's `toCents` / `fromCents`; this file only formats cents for the guest's language.
 *
 * Formatted here rather than with Intl.NumberFormat: the server renders the menu and the phone hydrates
 * it, and their ICU data differ (Debian's Chromium has no az number format and falls back to en), so the same price
 * would read differently on each and break hydration. These are the CLDR formats of the three languages.
 */
const SEPARATORS: Record<string, { group: string; decimal: string }> = {
  en: { group: ',', decimal: '.' },
  az: { group: '.', decimal: ',' },
  ru: { group: '\u00a0', decimal: ',' },
};

/** "1,234.50" (en), "1.234,50" (az), "1 234,50" (ru): always 2 decimals, grouped thousands. */
export function formatCents(cents: number, lang: string): string {
  const { group, decimal } = SEPARATORS[lang] ?? SEPARATORS.en;
  const abs = Math.abs(Math.round(cents));
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const fraction = String(abs % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}${whole}${decimal}${fraction}`;
}

/**
 * A rate in hundredths of a percent as its percent number: "10" (1000), "12.5" (en) or "12,5" (az, ru) for 1250;
 * no trailing zeros. Integer arithmetic, the same on the server's page and the phone.
 */
export function formatRateBp(bp: number, lang: string): string {
  const { decimal } = SEPARATORS[lang] ?? SEPARATORS.en;
  const whole = Math.floor(bp / 100);
  const fraction = String(bp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}${decimal}${fraction}` : String(whole);
}
