import {
  optionLines as groupOptions,
  optionLineText,
  type OptionGroupLine,
  type OrderItemOption,
} from '@qr-menu/contract';
import { formatAmount } from '../money-format';

/**
 * The chosen options of an order item as every staff screen shows them (orders board, kitchen, floor, bill,
 * receipt): one part per group in the staff member's language, "Size: 0.5 L (+1.50)", "Extras: Cheese, Bacon".
 * Deltas only where money is shown (`withPrices`), and only when not zero.
 */

/** "+1.50" in the language's number format. */
export const formatDelta = (delta: number, lang: string) => `+${formatAmount(delta, lang)}`;

/** The options grouped as the dish lists them (contract optionLines), with their deltas when `withPrices`. */
export function optionLines(
  options: readonly OrderItemOption[] | null | undefined,
  lang: string,
  withPrices = false,
): OptionGroupLine[] {
  return groupOptions(options, lang, withPrices ? (delta) => formatDelta(delta, lang) : undefined);
}

/** One line of text: "Size: 0.5 L (+1.50) · Extras: Cheese, Bacon"; '' without options. */
export function itemOptionsText(
  options: readonly OrderItemOption[] | null | undefined,
  lang: string,
  withPrices = false,
): string {
  return optionLines(options, lang, withPrices).map(optionLineText).join(' · ');
}

/** A key that is the same for the same choice of options (the kitchen's all-day counts split by it). */
export const optionsKey = (options: readonly OrderItemOption[] | null | undefined) =>
  (options ?? []).map((o) => o.optionId).join(',');
