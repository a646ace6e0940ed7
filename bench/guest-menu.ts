/**
 * Guest menu API benchmark: requests per second of
 *   GET /api/client/eatery/{id}/table/{tableId}/menu        (the real route: cache lookup, ETag, pre-serialized bytes)
 * against
 *   GET /bench/raw                                          (a route on the same app returning the same bytes from a
 *                                                            variable, with the same headers)
 * Budget: menu >= 0.8 x raw. Also reports the 304 (If-None-Match) path.
 *
 * Usage: npx tsx bench/guest-menu.ts [--seconds 10] [--slice 0.5] [--connections 32] [--dishes 200]
 * DATABASE_URL set: PostgreSQL (a throwaway database is NOT created: use an empty database); unset: in-memory PGlite.
 *
 * The server runs in a child process (forked with the same tsx loader) so that the load generator (undici Pool
 * with keep-alive, N connections, one request in flight per connection) does not share its event loop. The targets
 * are measured in short alternating slices after a warm-up (so that load from other processes hits them alike);
 * the ratio is taken from the totals. Exit code 1 when the ratio is below the budget.
 */
import { fork } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    server: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '10' },
    slice: { type: 'string', default: '0.5' },
    connections: { type: 'string', default: '32' },
    dishes: { type: 'string', default: '200' },
  },
});

/** The demo's placeholder photos, kept in the repository. */
const FIXTURE_IMAGES = fileURLToPath(new URL('../apps/server/src/demo/fixtures/images/', import.meta.url));

