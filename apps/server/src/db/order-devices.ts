import { sql, type SQL } from 'drizzle-orm';
import { orders } from './schema.js';

/**
 * Which orders a guest device sees: those it placed (`device_id`) and those it joined (`guest_devices`: an order
 * its own was merged into, or lines of its order were moved to). Here, below the orders and guest modules, because
 * the realtime plugin checks it too.
 */
export function orderOfDevice(deviceId: string): SQL {
  // `@>` on the array: the GIN index orders_guest_devices_idx serves it.
  return sql`(${orders.deviceId} = ${deviceId} or ${orders.guestDevices} @> array[${deviceId}::text])`;
}

/** Whether a device sees the order (see orderOfDevice), from the order's own columns. */
export const isOrderOfDevice = (
  order: { deviceId: string | null; guestDevices: readonly string[] },
  deviceId: string,
) => order.deviceId === deviceId || order.guestDevices.includes(deviceId);
