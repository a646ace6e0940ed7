import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { freePort, startServer, type ServerProcess } from '../scripts/lib/server-process.js';
import { PASSWORD, uniqueEmail } from './helper.js';

/**
 * SIGTERM drains the real server (main.ts in a child process): it stops accepting connections, finishes the
 * request in flight, closes sockets and the database, and exits 0.
 */
describe('SIGTERM drains the server', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'qrmenu-sigterm-'));
  let server: ServerProcess | undefined;

  afterAll(() => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'a request in flight completes, new connections are refused, the process exits 0',
    { timeout: 180_000 },
    async () => {
      // LOG_LEVEL=info: the server logs each request as it arrives, so the test knows the request is in flight.
      server = await startServer({ port: await freePort(), dataDir, env: { LOG_LEVEL: 'info' } });
      const s = server;
      const email = uniqueEmail('drain');
      const body = JSON.stringify({
        user: { email, password: PASSWORD },
        restaurant: { name: 'Drain Test' },
        userProfileRequest: { name: 'Drain Owner', phone: null },
      });
      // The registration is in flight: headers and half of the body sent, the rest comes after SIGTERM.
      const half = Math.floor(body.length / 2);
      const req = request(`${s.url}/api/admin/eatery`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
        req.once('response', (res) => {
          let text = '';
          res.on('data', (b: Buffer) => (text += b.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        });
        req.once('error', reject);
      });
      req.write(body.slice(0, half));
      const arrived = () => s.output().includes('"url":"/api/admin/eatery"');
      await vi.waitFor(() => expect(arrived()).toBe(true), { timeout: 10_000, interval: 20 });

      s.child.kill('SIGTERM');
      // No longer accepting connections, and still running (the request is not finished).
      await vi.waitFor(() => expect(fetch(`${s.url}/api/health/live`)).rejects.toThrow(), {
        timeout: 10_000,
        interval: 20,
      });
      expect(s.child.exitCode).toBeNull();

      req.end(body.slice(half));
      const res = await response;
      expect(res.status, res.body).toBe(201);
      expect(await s.exited).toEqual({ code: 0, signal: null });
      expect(s.output()).not.toMatch(/"level":(50|60)/); // no error logged while draining

      // The registration was committed before the database closed: the owner can log in on a restarted server.
      server = await startServer({ port: await freePort(), dataDir });
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD, eateryId: null }),
      });
      expect(login.status).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });
    },
  );
});
