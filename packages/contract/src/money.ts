/**
 * Money is counted in integer cents (prices have 2 decimals), never by adding floats.
 * JSON carries amounts as numbers with at most 2 decimals; the database as numeric(10,2) strings.
 */

/**
 * Integer cents of an amount. A decimal string ("19.99", "0.10", "5", as read from a numeric column) is parsed
 * exactly and may not have more than 2 significant decimals; a number (4.35) is rounded once to whole cents.
 */
export function toCents(value: string | number): number {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not an amount: ${value}`);
    return Math.round(value * 100);
  }
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(value.trim());
  if (!m) throw new Error(`not a decimal: ${value}`);
  const frac = (m[3] ?? '').padEnd(2, '0');
  if (frac.length > 2 && /[1-9]/.test(frac.slice(2))) throw new Error(`more than 2 decimals: ${value}`);
  const cents = Number(m[2]) * 100 + Number(frac.slice(0, 2));
  return m[1] === '-' ? -cents : cents;
}

/** Integer cents as a JSON number with at most 2 decimals (14023 → 140.23). */
export const fromCents = (cents: number): number => cents / 100;

/**
 * Integer cents as an exact decimal string, as a numeric(10,2) column and the API's amount fields take it
 * (1234 → "12.34", 5 → "0.05", -7 → "-0.07"), written from the digits so no float noise can creep in.
 */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** One order line in integer cents: its unit price (a numeric string or a 2-decimal number) times its quantity. */
export const lineCents = (item: { price: string | number; quantity: number }): number =>
  toCents(item.price) * item.quantity;

/**
 * An order's total in integer cents: every item but the DELETED ones, price × quantity. The database computes the
 * same sum in SQL (its trigger stores a paid order's total); the API sends it as `orderPrice`.
 */
export function orderTotalCents(
  items: readonly { status: string; price: string | number; quantity: number }[],
): number {
  let cents = 0;
  for (const i of items) if (i.status !== 'DELETED') cents += lineCents(i);
  return cents;
}

/**
 * `hundredths` hundredths of a percent of `cents` (12.5 % → 1250), rounded half-up to the cent (10 % of 0.05 → 0.01).
 * Integer arithmetic only.
 */
export function percentOf(cents: number, hundredths: number): number {
  return Math.floor((cents * hundredths + 5000) / 10000);
}

/**
 * The service charge of one order, in cents: its rate (hundredths of a percent, the one the order was placed under) of
 * its total after discount, rounded half-up to the cent. A bill's service charge is the sum over its orders. Tips are
 * never part of it. (The reports' SQL computes the same: report-sql.ts SERVICE_CHARGE.)
 */
export const serviceChargeCents = (afterDiscountCents: number, rateBp: number): number =>
  percentOf(afterDiscountCents, rateBp);

/**
 * The VAT a price includes, in cents: gross × rate / (100 % + rate), rounded half-up to the cent (18 % of a gross
 * 118.00 → 18.00). Rates are in hundredths of a percent. Prices on the menu include VAT: the tax is a part of them.
 */
export function vatIncludedCents(grossCents: number, rateBp: number): number {
  const whole = 10000 + rateBp;
  return Math.floor((2 * grossCents * rateBp + whole) / (2 * whole));
}

/** `part / whole` of `cents`, rounded half-up to the cent; 0 when `whole` is 0. */
export function proportion(cents: number, part: number, whole: number): number {
  return whole === 0 ? 0 : Math.floor((2 * cents * part + whole) / (2 * whole));
}

/**
 * What some lines of a bill cost when they are paid on their own (split by items), in cents: per order, the lines
 * less their share of the order's discount (lines × discount / the order's items, half-up), plus the order's service
 * charge on that. The till shows it and the server charges it.
 */
export function linesPartCents(
  orders: readonly { id: number; subtotal: number; discount: number; serviceChargeRate: number }[],
  lines: readonly { orderId: number; cents: number }[],
): number {
  let part = 0;
  for (const order of orders) {
    const cents = lines.filter((l) => l.orderId === order.id).reduce((sum, l) => sum + l.cents, 0);
    if (cents === 0) continue;
    part += withServiceCharge(cents - proportion(order.discount, cents, order.subtotal), order.serviceChargeRate);
  }
  return part;
}

/** What an order costs once its service charge is added: its total after discount plus that rate of it, in cents. */
export const withServiceCharge = (afterDiscountCents: number, rateBp: number): number =>
  afterDiscountCents + serviceChargeCents(afterDiscountCents, rateBp);

/**
 * What an order costs, in integer cents: `orderPrice` (its live items) minus `discount`, plus the service charge at
 * the order's `serviceChargeRate` on that — the total a guest's order shows and a bill collects (tips apart). The
 * server keeps a discount within the items, so it is never negative.
 */
export const orderDueCents = (order: {
  orderPrice: string | number;
  discount: string | number;
  serviceChargeRate?: number;
}): number => withServiceCharge(toCents(order.orderPrice) - toCents(order.discount), order.serviceChargeRate ?? 0);
