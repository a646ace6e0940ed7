import { localNameByLanguage, type NamesByLanguage } from './localize.js';

/** What the lines read of an order item's chosen option (contract OrderItemOption). */
export interface ChosenOption {
  groupId: number;
  groupNames: NamesByLanguage;
  names: NamesByLanguage;
  priceDelta: number;
}

/** One group of an item's chosen options: "Size" with "0.5 L (+1.50)". */
export interface OptionGroupLine {
  groupId: number;
  group: string;
  /** The group's chosen options, each with its delta when asked for: "0.5 L (+1.50)". */
  options: string[];
}

/**
 * An item's chosen options grouped as the dish lists them (consecutive options of the same group form one line), in
 * `lang`, as every staff screen and the printed bill show them. `deltaText` writes a price delta ("+1.50"); without
 * it no prices are shown, and a delta of zero is never shown.
 */
export function optionLines(
  options: readonly ChosenOption[] | null | undefined,
  lang: string,
  deltaText?: (delta: number) => string,
): OptionGroupLine[] {
  const lines: OptionGroupLine[] = [];
  for (const o of options ?? []) {
    const name = localNameByLanguage(o.names, lang);
    const shown = deltaText && o.priceDelta > 0 ? `${name} (${deltaText(o.priceDelta)})` : name;
    const last = lines[lines.length - 1];
    if (last && last.groupId === o.groupId) last.options.push(shown);
    else lines.push({ groupId: o.groupId, group: localNameByLanguage(o.groupNames, lang), options: [shown] });
  }
  return lines;
}

/** "Size: 0.5 L (+1.50)": one group as text. */
export const optionLineText = (line: OptionGroupLine): string =>
  line.group ? `${line.group}: ${line.options.join(', ')}` : line.options.join(', ');
