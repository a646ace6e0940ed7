import type { KitchenTicket } from '@qr-menu/contract';
import { itemOptionsText, optionsKey } from '../shared/live/item-options';

/** How many portions of one choice of options are still to cook: "2 × Size: 0.5 L". */
export interface OptionCount {
  key: string;
  /** The options as one line in the staff's language ('' for the dish without options). */
  text: string;
  quantity: number;
}

/** The same key as the "All day" counts of the contract's `kitchenBoard`. */
export const allDayKey = (dishId: number | null, nameAz: string) =>
  dishId === null ? `name:${nameAz}` : `dish:${dishId}`;

/**
 * "All day" split by options: for each dish with items still CREATED or PREPARING on the tickets, the
 * portions of each choice of options, most first. Dishes ordered only without options are left out (nothing to
 * split).
 */
export function allDayOptions(tickets: readonly KitchenTicket[], lang: string): Map<string, OptionCount[]> {
  const byDish = new Map<string, Map<string, OptionCount>>();
  for (const ticket of tickets) {
    for (const item of ticket.items) {
      if (item.status !== 'CREATED' && item.status !== 'PREPARING') continue;
      const dish = allDayKey(item.dishId, item.names.az);
      const counts = byDish.get(dish) ?? new Map<string, OptionCount>();
      byDish.set(dish, counts);
      const key = optionsKey(item.options);
      const count = counts.get(key);
      if (count) count.quantity += item.quantity;
      else counts.set(key, { key, text: itemOptionsText(item.options, lang), quantity: item.quantity });
    }
  }
  const result = new Map<string, OptionCount[]>();
  for (const [dish, counts] of byDish) {
    const list = [...counts.values()];
    if (list.every((c) => c.key === '')) continue;
    // Most first; the plain dish (no options) after the choices of the same count.
    const plainLast = (c: OptionCount) => (c.key === '' ? 1 : 0);
    result.set(
      dish,
      list.sort((a, b) => b.quantity - a.quantity || plainLast(a) - plainLast(b) || a.text.localeCompare(b.text)),
    );
  }
  return result;
}
