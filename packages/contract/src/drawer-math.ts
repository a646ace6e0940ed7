/**
 * What a cash drawer should hold, in integer cents: its opening float, plus the cash it took (payments' amounts less
 * cash refunds, and the tips paid in cash: the change given back is not in it), plus pay-ins, less pay-outs. The
 * drawer screen, the bill's checks and the X/Z reports all count it with this one rule.
 */
export function drawerExpectedCents(d: {
  openingFloat: number;
  cashSales: number;
  cashTips: number;
  payIns: number;
  payOuts: number;
}): number {
  return d.openingFloat + d.cashSales + d.cashTips + d.payIns - d.payOuts;
}
