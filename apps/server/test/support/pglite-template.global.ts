import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPostgres, pgliteTemplate } from '../../src/db/client';
import { createScratchDatabase } from '../../src/db/scratch-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data directory (a tarball) each test file's database starts from; '' on PostgreSQL. */
    pgliteTemplate: string;
    /** On PostgreSQL: a migrated, empty database each test file's database is copied from (CREATE DATABASE … TEMPLATE); '' on PGlite. */
    postgresTemplate: string;
  }
}

/**
 * Once per run, before any test file: PGlite's initdb and every migration, kept as a tarball that
 * openTestDatabase loads (test/helpers.ts). Each file still gets its own database; it only skips
 * making it from nothing, about 4 s of CPU per file (issue 25).
 *
 * On PostgreSQL the same: one database migrated here, closed, and copied for each file (CREATE
 * DATABASE … TEMPLATE, about 0.6 s) instead of each file creating one and running every migration
 * (about 2.7 s; measured on the 2-core machine, the gate issue). Dropped when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void> | void> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = await createScratchDatabase(
      serverUrl,
      `${process.env.TEST_DATABASE_PREFIX ?? 'quizcast_test'}_template`,
    );
    const database = await openPostgres(template.url, 1);
    try {
      await database.migrate();
    } finally {
      // Closed before any copy: CREATE DATABASE … TEMPLATE refuses a template with open connections.
      await database.close();
    }
    project.provide('pgliteTemplate', '');
    project.provide('postgresTemplate', new URL(template.url).pathname.slice(1));
    return () => template.drop();
  }
  project.provide('postgresTemplate', '');
  const dir = mkdtempSync(path.join(tmpdir(), 'quizcast-pglite-template-'));
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, await pgliteTemplate());
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
