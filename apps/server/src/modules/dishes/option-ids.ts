import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { V, type DishOptionGroup, type ErrorDetail, type optionGroupsField } from '@qr-menu/contract';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../plugins/app-error.js';

/** `optionGroups` of a dish form as the contract parsed it (ids optional). */
export type OptionGroupsInput = z.output<typeof optionGroupsField>;

/**
 * Numbers a dish's option groups and options for storing. An id sent must be one the dish already has
 * (a group id for a group, an option id for an option, each once): orders refer to them, so kept ones stay the same.
 * Anything else is 400 `validation.invalid` on that id's path. Groups and options sent without an id are new
 * (a group copied from another dish comes without ids): they get ids above every id of the dish and above `used`
 * (the highest ids past orders of the dish refer to), group ids unique among the groups, option ids unique across
 * all groups of the dish. So a removed option's id is not handed to a new one while orders still name it.
 */
export function numberOptionGroups(
  stored: readonly DishOptionGroup[],
  input: OptionGroupsInput,
  used: { group: number; option: number } = { group: 0, option: 0 },
): DishOptionGroup[] {
  const storedGroupIds = new Set(stored.map((g) => g.id));
  const storedOptionIds = new Set(stored.flatMap((g) => g.options.map((o) => o.id)));
  const problems: ErrorDetail[] = [];
  const usedGroups = new Set<number>();
  const usedOptions = new Set<number>();

  input.forEach((g, gi) => {
    if (g.id !== undefined) {
      if (!storedGroupIds.has(g.id) || usedGroups.has(g.id)) {
        problems.push({ field: `optionGroups.${gi}.id`, messageKey: V.invalid });
      }
      usedGroups.add(g.id);
    }
    g.options.forEach((o, oi) => {
      if (o.id === undefined) return;
      if (!storedOptionIds.has(o.id) || usedOptions.has(o.id)) {
        problems.push({ field: `optionGroups.${gi}.options.${oi}.id`, messageKey: V.invalid });
      }
      usedOptions.add(o.id);
    });
  });
  if (problems.length > 0) throw new AppError(400, 'validation', problems);

  let nextGroup = Math.max(used.group, ...storedGroupIds) + 1;
  let nextOption = Math.max(used.option, ...storedOptionIds) + 1;
  return input.map((g) => ({
    id: g.id ?? nextGroup++,
    nameAz: g.nameAz,
    nameEn: g.nameEn,
    nameRu: g.nameRu,
    minChoices: g.minChoices,
    maxChoices: g.maxChoices,
    options: g.options.map((o) => ({
      id: o.id ?? nextOption++,
      nameAz: o.nameAz,
      nameEn: o.nameEn,
      nameRu: o.nameRu,
      priceDelta: o.priceDelta,
      available: o.available,
    })),
  }));
}

/** The highest group and option ids the dish's past order items refer to (0 when none). */
export async function optionIdsUsedByOrders(ex: Executor, dishId: number): Promise<{ group: number; option: number }> {
  const [row] = await ex
    .select({
      group: sql<number | string>`coalesce(max((o->>'groupId')::int), 0)`,
      option: sql<number | string>`coalesce(max((o->>'optionId')::int), 0)`,
    })
    .from(sql`order_items oi cross join lateral jsonb_array_elements(oi.options) o`)
    .where(sql`oi.dish_id = ${dishId}`);
  return { group: Number(row?.group ?? 0), option: Number(row?.option ?? 0) };
}
