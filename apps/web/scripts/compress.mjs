// Writes .br and .gz copies of the built text assets; the server sends them to browsers that accept them
// (@fastify/static preCompressed), so a phone on slow data downloads a fraction of the bytes.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = new URL('../dist', import.meta.url).pathname;
const TEXT = /\.(js|css|html|svg|json|txt)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (TEXT.test(name)) yield path;
  }
}

let before = 0;
let after = 0;
for (const path of files(dist)) {
  const data = readFileSync(path);
  if (data.length < 1024) continue;
  const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
  before += data.length;
  after += br.length;
}
console.log(`compressed ${(before / 1024).toFixed(0)} KB of assets to ${(after / 1024).toFixed(0)} KB (brotli)`);
