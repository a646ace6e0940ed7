import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServer, type ServerProcess } from '../scripts/lib/server-process.js';
import { deviceOrders, placeOrder, seed } from '../scripts/lib/shop.js';

const run = promisify(execFile);
const script = (name: string) => fileURLToPath(new URL(`../scripts/${name}`, import.meta.url));
/** Runs a script as `npm run db:…` would (tsx), with the given environment and arguments. */
const runScript = (name: string, args: string[], env: Record<string, string> = {}) =>
  run(process.execPath, ['--import', 'tsx', script(name), ...args], {
    env: { ...process.env, DATABASE_URL: '', ...env },
  });

/**
 * `npm run db:backup` dumps the embedded database of a running server (while guests keep ordering), and
 * `npm run db:restore` brings the dump back into a new data directory, where a server starts with the orders.
 */
describe('backup and restore of the embedded database', () => {
  const root = mkdtempSync(join(tmpdir(), 'qrmenu-backup-'));
  const dataDir = join(root, 'data');
  const restoredDir = join(root, 'restored');
  const file = join(root, 'backup.tar.gz');
  const servers: ServerProcess[] = [];

  afterAll(() => {
    for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
    rmSync(root, { recursive: true, force: true });
  });

  it('round-trips: orders placed before the backup are there after the restore', { timeout: 240_000 }, async () => {
    const server = await startServer({ port: await freePort(), dataDir });
    servers.push(server);
    const shop = await seed(server.url);
    const placed: { device: string; id: number }[] = [];
    for (let i = 0; i < 5; i++) {
      const a = { device: randomBytes(16).toString('base64url'), key: randomUUID() };
      const res = await placeOrder(server.url, shop, a);
      expect(res.status).toBe(201);
      placed.push({ device: a.device, id: ((await res.json()) as { id: number }).id });
    }

    // Backup while the server runs and guests keep ordering.
    let ordering = true;
    const more = (async () => {
      while (ordering) {
        const a = { device: randomBytes(16).toString('base64url'), key: randomUUID() };
        await (await placeOrder(server.url, shop, a)).text();
      }
    })();
    const backup = await runScript('db-backup.ts', [file], { DATA_DIR: dataDir });
    ordering = false;
    await more;
    expect(backup.stdout).toContain(`written to ${file}`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // Never over an existing file.
    await expect(runScript('db-backup.ts', [file], { DATA_DIR: dataDir })).rejects.toThrow(/exists already/);

    const restore = await runScript('db-restore.ts', [file, restoredDir]);
    expect(restore.stdout).toMatch(/Restored .* \(\d+ orders\)/);
    // Never into a directory that holds a database.
    await expect(runScript('db-restore.ts', [file, restoredDir])).rejects.toThrow(/already holds a database/);

    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(existsSync(join(dataDir, 'backup.sock'))).toBe(false);

    const restored = await startServer({ port: await freePort(), dataDir: restoredDir });
    servers.push(restored);
    for (const p of placed) {
      expect((await deviceOrders(restored.url, shop, p.device)).map((o) => o.id)).toEqual([p.id]);
    }
    // The restored database takes new orders.
    const next = await placeOrder(restored.url, shop, { device: randomBytes(16).toString('base64url'), key: 'k' });
    expect(next.status).toBe(201);
    restored.child.kill('SIGTERM');
    expect(await restored.exited).toEqual({ code: 0, signal: null });
  });

  it('db:backup without a running server says how to proceed', async () => {
    const empty = mkdtempSync(join(root, 'none-'));
    await expect(runScript('db-backup.ts', [join(root, 'x.tar.gz')], { DATA_DIR: empty })).rejects.toThrow(
      /no running server answers/,
    );
  });
});
