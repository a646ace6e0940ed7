import { defineConfig } from 'vitest/config';
import { guestAppStrings } from './vite.config';

export default defineConfig({
  // The guest pages' shared strings (`src/i18n/<lang>.json?guest`) load as they do in the build.
  plugins: [guestAppStrings()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 20_000,
  },
});
