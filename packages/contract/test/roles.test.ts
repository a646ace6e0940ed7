import { describe, expect, it } from 'vitest';
import { ITEM_STATUSES, ROLES, type Role } from '../src/enums.js';
import { canSetItemStatus, mayDo, nextItemStatus, orderStatusesFor, ROLE_MATRIX, type Action } from '../src/roles.js';

/** The whole matrix, one row per action: A = EATERY_ADMIN, K = KITCHEN_ADMIN, W = WAITER, C = CASHIER. */
const EXPECTED: Record<Action, string> = {
  manage: 'A',
  tables: 'AW',
  departments: 'AK',
  create: 'AWC',
  editItems: 'AWC',
  itemStatus: 'AKW',
  orderStatus: 'AWC',
  confirm: 'AWC',
  delete: 'A',
  closeBill: 'AC',
  discount: 'AC',
  refund: 'AC',
  approveMoney: 'A',
  reopen: 'A',
  voidItem: 'AWC',
  approveVoid: 'A',
  audit: 'A',
  zReport: 'AC',
  drawer: 'AC',
  reopenDay: 'A',
  kitchen: 'AK',
  floor: 'AWC',
  answerCalls: 'AWC',
  serveReady: 'AW',
  fireCourse: 'AWC',
  moveOrders: 'AWC',
  stock: 'AK',
  printing: 'AKWC',
  printBill: 'AWC',
};
const LETTER: Record<Role, string> = { EATERY_ADMIN: 'A', KITCHEN_ADMIN: 'K', WAITER: 'W', CASHIER: 'C' };

describe('the role matrix', () => {
  it('gives each action to exactly the roles of the table', () => {
    expect(Object.keys(ROLE_MATRIX).sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const action of Object.keys(EXPECTED) as Action[]) {
      for (const role of ROLES) {
        expect(mayDo([role], action), `${role} ${action}`).toBe(EXPECTED[action].includes(LETTER[role]));
      }
    }
  });

  it('allows an action when any of the roles held allows it; nothing without roles', () => {
    expect(mayDo(['KITCHEN_ADMIN', 'CASHIER'], 'closeBill')).toBe(true);
    expect(mayDo(['KITCHEN_ADMIN', 'CASHIER'], 'kitchen')).toBe(true);
    expect(mayDo([], 'floor')).toBe(false);
    expect(mayDo(undefined, 'floor')).toBe(false);
  });
});

describe('status rules per role', () => {
  it('the kitchen moves items among CREATED, PREPARING, READY only; a waiter serves; a cashier never', () => {
    expect(canSetItemStatus(['KITCHEN_ADMIN'], 'CREATED', 'READY')).toBe(true);
    expect(canSetItemStatus(['KITCHEN_ADMIN'], 'READY', 'PREPARING')).toBe(true);
    expect(canSetItemStatus(['KITCHEN_ADMIN'], 'READY', 'SERVED')).toBe(false);
    expect(canSetItemStatus(['KITCHEN_ADMIN'], 'SERVED', 'READY')).toBe(false);
    expect(canSetItemStatus(['KITCHEN_ADMIN'], 'CREATED', 'DELETED')).toBe(false);
    expect(canSetItemStatus(['WAITER'], 'READY', 'SERVED')).toBe(true);
    expect(canSetItemStatus(['EATERY_ADMIN'], 'SERVED', 'CREATED')).toBe(true);
    expect(canSetItemStatus(['CASHIER'], 'READY', 'SERVED')).toBe(false);
    expect(canSetItemStatus(['CASHIER', 'KITCHEN_ADMIN'], 'PREPARING', 'READY')).toBe(true);
  });

  it('serving a whole table is open to exactly the roles that may serve one dish', () => {
    for (const role of ROLES) {
      expect(mayDo([role], 'serveReady'), role).toBe(canSetItemStatus([role], 'READY', 'SERVED'));
    }
  });

  it('one tap: the next step when the roles may make it (a waiter too: the server lets a waiter set any item status)', () => {
    expect(nextItemStatus(['KITCHEN_ADMIN'], 'CREATED')).toBe('PREPARING');
    expect(nextItemStatus(['KITCHEN_ADMIN'], 'PREPARING')).toBe('READY');
    expect(nextItemStatus(['KITCHEN_ADMIN'], 'READY')).toBeNull();
    expect(nextItemStatus(['WAITER'], 'CREATED')).toBe('PREPARING');
    expect(nextItemStatus(['WAITER'], 'PREPARING')).toBe('READY');
    expect(nextItemStatus(['WAITER'], 'READY')).toBe('SERVED');
    expect(nextItemStatus(['WAITER'], 'SERVED')).toBeNull();
    expect(nextItemStatus(['EATERY_ADMIN'], 'READY')).toBe('SERVED');
    expect(nextItemStatus(['EATERY_ADMIN'], 'DELETED')).toBeNull();
    expect(nextItemStatus(['CASHIER'], 'CREATED')).toBeNull();
    expect(nextItemStatus(['CASHIER'], 'READY')).toBeNull();
    // A kitchen admin who also waits tables does both.
    expect(nextItemStatus(['KITCHEN_ADMIN', 'WAITER'], 'READY')).toBe('SERVED');
  });

  it('never offers a step the server would refuse', () => {
    const roleSets: Role[][] = [...ROLES.map((r) => [r]), ['KITCHEN_ADMIN', 'CASHIER']];
    for (const roles of roleSets) {
      for (const status of ITEM_STATUSES) {
        const next = nextItemStatus(roles, status);
        if (next) expect(canSetItemStatus(roles, status, next), `${roles} ${status}`).toBe(true);
        if (next) expect(mayDo(roles, 'itemStatus'), `${roles}`).toBe(true);
      }
    }
  });

  it('order statuses: a waiter may set ISSUED but not PAID; the kitchen none', () => {
    expect(orderStatusesFor(['WAITER'])).toContain('ISSUED');
    expect(orderStatusesFor(['WAITER'])).not.toContain('PAID');
    expect(orderStatusesFor(['CASHIER'])).toContain('PAID');
    expect(orderStatusesFor(['KITCHEN_ADMIN'])).toEqual([]);
    expect(orderStatusesFor(['KITCHEN_ADMIN', 'WAITER'])).toContain('ISSUED');
    for (const role of ROLES) expect(orderStatusesFor([role]).length > 0, role).toBe(mayDo([role], 'orderStatus'));
  });
});
