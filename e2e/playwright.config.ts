import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://127.0.0.1:${port}`;
// A fresh embedded database for every run; nothing is left behind in the repository.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'qrmenu-e2e-'));

/** Debian's Chromium with no network of its own (this machine reaches nothing but the registries). */
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: './tests',
  // A test's whole story; the longest set their own. Twice the slowest default-bound test's time in CI (~32 s).
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One browser per core (at least two): the tests of a file run in order, the files side by side.
  workers: Math.max(2, availableParallelism()),
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunch,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // The production build (the compiled server and the built web app) started as `npm start` starts it, on the
    // embedded database: `npm run test:e2e` builds first, so this start finds the build current.
    command: 'node ../scripts/start.mjs',
    url: `${baseURL}/api/config/image-paths`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // e2e registers many owners from one address; the limits themselves are covered by server tests.
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'warn',
    },
  },
});
