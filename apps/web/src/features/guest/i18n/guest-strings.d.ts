/** The app's shared strings a guest page uses (vite.config.ts, guestAppStrings): common, errors, error pages. */
declare module '*.json?guest' {
  const strings: Record<string, unknown>;
  export default strings;
}
