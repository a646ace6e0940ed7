import { describe, expect, it } from 'vitest';
import { moveRefusal, pickedLinesProblem, MOVE_V } from '../src/table-move-rules.js';

const open = { status: 'PREPARING', discount: '0.00', kind: 'DINE_IN' };
const items = [
  { id: 1, status: 'PREPARING', quantity: 3 },
  { id: 2, status: 'CREATED', quantity: 1 },
  { id: 3, status: 'DELETED', quantity: 1 },
];

describe('which orders may be moved, merged or split', () => {
  it('refuses closed orders, discounts when lines move, takeaway but for a split, waiting guest orders', () => {
    expect(moveRefusal(open, 'merge')).toBeNull();
    expect(moveRefusal({ ...open, status: 'PAID' }, 'moveOrder')).toBe('orderClosed');
    expect(moveRefusal({ ...open, status: 'CANCELLED' }, 'split')).toBe('orderClosed');
    expect(moveRefusal({ ...open, discount: '2.50' }, 'moveLines')).toBe('orderHasDiscount');
    expect(moveRefusal({ ...open, discount: 2.5 }, 'moveOrder')).toBeNull();
    expect(moveRefusal({ ...open, kind: 'PICKUP' }, 'moveOrder')).toBe('orderNotAtTable');
    expect(moveRefusal({ ...open, kind: 'TAKEAWAY' }, 'split')).toBeNull();
    expect(moveRefusal({ ...open, status: 'NEEDS_CONFIRMATION' }, 'split')).toBe('orderNotConfirmed');
    expect(moveRefusal({ ...open, status: 'NEEDS_CONFIRMATION' }, 'moveOrder')).toBeNull();
  });
});

describe('picked lines', () => {
  it('accepts whole lines and parts of them', () => {
    expect(pickedLinesProblem(items, [{ itemId: 1, quantity: 1 }], true)).toBeNull();
    expect(pickedLinesProblem(items, [{ itemId: 1, quantity: 3 }], true)).toBeNull();
    expect(
      pickedLinesProblem(
        items,
        [
          { itemId: 1, quantity: 3 },
          { itemId: 2, quantity: 1 },
        ],
        false,
      ),
    ).toBeNull();
  });

  it('names the first line that is wrong, and a split taking every dish', () => {
    expect(pickedLinesProblem(items, [{ itemId: 3, quantity: 1 }], false)).toEqual({
      field: 'lines.0.itemId',
      messageKey: MOVE_V.line,
    });
    expect(pickedLinesProblem(items, [{ itemId: 9, quantity: 1 }], false)?.messageKey).toBe(MOVE_V.line);
    expect(
      pickedLinesProblem(
        items,
        [
          { itemId: 2, quantity: 1 },
          { itemId: 2, quantity: 1 },
        ],
        false,
      ),
    ).toEqual({ field: 'lines.1.itemId', messageKey: MOVE_V.lineTwice });
    expect(pickedLinesProblem(items, [{ itemId: 1, quantity: 4 }], false)).toEqual({
      field: 'lines.0.quantity',
      messageKey: MOVE_V.quantity,
    });
    expect(pickedLinesProblem(items, [{ itemId: 1, quantity: 0 }], false)?.field).toBe('lines.0.quantity');
    expect(
      pickedLinesProblem(
        items,
        [
          { itemId: 1, quantity: 3 },
          { itemId: 2, quantity: 1 },
        ],
        true,
      ),
    ).toEqual({ field: 'lines', messageKey: MOVE_V.splitAll });
  });
});
