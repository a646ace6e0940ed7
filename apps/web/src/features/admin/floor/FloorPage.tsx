/** Placeholder until the screen is built (issue #15). */
export function FloorPage() {
  return null;
}
