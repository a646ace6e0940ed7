import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from './client.js';
import { tableCalls } from './schema.js';

/**
 * Which guest devices a call from the table belongs to: the device that made it and those that joined it (one open
 * call per table and kind). Here, below the calls module, because the realtime plugin checks it too.
 */

/** The calls a device made or joined (see the class comment): what its guest list shows and what it may follow. */
export function callOfDevice(deviceId: string): SQL {
  return sql`(${tableCalls.deviceId} = ${deviceId} or ${tableCalls.deviceIds} @> jsonb_build_array(${deviceId}::text))`;
}

/** Whether the device made or joined that call: the guest's right to follow it on `/topic/call/{callId}`. */
export async function isCallOfDevice(db: Executor, callId: number, deviceId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: tableCalls.id })
    .from(tableCalls)
    .where(and(eq(tableCalls.id, callId), callOfDevice(deviceId)));
  return !!row;
}
