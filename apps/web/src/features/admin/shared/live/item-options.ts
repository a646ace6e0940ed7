import { localName, type OrderItemOption } from '@qr-menu/contract';
import { formatAmount } from '../money-format';

/**
 * The chosen options of an order item as every staff screen shows them (orders board, kitchen, floor, bill,
 * receipt): one part per group in the staff member's language, "Size: 0.5 L (+1.50)", "Extras: Cheese, Bacon".
 * Deltas only where money is shown (`withPrices`), and only when not zero.
 */

type Names = OrderItemOption['names'];
const nameOf = (n: Names, lang: string) => localName({ nameAz: n.az, nameEn: n.en, nameRu: n.ru }, lang);

/** "+1.50" in the language's number format. */
export const formatDelta = (delta: number, lang: string) => `+${formatAmount(delta, lang)}`;

export interface OptionGroupLine {
  groupId: number;
  group: string;
  /** The group's chosen options, each with its delta when asked for: "0.5 L (+1.50)". */
  options: string[];
}

/** The options grouped as the dish lists them (consecutive options of the same group form one line). */
export function optionLines(
  options: readonly OrderItemOption[] | null | undefined,
  lang: string,
  withPrices = false,
): OptionGroupLine[] {
  const lines: OptionGroupLine[] = [];
  for (const o of options ?? []) {
    const name = nameOf(o.names, lang);
    const shown = withPrices && o.priceDelta > 0 ? `${name} (${formatDelta(o.priceDelta, lang)})` : name;
    const last = lines[lines.length - 1];
    if (last && last.groupId === o.groupId) last.options.push(shown);
    else lines.push({ groupId: o.groupId, group: nameOf(o.groupNames, lang), options: [shown] });
  }
  return lines;
}

/** One line of text: "Size: 0.5 L (+1.50) · Extras: Cheese, Bacon"; '' without options. */
export function itemOptionsText(
  options: readonly OrderItemOption[] | null | undefined,
  lang: string,
  withPrices = false,
): string {
  return optionLines(options, lang, withPrices)
    .map((l) => (l.group ? `${l.group}: ${l.options.join(', ')}` : l.options.join(', ')))
    .join(' · ');
}

/** A key that is the same for the same choice of options (the kitchen's all-day counts split by it). */
export const optionsKey = (options: readonly OrderItemOption[] | null | undefined) =>
  (options ?? []).map((o) => o.optionId).join(',');
