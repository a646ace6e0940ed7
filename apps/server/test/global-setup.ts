import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPgliteTemplate, createPostgresTemplate } from './template-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The dump of the migrated PGlite template (embedded runs). */
    pgliteTemplateFile?: string;
    /** The migrated template database on the TEST_DATABASE_URL server (PostgreSQL runs). */
    postgresTemplate?: string;
  }
}

/**
 * Once per vitest run, before any server test file: one migrated database that every file copies (template-database.ts),
 * on the server of TEST_DATABASE_URL when it is set, else an embedded PGlite. Removed again after the run.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = await createPostgresTemplate(serverUrl);
    project.provide('postgresTemplate', template.name);
    return () => template.drop();
  }
  const dir = await mkdtemp(join(tmpdir(), 'qrmenu-template-'));
  project.provide('pgliteTemplateFile', await createPgliteTemplate(dir));
  return () => rm(dir, { recursive: true, force: true });
}
