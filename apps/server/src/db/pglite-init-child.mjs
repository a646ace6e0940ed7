// Initialises a new PGlite data directory (PostgreSQL's initdb) and exits. Run by pglite-init.ts with bare node
// (no tsx, nothing of the server loaded) so that initdb's memory is given back to the system when it ends.
import { PGlite } from '@electric-sql/pglite';

const dir = process.argv[2];
if (!dir) throw new Error('usage: node pglite-init-child.mjs <empty directory>');
const client = await PGlite.create(dir);
await client.query('select 1');
await client.close();
