// `npm start` (and `npm run demo`, `npm run print-agent`, `npm run db:backup`/`db:restore`): runs a program of the
// compiled server, after building it when a source changed since the last build (scripts/build.mjs). A start with a
// current build only hashes the sources (well under a second) before the server itself starts.
//
//   node scripts/start.mjs [program]   program: a path under apps/server/dist without .js; default src/main
//
// The program runs in this process (no child): signals reach the server itself, so a stop drains it (serve.ts).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_DIST, buildAll, isBuildCurrent } from './build.mjs';

const program = process.argv[2] ?? 'src/main';
// The program sees its own arguments where it would under `node program.js ...`.
process.argv.splice(2, 1);

if (!isBuildCurrent()) {
  console.log('start: the build is missing or older than the sources: building (once)');
  await buildAll();
}
// Stack traces point into the TypeScript sources (the compiled files carry source maps).
process.setSourceMapsEnabled(true);
await import(pathToFileURL(join(SERVER_DIST, `${program}.js`)).href);
