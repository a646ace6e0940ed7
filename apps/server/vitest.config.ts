import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

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
    {
      test: {
        ...common,
        name: 'server',
        include: ['test/**/*.test.ts'],
        exclude: SLOW_TESTS,
        // The files of one worker share its process, so the app's modules load once per worker, not once per file
        // (several times less CPU for the whole project). The rule that makes it safe: a server test file does not
        // vi.mock modules or change process-wide state, restores its spies, and closes the apps and databases it opens.
        isolate: false,
      },
    },
    { test: { ...common, name: 'server-slow', include: SLOW_TESTS } },
  ];
}

/**
 * Starts the files of `server-slow` before the others (vitest orders projects by name): started last, its long files
 * would run on alone while the other cores have nothing left to do.
 */
export class SlowTestsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const slow = (file: TestSpecification) => file.project.name === 'server-slow';
    return [...sorted.filter(slow), ...sorted.filter((file) => !slow(file))];
  }
}

export default defineConfig({
  test: {
    maxWorkers: 2,
    sequence: { sequencer: SlowTestsFirst },
    projects: serverProjects(fileURLToPath(new URL('.', import.meta.url))),
  },
});
