/**
 * The guests of the place-orders benchmark (in the main process): each guest has its own device cookie, a table
 * of its restaurant and an order of 2 items, posted to POST /api/client/eatery/{id}/table/{tableId}/orders with a
 * fresh Idempotency-Key per order, as the guest app sends it, over keep-alive connections of its own (http-client.ts:
 * pre-built request bytes, every answer read whole; an order counts when it is answered 201 with the order's id).
 *
 * - `saturate`: closed loop, every guest keeps one order in flight; latency from send to answer.
 * - `offer`: open loop at a fixed rate: order k is due at start + k / rate and is sent then, whatever the answers
 *   before it; latencies count from the due time (a late send is the server's or the machine's delay, not hidden).
 *   More than `maxInFlight` orders unanswered means the server cannot keep up: the rest of the schedule is skipped
 *   and counted as `unsent`.
 */
import { randomBytes } from 'node:crypto';
import { GuestClient } from './http-client.js';
import { now, type Restaurant, type Send } from './protocol.js';

export interface Guest {
  eateryId: number;
  client: GuestClient;
  /** Prefix of this guest's Idempotency-Keys; the n-th order's key ends with n. */
  keyPrefix: string;
  orders: number;
}

export interface PhaseResult {
  sends: Send[];
  /** Sorted POST latencies, ms. */
  postMs: Float64Array;
  seconds: number;
  errors: number;
  /** Open loop only: orders of the schedule not sent because too many were unanswered. */
  unsent: number;
}

/** `count` guests spread round-robin over the restaurants; guest g sits at a table of its own. */
export function makeGuests(port: number, restaurants: Restaurant[], count: number): Guest[] {
  return Array.from({ length: count }, (_, g) => {
    const r = restaurants[g % restaurants.length];
    const table = r.tableIds[Math.floor(g / restaurants.length) % r.tableIds.length];
    const client = new GuestClient(
      port,
      `/api/client/eatery/${r.eateryId}/table/${table}/orders`,
      { 'content-type': 'application/json', cookie: `device_id=${randomBytes(16).toString('base64url')}` },
      JSON.stringify({
        items: [
          { dishId: r.dishIds[g % r.dishIds.length], quantity: 1 },
          { dishId: r.dishIds[(g + 7) % r.dishIds.length], quantity: 2, note: 'no onions' },
        ],
      }),
    );
    return { eateryId: r.eateryId, client, keyPrefix: randomBytes(9).toString('base64url'), orders: 0 };
  });
}

export const closeGuests = (guests: Guest[]) => guests.forEach((g) => g.client.close());

let firstErrorShown = false;
function showFirstError(text: string) {
  if (firstErrorShown) return;
  firstErrorShown = true;
  console.log(`  first failed order: ${text.slice(0, 300)}`);
}

/** Posts one order; its id, or null (counted as an error) when the answer is not 201 with an order id. */
async function post(guest: Guest): Promise<number | null> {
  try {
    const res = await guest.client.post(`${guest.keyPrefix}-${guest.orders++}`);
    const id = res.status === 201 ? (JSON.parse(res.body) as { id?: unknown }).id : undefined;
    if (typeof id === 'number') return id;
    showFirstError(`${res.status} ${res.body}`);
  } catch (err) {
    showFirstError(String(err));
  }
  return null;
}

class Recorder {
  sends: Send[] = [];
  times: number[] = [];
  errors = 0;

  record(guest: Guest, id: number | null, sentAt: number) {
    if (id === null) {
      this.errors++;
      return;
    }
    this.times.push(now() - sentAt);
    this.sends.push([id, sentAt, guest.eateryId]);
  }

  result(seconds: number, unsent = 0): PhaseResult {
    const postMs = Float64Array.from(this.times).sort();
    return { sends: this.sends, postMs, seconds, errors: this.errors, unsent };
  }
}

/** Closed loop for `seconds`: each guest sends its next order when the previous one is answered. */
export async function saturate(guests: Guest[], seconds: number): Promise<PhaseResult> {
  const recorder = new Recorder();
  const started = now();
  const stopAt = started + seconds * 1000;
  await Promise.all(
    guests.map(async (guest) => {
      while (now() < stopAt) {
        const sentAt = now();
        recorder.record(guest, await post(guest), sentAt);
      }
    }),
  );
  return recorder.result((now() - started) / 1000);
}

/** Open loop: `rate` orders a second for `seconds`, guests in turn; resolves when every sent order is answered. */
export async function offer(guests: Guest[], rate: number, seconds: number, maxInFlight: number): Promise<PhaseResult> {
  const recorder = new Recorder();
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const started = now();
  const answers: Promise<void>[] = [];
  let inFlight = 0;
  let unsent = 0;
  let k = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const t = now();
      for (; k < total && started + k * interval <= t; k++) {
        if (inFlight >= maxInFlight) {
          unsent++;
          continue;
        }
        const guest = guests[k % guests.length];
        const dueAt = started + k * interval;
        inFlight++;
        answers.push(
          post(guest).then((id) => {
            inFlight--;
            recorder.record(guest, id, dueAt);
          }),
        );
      }
      if (k < total) setTimeout(tick, Math.max(0, started + k * interval - now()));
      else resolve();
    };
    tick();
  });
  await Promise.all(answers);
  return recorder.result((now() - started) / 1000, unsent);
}
