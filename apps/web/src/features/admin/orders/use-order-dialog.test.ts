import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Order } from '@qr-menu/contract';
import { useOrderDialog } from './use-order-dialog';

const order = (id: number, itemIds: number[] = []) => ({ id, items: itemIds.map((i) => ({ id: i })) }) as Order;

const setup = (orders: Order[], settled = true) =>
  renderHook(({ orders, settled }) => useOrderDialog(orders, settled), { initialProps: { orders, settled } });

describe('orders board dialog', () => {
  it('finds the order and item a dialog is about', () => {
    const { result } = setup([order(1, [10, 11]), order(2)]);
    act(() => result.current.open({ kind: 'item', orderId: 1, itemId: 11 }));
    expect(result.current.order?.id).toBe(1);
    expect(result.current.item?.id).toBe(11);
    act(() => result.current.open({ kind: 'void', orderId: 1, itemId: 10 }));
    expect(result.current.item?.id).toBe(10);
    act(() => result.current.open({ kind: 'status', orderId: 2 }));
    expect(result.current.order?.id).toBe(2);
    expect(result.current.item).toBeUndefined();
    act(() => result.current.close());
    expect(result.current.current).toBeNull();
  });

  it('closes when its order vanished from a settled list, not while the list is re-fetching', () => {
    const { result, rerender } = setup([order(1), order(2)]);
    act(() => result.current.open({ kind: 'status', orderId: 2 }));
    rerender({ orders: [order(1)], settled: false });
    expect(result.current.current).toEqual({ kind: 'status', orderId: 2 });
    rerender({ orders: [order(1)], settled: true });
    expect(result.current.current).toBeNull();
  });

  it('the create dialog stays whatever the list holds', () => {
    const { result, rerender } = setup([]);
    act(() => result.current.open({ kind: 'create' }));
    rerender({ orders: [], settled: true });
    expect(result.current.current).toEqual({ kind: 'create' });
  });
});
