import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsToDecimal, serviceChargeCents } from '@qr-menu/contract';
import type { Database } from '../src/db/client.js';
import { SERVICE_CHARGE } from '../src/modules/reports/report-sql.js';
import { openTestDatabase } from './helper.js';

/**
 * The reports' SQL service charge (report-sql.ts SERVICE_CHARGE) against the contract rule it stands for
 * (serviceChargeCents), on the database itself: random order totals and rates, and the half-cent edges.
 */

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** A small seeded generator (mulberry32): the same cases on every run, so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** SERVICE_CHARGE of each (total in cents, rate) as the database computes it, in cents. */
async function inSql(cases: [number, number][]): Promise<number[]> {
  const totals = `{${cases.map(([c]) => centsToDecimal(c)).join(',')}}`;
  const rates = `{${cases.map(([, r]) => r).join(',')}}`;
  const result = await database.db.execute(
    sql`select json_agg(${sql.raw(SERVICE_CHARGE)} order by o.i)::text as charges
        from unnest(${totals}::numeric[], ${rates}::int[]) with ordinality as o(total, service_charge_bp, i)`,
  );
  const [row] = (result as unknown as { rows: { charges: string }[] }).rows;
  return JSON.parse(row.charges) as number[];
}

describe('SERVICE_CHARGE (SQL) = serviceChargeCents (contract)', () => {
  it('over random totals up to 10 000 000.00 and rates 0..25 %', async () => {
    const next = random(20261127);
    const cases: [number, number][] = [];
    for (let i = 0; i < 3000; i++) {
      // Small and large totals alike: a cent-exact total of up to 10^n cents, n from 0 to 9.
      const total = Math.floor(next() * 10 ** Math.ceil(next() * 9));
      cases.push([total, Math.floor(next() * 2501)]);
    }
    const charges = await inSql(cases);
    expect(charges).toHaveLength(cases.length);
    const wrong = cases.filter(([total, rate], i) => charges[i] !== serviceChargeCents(total, rate));
    expect(wrong).toEqual([]);
  });

  it('at the half cent, rounded up as the contract does; zero rate and zero total give nothing', async () => {
    // 10 % of 0.05 = 0.005 → 0.01; 12.5 % of 0.04 = 0.005 → 0.01; 10 % of 0.04 = 0.004 → 0; 25 % of 0.02 = 0.005 → 0.01
    const cases: [number, number][] = [
      [5, 1000],
      [4, 1250],
      [4, 1000],
      [2, 2500],
      [15, 1000],
      [1105, 1000],
      [0, 1000],
      [123_456, 0],
      [999_999_999_999, 2500],
    ];
    const charges = await inSql(cases);
    expect(charges).toEqual(cases.map(([total, rate]) => serviceChargeCents(total, rate)));
    expect(charges.slice(0, 4)).toEqual([1, 1, 0, 1]);
  });
});
