import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Tests that run whole server processes or wait on real time: backups, SIGTERM, start-up and migrations of several
 * instances, connection faults, fuzzing. They are the project `server-slow`, so a run of the other server tests
 * (`--project server`) does not wait for them and CI can run them beside other work.
 */
const SLOW_TESTS = [
  'test/backup.test.ts',
  'test/faults-*.test.ts',
  'test/fuzz-*.test.ts',
  'test/migrations-*.test.ts',
  'test/pglite-init.test.ts',
  'test/rolling-deploy.test.ts',
  'test/start-*.test.ts',
];

/**
 * The server's two test projects, `server` and `server-slow`, rooted at `root` (this folder): this config and the
 * repository's root config (one vitest run for every workspace) both use them.
 */
export function serverProjects(root: string): TestProjectInlineConfiguration[] {
  const common = {
    root,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each test file gets its own database: a copy of the run's migrated template (test/global-setup.ts).
    globalSetup: ['./test/global-setup.ts'],
    pool: 'forks' as const,
  };
  return [
    { test: { ...common, name: 'server', include: ['test/**/*.test.ts'], exclude: SLOW_TESTS } },
    { test: { ...common, name: 'server-slow', include: SLOW_TESTS } },
  ];
}

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: serverProjects(fileURLToPath(new URL('.', import.meta.url))),
  },
});
