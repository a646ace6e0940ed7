/** Placeholder until the screen is built (issue #16). */
export function ReportsPage() {
  return null;
}
