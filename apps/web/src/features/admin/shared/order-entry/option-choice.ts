import {
  checkOptionChoice,
  chosenOptions,
  unitPriceCents,
  type DishOptionGroup,
  type OptionProblem,
} from '@qr-menu/contract';

/**
 * The staff's option choice for a dish: a single-choice group (max 1) works like radio buttons, a
 * multiple one like checkboxes that stop at its maximum. The rules themselves are the contract's (the server
 * checks the same ones).
 */

export const isSingle = (group: DishOptionGroup) => group.maxChoices === 1;

/** The choice after picking (`on`) or unpicking an option of `group`. */
export function toggleOption(
  chosen: readonly number[],
  group: DishOptionGroup,
  optionId: number,
  on: boolean,
): number[] {
  const inGroup = new Set(group.options.map((o) => o.id));
  if (!on) return chosen.filter((id) => id !== optionId);
  if (chosen.includes(optionId)) return [...chosen];
  if (isSingle(group)) return [...chosen.filter((id) => !inGroup.has(id)), optionId];
  const count = chosen.filter((id) => inGroup.has(id)).length;
  return count >= group.maxChoices ? [...chosen] : [...chosen, optionId];
}

/** How the group asks to choose: a translation key and its values. */
export function chooseHint(group: DishOptionGroup): { key: string; values?: Record<string, number> } {
  const { minChoices: min, maxChoices: max } = group;
  if (max === 1) return { key: min >= 1 ? 'orderEntry.choose.one' : 'orderEntry.choose.oneOptional' };
  if (min === max) return { key: 'orderEntry.choose.exactly', values: { count: max } };
  if (min === 0) return { key: 'orderEntry.choose.upTo', values: { max } };
  return { key: 'orderEntry.choose.range', values: { min, max } };
}

/** Problems by group id (null: an option that is no longer the dish's), one message key each. */
export function problemsByGroup(groups: readonly DishOptionGroup[], chosen: readonly number[]) {
  const map = new Map<number | null, string>();
  for (const p of checkOptionChoice(groups, chosen) as OptionProblem[]) {
    if (!map.has(p.groupId)) map.set(p.groupId, p.messageKey);
  }
  return map;
}

/** The unit price of the dish with these options, in the currency (2 decimals exact through cents). */
export const unitPrice = (price: number | string, groups: readonly DishOptionGroup[], chosen: readonly number[]) =>
  unitPriceCents(price, chosenOptions(groups, chosen)) / 100;
