// The entry of a guest page render worker. A worker thread does not get the loader its parent runs TypeScript with
// (tsx in development, vitest's transform in tests), so it loads render-worker.ts through tsx's API itself.
import { tsImport } from 'tsx/esm/api';

await tsImport('./render-worker.ts', import.meta.url);
