import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { initPgliteDir, openPgliteDir } from '../src/db/pglite-init.js';

/**
 * A new PGlite data directory is initialised (initdb) by a child process, never by the server process, and only a
 * complete one ever appears under the directory's name.
 */
describe('PGlite data directory initialisation', () => {
  const root = mkdtempSync(join(tmpdir(), 'qrmenu-pglite-init-'));
  const realChild = new URL('../src/db/pglite-init-child.mjs', import.meta.url).href;

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** A child script in the test's folder that runs `body` (plain JavaScript; argv[2] is the directory to fill). */
  function childScript(name: string, body: string): string {
    const file = join(root, name);
    writeFileSync(file, body);
    return file;
  }

  it(
    'a new data dir is initialised by a child process and opens; later opens reuse it',
    { timeout: 180_000 },
    async () => {
      const base = join(root, 'new');
      const dir = join(base, 'pglite');
      // An empty directory (e.g. created by hand) counts as new.
      mkdirSync(dir, { recursive: true });
      const pidFile = join(root, 'init-pid');
      const recordingChild = childScript(
        'recording-child.mjs',
        `import { writeFileSync } from 'node:fs';\n` +
          `writeFileSync(${JSON.stringify(pidFile)}, String(process.pid));\n` +
          `await import(${JSON.stringify(realChild)});\n`,
      );

      expect(await initPgliteDir(dir, recordingChild)).toBe(true);
      const initPid = Number(readFileSync(pidFile, 'utf8'));
      expect(initPid).toBeGreaterThan(0);
      expect(initPid).not.toBe(process.pid);
      expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true);
      // Nothing left next to it: the temporary directory became `dir`.
      expect(readdirSync(base)).toEqual(['pglite']);

      const first = await openPgliteDir(dir);
      try {
        expect((await first.query('show shared_buffers')).rows).toEqual([{ shared_buffers: '16MB' }]);
        await first.exec("create table kept (note text); insert into kept values ('still here')");
      } finally {
        await first.close();
      }

      // A second start finds the database: no child, same data.
      expect(await initPgliteDir(dir, join(root, 'no-such-child.mjs'))).toBe(false);
      const second = await openPgliteDir(dir);
      try {
        expect((await second.query('select note from kept')).rows).toEqual([{ note: 'still here' }]);
      } finally {
        await second.close();
      }
    },
  );

  it('a failed init leaves no directory that a later start would trust', async () => {
    const base = join(root, 'failed');
    const dir = join(base, 'pglite');
    mkdirSync(base);
    // The temporary directory of a first start that was killed (its process is gone), looking complete.
    const deadPid = spawnSync(process.execPath, ['-e', '']).pid;
    const abandoned = join(base, `pglite.init-${deadPid}`);
    mkdirSync(abandoned);
    writeFileSync(join(abandoned, 'PG_VERSION'), '17\n');
    // A child that gets half-way (PG_VERSION written) and then fails.
    const failingChild = childScript(
      'failing-child.mjs',
      `import { writeFileSync } from 'node:fs';\n` +
        `writeFileSync(process.argv[2] + '/PG_VERSION', '17\\n');\n` +
        `process.stderr.write('initdb broke half-way');\n` +
        `process.exit(1);\n`,
    );

    await expect(initPgliteDir(dir, failingChild)).rejects.toThrow(
      /could not initialise the embedded database in .*pglite: initdb broke half-way/,
    );
    expect(existsSync(dir)).toBe(false);
    expect(readdirSync(base)).toEqual([]);
  });

  it('a child that exits without a database is a failure too', async () => {
    const base = join(root, 'silent');
    const dir = join(base, 'pglite');
    const silentChild = childScript('silent-child.mjs', '// does nothing\n');

    await expect(initPgliteDir(dir, silentChild)).rejects.toThrow(/without creating PG_VERSION/);
    expect(readdirSync(base)).toEqual([]);
  });

  it('refuses a directory that holds files but no database, and leaves the files alone', async () => {
    const dir = join(root, 'foreign', 'pglite');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'postgresql.conf'), '# half of an old first start\n');

    await expect(openPgliteDir(dir)).rejects.toThrow(/holds files but no database \(no PG_VERSION\)/);
    expect(readdirSync(dir)).toEqual(['postgresql.conf']);
  });
});
