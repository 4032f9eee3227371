import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { pgliteTemplate } from '../../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data directory (a tarball) each test file's database starts from; '' on PostgreSQL. */
    pgliteTemplate: string;
  }
}

/**
 * Once per run, before any test file: PGlite's initdb and every migration, kept as a tarball that
 * openTestDatabase loads (test/helpers.ts). Each file still gets its own database; it only skips
 * making it from nothing, about 4 s of CPU per file (issue 25). Not needed on PostgreSQL.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return () => {};
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'quizcast-pglite-template-'));
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, await pgliteTemplate());
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
