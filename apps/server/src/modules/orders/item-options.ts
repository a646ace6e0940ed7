import {
  centsToDecimal,
  checkOptionChoice,
  chosenOptions,
  unitPriceCents,
  type ErrorDetail,
  type OrderItemOption,
} from '@qr-menu/contract';
import { AppError } from '../../plugins/app-error.js';
import type { DishSnapshot } from './dish-snapshots.js';

/** An item's chosen options as stored, and its unit price (numeric text) with their deltas. */
export interface PricedChoice {
  options: OrderItemOption[];
  price: string;
}

/**
 * The options and unit price of each item, from its dish's option groups as they are now: the same
 * rules for guests and staff (contract checkOptionChoice: ids of this dish, available, each group within min..max).
 * Every item with a wrong choice is named at once: 400 `validation` on `field(i)` with the OPTION_V key, and nothing
 * is written (the caller is inside its transaction).
 */
export function priceChoices(
  items: readonly { dishId: number; optionIds?: readonly number[] | null }[],
  snapshots: ReadonlyMap<number, DishSnapshot>,
  field: (index: number) => string,
): PricedChoice[] {
  const details: ErrorDetail[] = [];
  const priced = items.map((item, i) => {
    const snapshot = snapshots.get(item.dishId)!;
    const optionIds = item.optionIds ?? [];
    const keys = new Set(checkOptionChoice(snapshot.optionGroups, optionIds).map((p) => p.messageKey));
    for (const messageKey of keys) details.push({ field: field(i), messageKey });
    const options = chosenOptions(snapshot.optionGroups, optionIds);
    return { options, price: centsToDecimal(unitPriceCents(snapshot.price, options)) };
  });
  if (details.length > 0) throw new AppError(400, 'validation', details);
  return priced;
}
