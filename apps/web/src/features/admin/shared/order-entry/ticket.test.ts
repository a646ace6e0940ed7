import { describe, expect, it } from 'vitest';
import { makeItem, makeOrder } from '../live/order-fixture';
import { makeCategory, makeDish, sizeGroup } from './menu-fixture';
import {
  addDish,
  changeQuantity,
  defaultCourse,
  lastRoundItems,
  lineOfField,
  repeatRound,
  roundItems,
  ticketTotals,
  updateLine,
} from './ticket';

const tea = makeDish(1, 'Tea', 1.2);
const plov = makeDish(2, 'Plov', 9.5);
const ayran = makeDish(3, 'Ayran', 2, { optionGroups: [sizeGroup(50)] });
const none = { seat: null, course: null };

describe('the running ticket', () => {
  it('counts the same dish up on a second tap, and starts a new line for other options, seats or a noted line', () => {
    let lines = addDish([], tea, [], none);
    lines = addDish(lines, tea, [], none);
    expect(lines).toHaveLength(1);
    expect(lines[0].quantity).toBe(2);

    lines = addDish(lines, ayran, [51], none);
    lines = addDish(lines, ayran, [52], none);
    lines = addDish(lines, ayran, [51], none);
    expect(lines.map((l) => [l.dish.nameEn, l.optionIds, l.quantity])).toEqual([
      ['Tea', [], 2],
      ['Ayran', [51], 2],
      ['Ayran', [52], 1],
    ]);

    lines = updateLine(lines, lines[0].key, { note: 'no sugar' });
    lines = addDish(lines, tea, [], none);
    lines = addDish(lines, tea, [], { seat: 2, course: null });
    expect(lines.map((l) => [l.dish.nameEn, l.quantity, l.note, l.seat])).toEqual([
      ['Tea', 2, 'no sugar', null],
      ['Ayran', 2, '', null],
      ['Ayran', 1, '', null],
      ['Tea', 1, '', null],
      ['Tea', 1, '', 2],
    ]);
  });

  it('+ and − change a line within 1..99; below one the line goes', () => {
    let lines = addDish([], plov, [], none);
    const key = lines[0].key;
    lines = changeQuantity(lines, key, 1);
    expect(lines[0].quantity).toBe(2);
    lines = changeQuantity(lines, key, 200);
    expect(lines[0].quantity).toBe(99);
    // A full line takes no more taps: the next one starts a line of its own.
    expect(addDish(lines, plov, [], none)).toHaveLength(2);
    expect(changeQuantity(changeQuantity(lines, key, -98), key, -1)).toEqual([]);
  });

  it('totals the ticket in cents with the options priced', () => {
    let lines = addDish([], ayran, [52], none); // 2.00 + 1.50
    lines = addDish(lines, tea, [], none);
    lines = addDish(lines, tea, [], none); // 2 × 1.20
    expect(ticketTotals(lines)).toEqual({ cents: 350 + 240, portions: 3 });
  });

  it('sends every line with its dish, quantity, options, and only the note, seat and course that are set', () => {
    let lines = addDish([], tea, [], none);
    lines = addDish(lines, ayran, [51], { seat: null, course: 2 });
    lines = updateLine(lines, lines[0].key, { note: '  lemon  ', seat: 3 });
    lines = addDish(lines, plov, [], none);
    lines = updateLine(lines, lines[2].key, { note: '   ' });
    expect(roundItems(lines)).toEqual([
      { dishId: 1, quantity: 1, optionIds: [], note: 'lemon', seat: 3 },
      { dishId: 3, quantity: 1, optionIds: [51], course: 2 },
      { dishId: 2, quantity: 1, optionIds: [] },
    ]);
  });

  it("takes a dish's default course from its category, none without courses", () => {
    expect(defaultCourse(makeCategory(1, 'Mains', { course: 2 }), 3)).toBe(2);
    expect(defaultCourse(makeCategory(1, 'Starters', { course: null }), 3)).toBe(1);
    // A course the restaurant no longer names: the first.
    expect(defaultCourse(makeCategory(1, 'Dessert', { course: 5 }), 3)).toBe(1);
    expect(defaultCourse(makeCategory(1, 'Mains', { course: 2 }), 0)).toBeNull();
  });

  it('names the line of an error detail', () => {
    expect(lineOfField('items.2.dishId')).toBe(2);
    expect(lineOfField('items.0')).toBe(0);
    expect(lineOfField('tableId')).toBeNull();
  });
});

describe('repeat last round', () => {
  const at = (m: number) => `2026-11-24T10:${String(m).padStart(2, '0')}:00.000Z`;
  const older = makeOrder(1, at(0), { items: [makeItem(1, 1, { dishId: 2, batch: 1 })] });
  const newer = makeOrder(2, at(5), {
    items: [
      makeItem(2, 2, { dishId: 1, batch: 1 }),
      makeItem(3, 2, { dishId: 1, batch: 2, quantity: 2, note: 'hot', seat: 4, course: 2 }),
      makeItem(4, 2, {
        dishId: 3,
        batch: 2,
        options: [
          {
            groupId: 50,
            optionId: 52,
            groupNames: { az: '', en: 'Size', ru: '' },
            names: { az: '', en: 'Large', ru: '' },
            priceDelta: 1.5,
          },
        ],
      }),
      makeItem(5, 2, { dishId: 2, batch: 2, status: 'DELETED' }),
      makeItem(6, 2, { dishId: 99, batch: 2 }),
    ],
  });

  it("is the live lines of the newest batch of the table's newest order", () => {
    expect(lastRoundItems([newer, older]).map((i) => i.id)).toEqual([3, 4, 6]);
    expect(lastRoundItems([older]).map((i) => i.id)).toEqual([1]);
    expect(lastRoundItems([])).toEqual([]);
  });

  it('adds those lines again with quantity, options, note, seat and course; dishes gone or sold out are counted', () => {
    const dishes = new Map([tea, plov, ayran].map((d) => [d.id, d]));
    const start = addDish([], plov, [], none);
    const { lines, skipped } = repeatRound(start, lastRoundItems([newer]), dishes, 3);
    expect(skipped).toBe(1); // dish 99 is no longer on the menu
    expect(lines.map((l) => [l.dish.id, l.quantity, l.optionIds, l.note, l.seat, l.course])).toEqual([
      [2, 1, [], '', null, null],
      [1, 2, [], 'hot', 4, 2],
      [3, 1, [52], '', null, 1],
    ]);

    const soldOut = new Map([
      [1, { ...tea, available: false }],
      [3, ayran],
    ]);
    expect(repeatRound([], lastRoundItems([newer]), soldOut, 3).skipped).toBe(2);
    const countedOut = new Map([
      [1, { ...tea, stockCount: 0 }],
      [3, ayran],
    ]);
    expect(repeatRound([], lastRoundItems([newer]), countedOut, 3).skipped).toBe(2);
    // Without courses the lines carry none; an option the dish no longer offers drops the line.
    const changed = new Map([
      [1, tea],
      [3, { ...ayran, optionGroups: [sizeGroup(70)] }],
    ]);
    const again = repeatRound([], lastRoundItems([newer]), changed, 0);
    expect(again.lines.map((l) => [l.dish.id, l.course])).toEqual([[1, null]]);
    expect(again.skipped).toBe(2);
  });
});
