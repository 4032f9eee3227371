/** What both benchmarks share: a fresh database for one run. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPglite, openPostgres, type Database } from '../apps/server/src/db/client';
import { createScratchDatabase } from '../apps/server/src/db/scratch-database';

/**
 * PGlite in a temporary directory, or with BENCH_DATABASE_URL a fresh database created on that
 * PostgreSQL server (pool of `pool` connections); `cleanup()` removes either.
 */
export async function openDatabase(pool: number): Promise<{
  database: Database;
  label: string;
  /** What a separate app process needs to open the same database (after this one is closed, for PGlite). */
  appEnv: Record<string, string>;
  cleanup(): Promise<void>;
}> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    const dir = mkdtempSync(path.join(tmpdir(), 'quizcast-bench-'));
    const database = await openPglite(path.join(dir, 'pg'));
    return {
      database,
      label: 'PGlite (embedded, on disk)',
      appEnv: { DATA_DIR: dir },
      cleanup: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const scratch = await createScratchDatabase(url, 'quizcast_bench');
  const database = await openPostgres(scratch.url, pool);
  return {
    database,
    label: `PostgreSQL (pool ${pool})`,
    appEnv: { DATABASE_URL: scratch.url },
    cleanup: scratch.drop,
  };
}
