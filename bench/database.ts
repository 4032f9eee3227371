/** What both benchmarks share: a fresh database for one run. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPglite, openPostgres, type Database, type Db } from '../apps/server/src/db/client';
import { createScratchDatabase } from '../apps/server/src/db/scratch-database';
import { sessions } from '../apps/server/src/db/schema';
import { signSessionToken } from '../apps/server/src/modules/auth/session-token';

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

/**
 * A server-side session for one learner, as a login makes (ADR 015), and the access token that names
 * it: what a benchmark's load generator sends.
 */
export async function benchToken(
  db: Db,
  secret: string,
  user: { id: string; role: 'participant' | 'admin' },
  now: Date,
): Promise<string> {
  const [session] = await db
    .insert(sessions)
    .values({
      userId: user.id,
      createdAt: now,
      lastUsedAt: now,
      expiresAt: new Date(now.getTime() + 86_400_000),
    })
    .returning({ id: sessions.id });
  return signSessionToken(secret, { sub: user.id, role: user.role, sid: session!.id }, 1, now);
}
