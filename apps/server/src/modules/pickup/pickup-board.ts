import { sql } from 'drizzle-orm';
import type { PickupBoard } from '@qr-menu/contract';
import type { Db } from '../../db/client.js';

/** One order as the board's rule sees it: its status, payment moment and how many of its live lines are where. */
export interface BoardOrder {
  number: number;
  status: string;
  paidAt: Date | null;
  /** Lines not voided. */
  live: number;
  ready: number;
  served: number;
  /** When the last live line became READY, or null. */
  lastReadyAt: Date | null;
}

/**
 * Where an order stands on the pickup board:
 * - not shown when nothing is left to hand over: no live line, every live line SERVED (an ISSUED order, which the
 *   query leaves out), or the bill paid once everything was ready. A pickup guest pays at the counter as they take
 *   the bag, so that payment is the handover. A bill paid before the food was ready (takeaway paid when rung up)
 *   is not: that order moves on to 'ready' and leaves when staff mark it served.
 * - 'ready': every live line READY or SERVED (at least one READY), or the order READY;
 * - 'preparing': anything else (accepted, some lines still in the kitchen).
 * Orders waiting for staff to confirm them and cancelled ones are never shown (the query leaves them out).
 */
export function boardPlace(o: BoardOrder): 'preparing' | 'ready' | null {
  if (o.live === 0 || o.served === o.live) return null;
  const allReady = o.ready + o.served === o.live;
  if (o.status === 'PAID' && allReady && o.paidAt && o.lastReadyAt && o.paidAt >= o.lastReadyAt) return null;
  return allReady || o.status === 'READY' ? 'ready' : 'preparing';
}

/** Statuses that never show: not accepted yet, cancelled, or every dish served. */
const HIDDEN_STATUSES = ['NEEDS_CONFIRMATION', 'CANCELLED', 'ISSUED'];

/**
 * The board of a restaurant: its TAKEAWAY and PICKUP orders of the current business day (the restaurant's day, see
 * business_day_of), oldest number first. An order left open from an earlier day does not haunt today's screen. Only
 * numbers leave this function: names and phones are never read.
 */
export async function readBoard(db: Db, eateryId: number): Promise<Pick<PickupBoard, 'preparing' | 'ready'>> {
  const result = await db.execute<{
    number: number;
    status: string;
    paid_at: string | Date | null;
    live: number | string;
    ready: number | string;
    served: number | string;
    last_ready_at: string | Date | null;
  }>(sql`
    SELECT o.number, o.status, o.paid_at,
      count(i.id) FILTER (WHERE i.status <> 'DELETED') AS live,
      count(i.id) FILTER (WHERE i.status = 'READY') AS ready,
      count(i.id) FILTER (WHERE i.status = 'SERVED') AS served,
      max(i.ready_at) FILTER (WHERE i.status <> 'DELETED') AS last_ready_at
    FROM orders o
    LEFT JOIN order_items i ON i.order_id = o.id
    WHERE o.eatery_id = ${eateryId}
      AND o.kind IN ('TAKEAWAY', 'PICKUP')
      -- The index on (eatery_id, created_at) narrows to the last days; the business day decides.
      AND o.created_at > now() - interval '2 days'
      AND o.business_day = business_day_of(${eateryId}, now())
      AND o.status NOT IN (${sql.join(
        HIDDEN_STATUSES.map((s) => sql`${s}`),
        sql`, `,
      )})
    GROUP BY o.id
    ORDER BY o.number, o.id
  `);
  const preparing: number[] = [];
  const ready: number[] = [];
  for (const r of result.rows) {
    const place = boardPlace({
      number: Number(r.number),
      status: r.status,
      paidAt: r.paid_at === null ? null : new Date(r.paid_at),
      live: Number(r.live),
      ready: Number(r.ready),
      served: Number(r.served),
      lastReadyAt: r.last_ready_at === null ? null : new Date(r.last_ready_at),
    });
    if (place === 'preparing') preparing.push(Number(r.number));
    else if (place === 'ready') ready.push(Number(r.number));
  }
  return { preparing, ready };
}
