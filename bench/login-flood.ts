/**
 * Login flood benchmark: how much a flood of password checks slows the rest of the server. Production argon2 cost,
 * production hash bound (PASSWORD_HASH_CONCURRENCY, default 2), rate limits off (so that only the hash bound
 * stands between the flood and the CPU), embedded database.
 *
 * Usage: npx tsx bench/login-flood.ts [--parallel 32] [--probes 1000]
 *
 * Measures GET /api/health/live (sequential, HTTP on loopback, one keep-alive connection) `probes` times alone,
 * then again while `parallel` clients post logins with different e-mails and wrong passwords as fast as they are
 * answered. Prints p50/p99/max of both, their ratio, how the flood was answered (401 after a hash, 429 at once) and
 * how long one real login with the right password took during the flood. Budget: p99 of /api/health/live under
 * 20 ms during the flood. Exit code 1 when over budget.
 */
import { parseArgs } from 'node:util';
import { benchConfig, machine, ms, percentile, verdict } from './common.js';

const { values: args } = parseArgs({
  options: {
    parallel: { type: 'string', default: '32' },
    probes: { type: 'string', default: '1000' },
  },
});

const BUDGET_P99_MS = 20;
const PASSWORD = 'correct-horse-battery-9';

async function main() {
  const parallel = Number(args.parallel);
  const probes = Number(args.probes);
  const { buildApp } = await import('../apps/server/src/app.js');
  const { openDatabase } = await import('../apps/server/src/db/client.js');
  const { users } = await import('../apps/server/src/db/schema.js');
  const { hashPassword } = await import('../apps/server/src/modules/auth/passwords.js');
  const { Pool } = await import('undici');

  const database = await openDatabase({ inMemory: true });
  // Production cost and hash bound: benchConfig leaves passwordHashCost and passwordHashConcurrency unset.
  const app = await buildApp(benchConfig(), database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const email = 'flood.owner@example.com';
  await app.db.insert(users).values({ email, passwordHash: await hashPassword(PASSWORD), name: 'Owner' });

  const probePool = new Pool(origin, { connections: 1 });
  const floodPool = new Pool(origin, { connections: parallel });
  const login = async (address: string, password: string) => {
    const res = await floodPool.request({
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: address, password, eateryId: null }),
    });
    await res.body.dump();
    return res.statusCode;
  };

  async function probeLive(): Promise<number[]> {
    const times: number[] = [];
    for (let i = 0; i < probes; i++) {
      const start = performance.now();
      const res = await probePool.request({ method: 'GET', path: '/api/health/live' });
      await res.body.dump();
      times.push(performance.now() - start);
    }
    return times.sort((a, b) => a - b);
  }

  await probeLive(); // warm-up
  const alone = await probeLive();

  let flooding = true;
  const answers = new Map<number, number>();
  const clients = Array.from({ length: parallel }, async (_, c) => {
    for (let i = 0; flooding; i++) {
      const status = await login(`flood.${c}.${i}@example.com`, 'wrong-password-1');
      answers.set(status, (answers.get(status) ?? 0) + 1);
    }
  });
  const realStart = performance.now();
  let realStatus: number;
  // One real login among the flood, retried on 429 as the web app's user would (Retry-After: 1 s).
  for (;;) {
    realStatus = await login(email, PASSWORD);
    if (realStatus !== 429) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  const realMs = performance.now() - realStart;
  const flooded = await probeLive();
  flooding = false;
  await Promise.all(clients);

  const line = (what: string, t: number[]) =>
    console.log(`${what}: p50 ${ms(percentile(t, 50))}, p99 ${ms(percentile(t, 99))}, max ${ms(t[t.length - 1])}`);
  console.log(`login flood, ${new Date().toISOString()}, ${machine()}`);
  line(`/api/health/live alone (${probes})`, alone);
  line(`/api/health/live during a ${parallel}-way login flood (${probes})`, flooded);
  console.log(`p99 ratio flood / alone: ${(percentile(flooded, 99) / percentile(alone, 99)).toFixed(2)}`);
  console.log(
    `flood answers: ${[...answers]
      .sort()
      .map(([s, n]) => `${n} × ${s}`)
      .join(', ')}`,
  );
  console.log(`one real login during the flood: ${realStatus} after ${ms(realMs)} (429s retried after 1 s)`);
  const pass = verdict(
    '/api/health/live p99 during the flood',
    ms(percentile(flooded, 99)),
    `< ${BUDGET_P99_MS} ms`,
    percentile(flooded, 99) < BUDGET_P99_MS,
  );

  await probePool.close();
  await floodPool.close();
  await app.close();
  await database.close();
  process.exit(pass ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  process.exit(2);
});