interface Ready {
  port: number;
  menuPath: string;
  bytes: number;
  etag: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Server side (child process)
// ---------------------------------------------------------------------------------------------------------------

async function server() {
  const { buildApp } = await import('../apps/server/src/app.js');
  const { openDatabase } = await import('../apps/server/src/db/client.js');
  const schema = await import('../apps/server/src/db/schema.js');

  const database = await openDatabase(
    process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { inMemory: true },
  );
  const app = await buildApp(
    {
      env: 'production',
      port: 0,
      host: '127.0.0.1',
      dataDir: '/nonexistent',
      jwtSecret: 'bench-secret-bench-secret-bench-secret-0123',
      rateLimits: false,
      logLevel: 'silent',
      webDist: '/nonexistent',
      accessTokenTtlSeconds: 900,
      refreshTokenTtlDays: 30,
    },
    database,
  );

  // The comparison route: same app (same hooks: helmet headers, access check, ...), same bytes, from memory.
  let raw = Buffer.alloc(0);
  let rawEtag = '';
  app.get('/bench/raw', { config: { access: 'public' } }, (_request, reply) =>
    reply.header('cache-control', 'no-cache').header('etag', rawEtag).type('application/json; charset=utf-8').send(raw),
  );
  await app.ready();

  // A restaurant with `dishes` dishes in 10 categories, every one with a photo, names and descriptions in 3 languages.
  const db = app.db;
  const [user] = await db
    .insert(schema.users)
    .values({ email: `bench.${Date.now()}@example.com`, passwordHash: 'x', name: 'Bench' })
    .returning({ id: schema.users.id });
  const [eatery] = await db
    .insert(schema.eateries)
    .values({ name: 'Bench Restaurant', address: 'Baku', ownerId: user.id })
    .returning({ id: schema.eateries.id });
  const imageIds: number[] = [];
  for (const file of readdirSync(FIXTURE_IMAGES)
    .filter((f) => f.endsWith('.webp'))
    .slice(0, 40)) {
    const bytes = readFileSync(FIXTURE_IMAGES + file);
    const [img] = await db
      .insert(schema.images)
      .values({ sha256: createHash('sha256').update(bytes).digest('hex'), bytes, width: 800, height: 600 })
      .onConflictDoNothing()
      .returning({ id: schema.images.id });
    if (img) imageIds.push(img.id);
  }
  const categoryIds: number[] = [];
  for (let c = 0; c < 10; c++) {
    const [cat] = await db
      .insert(schema.categories)
      .values({
        eateryId: eatery.id,
        nameAz: `Kateqoriya ${c}`,
        nameEn: `Category ${c}`,
        nameRu: `Категория ${c}`,
        imageId: imageIds[c % imageIds.length] ?? null,
        position: c,
      })
      .returning({ id: schema.categories.id });
    categoryIds.push(cat.id);
  }
  const total = Number(args.dishes);
  await db.insert(schema.dishes).values(
    Array.from({ length: total }, (_, i) => ({
      eateryId: eatery.id,
      categoryId: categoryIds[i % categoryIds.length],
      nameAz: `Yemək nömrə ${i}`,
      nameEn: `Dish number ${i}`,
      nameRu: `Блюдо номер ${i}`,
      descriptionAz: `Təzə tərəvəz, ədviyyat və sevgi ilə hazırlanmış dadlı yemək ${i}.`,
      descriptionEn: `A tasty dish made with fresh vegetables, spices and love, number ${i}.`,
      descriptionRu: `Вкусное блюдо из свежих овощей и специй, приготовленное с любовью, номер ${i}.`,
      price: ((i % 40) + 1.5).toFixed(2),
      imageId: imageIds[i % imageIds.length] ?? null,
      position: i,
    })),
  );
  const [table] = await db
    .insert(schema.tables)
    .values({ eateryId: eatery.id, number: '12' })
    .returning({ id: schema.tables.id });

  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const menuPath = `/api/client/eatery/${eatery.id}/table/${table.id}/menu`;
  const first = await fetch(`http://127.0.0.1:${port}${menuPath}`);
  raw = Buffer.from(await first.arrayBuffer());
  rawEtag = first.headers.get('etag') ?? '';
  if (first.status !== 200) throw new Error(`menu answered ${first.status}`);
  const ready: Ready = { port, menuPath, bytes: raw.length, etag: rawEtag };
  process.send!(ready);
  process.on('message', async (msg) => {
    if (msg === 'stop') {
      await app.close();
      await database.close();
      process.exit(0);
    }
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Load generator (parent process)
// ---------------------------------------------------------------------------------------------------------------

interface Result {
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
}

async function load(
  pool: import('undici').Pool,
  path: string,
  seconds: number,
  connections: number,
  headers: Record<string, string> = {},
  expectStatus = 200,
): Promise<Result> {
  let requests = 0;
  let errors = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      try {
        const res = await pool.request({ path, method: 'GET', headers });
        await res.body.arrayBuffer();
        if (res.statusCode === expectStatus) requests++;
        else if (errors++ === 0) console.log(`  ${path}: unexpected status ${res.statusCode}`);
      } catch (err) {
        if (errors++ === 0) console.log(`  ${path}: ${String(err)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (performance.now() - start) / 1000;
  return { requests, errors, seconds: elapsed, rps: requests / elapsed };
}

async function main() {
  const { Pool } = await import('undici');
  const seconds = Number(args.seconds);
  const slice = Number(args.slice);
  const connections = Number(args.connections);
  const slices = Math.max(1, Math.round(seconds / slice));

  const child = fork(fileURLToPath(import.meta.url), ['--server', '--dishes', String(args.dishes)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const pool = new Pool(`http://127.0.0.1:${ready.port}`, { connections, pipelining: 1 });

  console.log(
    `guest menu benchmark: ${args.dishes} dishes, ${(ready.bytes / 1024).toFixed(1)} KB JSON, ` +
      `${connections} connections, ${slices} x ${slice} s per target (interleaved), ` +
      `${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, node ${process.version}, load average ` +
      `${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  // Warm-up (JIT, connections, the cache).
  await load(pool, '/bench/raw', 1, connections);
  await load(pool, ready.menuPath, 1, connections);

  // Short slices, alternating, so that load from other processes hits every target alike.
  const targets = {
    raw: { path: '/bench/raw', headers: {}, status: 200 },
    menu: { path: ready.menuPath, headers: {}, status: 200 },
    'menu 304': { path: ready.menuPath, headers: { 'if-none-match': ready.etag }, status: 304 },
  } as const;
  type Target = keyof typeof targets;
  const totals = Object.fromEntries(
    Object.keys(targets).map((k) => [k, { requests: 0, seconds: 0, errors: 0 }]),
  ) as Record<Target, { requests: number; seconds: number; errors: number }>;
  const sliceRatios: number[] = [];
  for (let i = 0; i < slices; i++) {
    const rps: Partial<Record<Target, number>> = {};
    for (const name of Object.keys(targets) as Target[]) {
      const t = targets[name];
      const r = await load(pool, t.path, slice, connections, t.headers, t.status);
      totals[name].requests += r.requests;
      totals[name].seconds += r.seconds;
      totals[name].errors += r.errors;
      rps[name] = r.rps;
    }
    sliceRatios.push(rps.menu! / rps.raw!);
  }
  const rate = (k: Target) => totals[k].requests / totals[k].seconds;
  for (const k of Object.keys(targets) as Target[]) {
    const errors = totals[k].errors ? `, ${totals[k].errors} errors` : '';
    console.log(`${k.padEnd(9)} ${rate(k).toFixed(0).padStart(7)} req/s (${totals[k].requests} requests${errors})`);
  }
  const ratio = rate('menu') / rate('raw');
  sliceRatios.sort((a, b) => a - b);
  const median = sliceRatios[Math.floor(sliceRatios.length / 2)];
  console.log(
    `menu / raw = ${ratio.toFixed(3)} (median of slices ${median.toFixed(3)}, budget >= 0.8): ` +
      (ratio >= 0.8 ? 'OK' : 'BELOW BUDGET'),
  );

  await pool.close();
  child.send('stop');
  await new Promise((r) => child.once('exit', r));
  process.exitCode = ratio >= 0.8 ? 0 : 1;
}

if (args.server) await server();
else await main();
