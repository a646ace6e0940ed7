import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { SlowTestsFirst, serverProjects } from './apps/server/vitest.config.js';

/**
 * Every workspace's unit tests in one vitest run (`npm run test:unit`): one start-up, and one pool of workers (one per
 * core) that stays busy across the projects `contract`, `web`, `server` and `server-slow`. Pick some with
 * `--project NAME`; each workspace's own config still runs its tests alone (`npm test -w apps/web`).
 */
export default defineConfig({
  test: {
    maxWorkers: Math.max(2, availableParallelism()),
    sequence: { sequencer: SlowTestsFirst },
    projects: [
      'packages/contract',
      'apps/web',
      ...serverProjects(fileURLToPath(new URL('./apps/server', import.meta.url))),
    ],
  },
});
