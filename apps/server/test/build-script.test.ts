import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildEnv, inputsHash, isBuildCurrent } from '../../../scripts/build.mjs';

/** The build's freshness check (scripts/build.mjs), which lets `npm start` reuse a build, on a checkout of a few files. */

let root: string;
const put = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'qr-build-'));
  put('package-lock.json', '{}');
  put('apps/server/src/main.ts', 'console.log(1);');
  put('apps/server/src/main.test.ts', 'test');
  put('apps/web/src/app.tsx', 'export {};');
  put('packages/contract/src/index.ts', 'export {};');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A finished build: the web app's index.html and the stamp naming the inputs as they are now. */
function stampBuild() {
  put('apps/web/dist/index.html', '<!doctype html>');
  put('apps/server/dist/build-stamp.json', JSON.stringify({ inputs: inputsHash(root) }));
}

describe('build freshness', () => {
  it('a build stays current until a source changes', () => {
    expect(isBuildCurrent(root)).toBe(false);
    stampBuild();
    expect(isBuildCurrent(root)).toBe(true);
    put('apps/web/src/app.tsx', 'export const changed = 1;');
    expect(isBuildCurrent(root)).toBe(false);
  });

  it('a new source file, a contract change and the lock file make it stale; tests and outputs do not', () => {
    stampBuild();
    put('apps/server/src/main.test.ts', 'another test');
    put('apps/server/dist/src/main.js', 'compiled');
    put('apps/web/src/node_modules/x/index.js', 'x');
    expect(isBuildCurrent(root)).toBe(true);
    for (const [path, text] of [
      ['apps/server/src/new-module.ts', 'export {};'],
      ['packages/contract/src/index.ts', 'export const x = 1;'],
      ['package-lock.json', '{"lockfileVersion":3}'],
    ]) {
      const before = inputsHash(root);
      put(path, text);
      expect(inputsHash(root), path).not.toBe(before);
    }
  });

  it('a VITE_ variable is an input (the web build writes it into the bundle); other variables are not', () => {
    const plain = inputsHash(root, {});
    expect(inputsHash(root, { PORT: '4000' })).toBe(plain);
    expect(inputsHash(root, { VITE_CONTACT_EMAIL: 'a@b.az' })).not.toBe(plain);
  });

  it('a build without its web app or with an unreadable stamp is not current', () => {
    stampBuild();
    rmSync(join(root, 'apps/web/dist'), { recursive: true });
    expect(isBuildCurrent(root)).toBe(false);
    stampBuild();
    put('apps/server/dist/build-stamp.json', '{not json');
    expect(isBuildCurrent(root)).toBe(false);
  });

  it('builds production React whatever NODE_ENV says', () => {
    expect(buildEnv({ NODE_ENV: 'development', PATH: '/bin' })).toEqual({ NODE_ENV: 'production', PATH: '/bin' });
    expect(buildEnv({}).NODE_ENV).toBe('production');
  });
});
