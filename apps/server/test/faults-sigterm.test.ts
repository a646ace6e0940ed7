import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request, type ClientRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { freePort, startServer, type ServerProcess } from '../scripts/lib/server-process.js';
import { seed, type Shop } from '../scripts/lib/shop.js';
import { PASSWORD, TEST_DATABASE_URL, createPostgresDatabase, uniqueEmail } from './helper.js';

/**
 * SIGTERM stops the real server (main.ts in a child process) cleanly: readiness answers 503, it stops accepting
 * connections, answers every request sent before the signal (orders waiting on the database too), closes the
 * sockets and the database, and exits 0. A drain longer than the grace period exits 1 and says how many requests
 * it cut.
 *
 * On the embedded database the orders matter most: its queries hold the event loop, so many of the connections
 * sent before the signal still wait in the kernel's listen queue, and closing the listener at once reset them.
 */

/** Guest orders in flight when SIGTERM arrives. */
const ORDERS = 150;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Sends a request over `agent`; resolves once every byte of it is written, with the answer still to come. */
function send(url: string, init: { method: string; headers: Record<string, string>; body: string }, agent: Agent) {
  const req = request(url, {
    method: init.method,
    agent,
    headers: { ...init.headers, 'content-length': String(Buffer.byteLength(init.body)) },
  });
  const answer = answerOf(req);
  answer.catch(() => {}); // awaited by the test; not an unhandled rejection should an assertion fail first
  return new Promise<{ answer: Promise<Answer> }>((resolve) => req.end(init.body, () => resolve({ answer })));
}

function answerOf(req: ClientRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    req.once('response', (res) => {
      let body = '';
      res.on('data', (b: Buffer) => (body += b.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.once('error', reject);
  });
}

function placeOrder(server: ServerProcess, shop: Shop, agent: Agent) {
  return send(
    `${server.url}/api/client/eatery/${shop.eateryId}/table/${shop.tableId}/orders`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `device_id=${randomBytes(16).toString('base64url')}`,
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({ items: [{ dishId: shop.dishId, quantity: 1, note: null }] }),
    },
    agent,
  );
}

/**
 * A registration in flight: its headers and half of its body are sent and the server has received them; it is
 * answered once `finish` sends the rest. The server logs each request as it arrives (LOG_LEVEL=info).
 */
async function heldRegistration(server: ServerProcess) {
  const email = uniqueEmail('drain');
  const body = JSON.stringify({
    user: { email, password: PASSWORD },
    restaurant: { name: 'Drain Test' },
    userProfileRequest: { name: 'Drain Owner', phone: null },
  });
  const arrivals = () => server.output().split('"url":"/api/admin/eatery"').length - 1;
  const before = arrivals();
  const req = request(`${server.url}/api/admin/eatery`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = answerOf(req);
  answer.catch(() => {}); // a drain that gives up cuts it (asserted where it matters)
  const half = Math.floor(body.length / 2);
  req.write(body.slice(0, half));
  await vi.waitFor(() => expect(arrivals()).toBe(before + 1), { timeout: 10_000, interval: 20 });
  return { email, answer, finish: () => req.end(body.slice(half)) };
}

/**
 * A readiness probe on a connection of its own, its headers not finished yet: the server has the connection, and
 * receives the request when `finish` completes it. Resolves with the raw answer (the server closes the connection).
 */
function unfinishedReadiness(server: ServerProcess) {
  const socket = connect(server.port, '127.0.0.1');
  socket.write(`GET /api/health/ready HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n`);
  const answer = new Promise<string>((resolve, reject) => {
    let text = '';
    socket.on('data', (b: Buffer) => (text += b.toString()));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
  return { answer, finish: () => socket.write('\r\n') };
}

const noErrorLogged = (server: ServerProcess) => expect(server.output()).not.toMatch(/"level":(50|60)/);

/**
 * One stop under load: 150 orders and a registration in flight, and a readiness probe that arrives during the
 * drain. Returns the e-mail registered, for a check after a restart. `ordersOutlastTheSignal`: the database is
 * slow enough that some orders are still unanswered when the signal arrives (the embedded one, which runs one
 * query at a time).
 */
async function drainUnderLoad(server: ServerProcess, opts: { ordersOutlastTheSignal: boolean }): Promise<string> {
  const shop = await seed(server.url);
  const registration = await heldRegistration(server);
  const readiness = unfinishedReadiness(server);
  const agent = new Agent({ keepAlive: true, maxSockets: ORDERS });
  const sent = await Promise.all(Array.from({ length: ORDERS }, () => placeOrder(server, shop, agent)));
  server.child.kill('SIGTERM');
  // No longer accepting connections, and still running: the registration is not finished.
  await vi.waitFor(() => expect(fetch(`${server.url}/api/health/live`)).rejects.toThrow(), {
    timeout: 10_000,
    interval: 20,
  });
  readiness.finish();
  const ready = await readiness.answer;
  expect(ready).toMatch(/^HTTP\/1\.1 503 /);
  expect(ready).toMatch(/\r\nconnection: close\r\n/i);
  expect(ready).toContain('"status":"draining"');

  // Every order sent before the signal is answered and stored. An answer given during the drain closes its
  // connection, so the client sends nothing more on it.
  const answers = await Promise.all(sent.map((s) => s.answer));
  expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
  const answeredDuringDrain = answers.filter((a) => a.headers.connection === 'close').length;
  if (opts.ordersOutlastTheSignal) expect(answeredDuringDrain).toBeGreaterThan(0);
  expect(server.child.exitCode).toBeNull();

  registration.finish();
  const res = await registration.answer;
  expect(res.status, res.body).toBe(201);
  expect(await server.exited).toEqual({ code: 0, signal: null });
  noErrorLogged(server);
  agent.destroy();
  return registration.email;
}

async function logIn(server: ServerProcess, email: string) {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, eateryId: null }),
  });
  return res.status;
}

describe('SIGTERM drains the server', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'qrmenu-sigterm-'));
  const servers: ServerProcess[] = [];
  const drops: (() => Promise<void>)[] = [];
  const start = async (env: Record<string, string>, databaseUrl?: string) => {
    const server = await startServer({ port: await freePort(), dataDir, databaseUrl, env });
    servers.push(server);
    return server;
  };

  afterAll(async () => {
    for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exited));
    for (const drop of drops) await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'embedded database: every request sent before SIGTERM is answered, the process exits 0',
    { timeout: 180_000 },
    async () => {
      const email = await drainUnderLoad(await start({ LOG_LEVEL: 'info' }), { ordersOutlastTheSignal: true });

      // A drain longer than the grace period (a request that never finishes) exits 1 and names what it cut. The
      // server restarts on the same data: the registration was committed before the database closed.
      const server = await start({ LOG_LEVEL: 'info', SHUTDOWN_GRACE_SECONDS: '1' });
      expect(await logIn(server, email)).toBe(200);
      const registration = await heldRegistration(server);
      server.child.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 1, signal: null });
      expect(server.output()).toContain('drain did not finish within 1 s: exiting (1 request cut)');
      await expect(registration.answer).rejects.toThrow();
    },
  );

  it.skipIf(!TEST_DATABASE_URL)(
    'PostgreSQL: every request sent before SIGTERM is answered, the process exits 0',
    { timeout: 180_000 },
    async () => {
      const created = await createPostgresDatabase();
      drops.push(created.drop);
      const email = await drainUnderLoad(await start({ LOG_LEVEL: 'info' }, created.url), {
        ordersOutlastTheSignal: false,
      });
      const server = await start({}, created.url);
      expect(await logIn(server, email)).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });
    },
  );
});
