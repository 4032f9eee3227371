import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../src/lib/server-root';

/**
 * The API suite runs twice, on PGlite and on PostgreSQL; the unit tests beside the source
 * (apps/server/src/**\/*.test.ts) run only in the PGlite run (vitest.config.ts), because they open no
 * database. This keeps that true: a test there that opens one must be a `*.parity.test.ts` (run on
 * both) or move to apps/server/test, or it would silently never run on PostgreSQL.
 */
const OPENS_A_DATABASE = /test\/helpers|test\/support|openPglite|openPostgres|TEST_DATABASE_URL/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(file);
    return entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

describe('unit tests beside the source', () => {
  it('open no database unless they are parity tests (those run on both databases)', () => {
    const units = testFiles(path.join(SERVER_ROOT, 'src'));
    expect(units.length).toBeGreaterThan(20);
    const opening = units
      .filter((file) => !file.endsWith('.parity.test.ts'))
      .filter((file) => OPENS_A_DATABASE.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(SERVER_ROOT, file));
    expect(opening).toEqual([]);
  });
});
