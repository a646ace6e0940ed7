/** Placeholder until the screen is built (issue #16). */
export function ZReportPage() {
  return null;
}
