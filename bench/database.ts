/** What both benchmarks share: a fresh database for one run. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../apps/server/src/db/client';

/**
 * PGlite in a temporary directory, or with BENCH_DATABASE_URL a fresh database created on that
 * PostgreSQL server (pool of `pool` connections); `cleanup()` removes either.
 */
export async function openDatabase(
  pool: number,
): Promise<{ database: Database; label: string; cleanup(): Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    const dir = mkdtempSync(path.join(tmpdir(), 'quizcast-bench-'));
    const database = await openPglite(path.join(dir, 'pg'));
    return {
      database,
      label: 'PGlite (embedded, on disk)',
      cleanup: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `quizcast_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openPostgres(target.toString(), pool);
  return {
    database,
    label: `PostgreSQL (pool ${pool})`,
    cleanup: async () => {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
