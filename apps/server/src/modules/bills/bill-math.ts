/**
 * The arithmetic of bills, in integer cents only (never floats): pure functions, easy to test on their own.
 * Percentages are in hundredths of a percent (12.5 % → 1250), as the contract's percentField parses them.
 */

/**
 * Shares `cents` over parts in proportion to `weights` (the orders' subtotals): each part gets its share rounded
 * down, and the cents left over go to the last part. No part gets more than its weight (a discount never makes an
 * order's total negative): what the last part cannot take goes to the one before it, and so on.
 * Requires 0 <= cents <= sum(weights).
 */
export function shareInProportion(cents: number, weights: readonly number[]): number[] {
  const whole = weights.reduce((a, b) => a + b, 0);
  if (cents < 0 || cents > whole) throw new Error('share out of range');
  const shares = weights.map((w) => (whole === 0 ? 0 : Math.floor((cents * w) / whole)));
  let left = cents - shares.reduce((a, b) => a + b, 0);
  for (let i = shares.length - 1; i >= 0 && left > 0; i--) {
    const room = weights[i] - shares[i];
    const take = Math.min(room, left);
    shares[i] += take;
    left -= take;
  }
  return shares;
}

/**
 * Splits one payment of `cents` over the orders' remaining dues, in the given order (the orders' ids): each order
 * takes what it still owes until the payment is used up. Requires cents <= sum(dues).
 */
export function allocateOverDues(cents: number, dues: readonly number[]): number[] {
  let left = cents;
  return dues.map((due) => {
    const take = Math.min(Math.max(due, 0), left);
    left -= take;
    return take;
  });
}
