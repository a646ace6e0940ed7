import {
  LIMITS,
  chosenOptions,
  unitPriceCents,
  type Category,
  type Dish,
  type Order,
  type OrderItemInput,
} from '@qr-menu/contract';

/**
 * The running ticket of the order-entry grid: the lines entered so far, before they are sent. Pure functions over a
 * list of lines, so the grid's rules (one tap adds, the same dish again counts up, repeat the last round, what is
 * sent) are tested without a screen.
 */

export interface TicketLine {
  /** Local id of the line (the screen's key; never sent). */
  key: string;
  dish: Dish;
  optionIds: number[];
  quantity: number;
  note: string;
  /** The guest's seat, or null. */
  seat: number | null;
  /** The course (1 = the restaurant's first), or null when the restaurant names none. */
  course: number | null;
}

/** Sold out: switched off, or a counted dish with no portion left. */
export const isSoldOut = (dish: Pick<Dish, 'available' | 'stockCount'>) => !dish.available || dish.stockCount === 0;

let nextKey = 1;
const newKey = () => `line-${nextKey++}`;

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/**
 * The course a dish is ordered in by default: its category's (the first when the category names none or one the
 * restaurant no longer has); null when the restaurant has no courses.
 */
export function defaultCourse(category: Pick<Category, 'course'> | undefined, courseCount: number): number | null {
  if (courseCount === 0) return null;
  const c = category?.course ?? 1;
  return c >= 1 && c <= courseCount ? c : 1;
}

/**
 * One tap on a dish: the same dish with the same options, seat and course and no note counts up (up to the quantity
 * limit); anything else is a new line at the end.
 */
export function addDish(
  lines: readonly TicketLine[],
  dish: Dish,
  optionIds: readonly number[],
  place: { seat: number | null; course: number | null },
): TicketLine[] {
  const same = lines.find(
    (l) =>
      l.dish.id === dish.id &&
      sameIds(l.optionIds, optionIds) &&
      l.note.trim() === '' &&
      l.seat === place.seat &&
      l.course === place.course &&
      l.quantity < LIMITS.quantity.max,
  );
  if (same) return lines.map((l) => (l === same ? { ...l, quantity: l.quantity + 1 } : l));
  return [...lines, { key: newKey(), dish, optionIds: [...optionIds], quantity: 1, note: '', ...place }];
}

/** + or − on a line: at most the quantity limit; below 1 the line goes. */
export function changeQuantity(lines: readonly TicketLine[], key: string, delta: number): TicketLine[] {
  return lines.flatMap((l) => {
    if (l.key !== key) return [l];
    const quantity = Math.min(LIMITS.quantity.max, l.quantity + delta);
    return quantity < 1 ? [] : [{ ...l, quantity }];
  });
}

/** A line's note, seat or course changed. */
export function updateLine(
  lines: readonly TicketLine[],
  key: string,
  patch: Partial<Pick<TicketLine, 'note' | 'seat' | 'course'>>,
): TicketLine[] {
  return lines.map((l) => (l.key === key ? { ...l, ...patch } : l));
}

/**
 * The table's last round: the live lines of the newest batch of its newest order (what was sent last, a new order's
 * first round or an addition). Empty when the table has no order.
 */
export function lastRoundItems(orders: readonly Order[]): Order['items'] {
  const newest = [...orders].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)[0];
  if (!newest) return [];
  const live = newest.items.filter((i) => i.status !== 'DELETED');
  const batch = Math.max(0, ...live.map((i) => i.batch));
  return live.filter((i) => i.batch === batch);
}

/**
 * "Repeat last round": the last round's lines again (same dish, options, quantity, note, seat and course), added to
 * the ticket. A dish that is no longer on the menu, is sold out, or whose options changed since is left out and
 * counted in `skipped`, so the waiter sees what did not come back.
 */
export function repeatRound(
  lines: readonly TicketLine[],
  items: Order['items'],
  dishes: ReadonlyMap<number, Dish>,
  courseCount: number,
): { lines: TicketLine[]; skipped: number } {
  const added: TicketLine[] = [];
  let skipped = 0;
  for (const item of items) {
    const dish = item.dishId === null ? undefined : dishes.get(item.dishId);
    const optionIds = item.options.map((o) => o.optionId);
    const known = dish
      ? new Set(dish.optionGroups.flatMap((g) => g.options.filter((o) => o.available).map((o) => o.id)))
      : null;
    if (!dish || isSoldOut(dish) || !optionIds.every((id) => known!.has(id))) {
      skipped += 1;
      continue;
    }
    const course = item.course !== null && item.course <= courseCount ? item.course : courseCount > 0 ? 1 : null;
    added.push({
      key: newKey(),
      dish,
      optionIds,
      quantity: item.quantity,
      note: item.note ?? '',
      seat: item.seat,
      course,
    });
  }
  return { lines: [...lines, ...added], skipped };
}

/** One line's price in cents: the dish with its options, times the quantity. */
export const lineCents = (line: TicketLine) =>
  unitPriceCents(line.dish.price, chosenOptions(line.dish.optionGroups, line.optionIds)) * line.quantity;

/** The ticket's total in cents, and how many portions it holds. */
export function ticketTotals(lines: readonly TicketLine[]): { cents: number; portions: number } {
  return {
    cents: lines.reduce((sum, l) => sum + lineCents(l), 0),
    portions: lines.reduce((sum, l) => sum + l.quantity, 0),
  };
}

/** One line as the API takes it: a blank note, no seat and no course are left out. */
export type RoundItem = OrderItemInput & { seat?: number; course?: number };

/** The items of the round to send, in the order they were entered. */
export function roundItems(lines: readonly TicketLine[]): RoundItem[] {
  return lines.map((l) => {
    const note = l.note.trim();
    return {
      dishId: l.dish.dishId ?? l.dish.id,
      quantity: l.quantity,
      optionIds: l.optionIds,
      ...(note ? { note } : {}),
      ...(l.seat !== null ? { seat: l.seat } : {}),
      ...(l.course !== null ? { course: l.course } : {}),
    };
  });
}

/** The index of the ticket line an error detail's field names (`items.2.dishId` → 2), or null. */
export function lineOfField(field: string): number | null {
  const m = /^items\.(\d+)(\.|$)/.exec(field);
  return m ? Number(m[1]) : null;
}
