/**
 * `npm run demo`: the app with a demo restaurant. Opens the database (DATA_DIR, default ./data, or
 * DATABASE_URL), runs the migrations, seeds the demo once (see demo/seed.ts; a second run reuses it), starts
 * the server like main.ts and prints the addresses and logins.
 */
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.js';
import { databaseLabel, openDatabaseForServing, serve } from './serve.js';
import { DEMO_OWNER, DEMO_PASSWORD, DEMO_STAFF, seedDemo } from './demo/seed.js';

/** The demo's menus and placeholder photos, kept in the repository beside the seed. */
const fixturesDir = fileURLToPath(new URL('./demo/fixtures/', import.meta.url));

const config = loadConfig();
const database = await openDatabaseForServing(config);
const seeded = await seedDemo({
  db: database.db,
  config,
  fixturesDir,
  log: (message) => console.log(message),
});

await serve(config, database);

const base = config.publicUrl ?? `http://localhost:${config.port}`;
const pad = (s: string) => s.padEnd(20);
const lines = [
  '',
  `QR Menu demo is running on ${base} (${databaseLabel(config, database)})`,
  '',
  `  Admin login:     ${base}/admin/login`,
  `  Orders screen:   ${base}/admin/orders`,
  `  Kitchen display: ${base}/admin/kitchen`,
  `  Floor view:      ${base}/admin/floor`,
  `  Reports:         ${base}/admin/reports`,
  `  Table 1 QR link: ${base}/client/eatery/${seeded.eateryId}/table/${seeded.tableId}/add/false/menu`,
  `  Landing page:    ${base}/landing`,
  '',
  `  Logins (password for all: ${DEMO_PASSWORD}):`,
  `    ${pad(DEMO_OWNER.email)} owner, ${DEMO_OWNER.roles.join(', ')} (PIN ${DEMO_OWNER.pin})`,
  ...DEMO_STAFF.map((s) => `    ${pad(s.email)} ${s.roles.join(', ')} (PIN ${s.pin})`),
  '',
  'Press Ctrl+C to stop. Running it again keeps the data; an empty DATA_DIR (or database) starts over.',
  '',
];
console.log(lines.join('\n'));
