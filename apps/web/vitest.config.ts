import { defineConfig } from 'vitest/config';
import { guestAppStrings } from './vite.config';

export default defineConfig({
  // The guest pages' shared strings (`src/i18n/<lang>.json?guest`) load as they do in the build.
  plugins: [guestAppStrings()],
  test: {
    name: 'web',
    // happy-dom starts several times faster than jsdom per test file (web's unit run: 163 s -> 126 s on 2 cores);
    // the few tests that need what only jsdom does say so with a `// @vitest-environment jsdom` first line.
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 20_000,
  },
});
