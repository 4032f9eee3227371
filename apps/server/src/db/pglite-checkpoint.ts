import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { rawRows } from './raw-rows';

/**
 * PGlite runs PostgreSQL in single-user mode, where nothing ever starts a checkpoint while the
 * database is open (PostgreSQL's own trigger at `max_wal_size` only runs under a postmaster): the
 * write-ahead log would grow by every write since start-up (~16 MB per 2,000-learner herd), and a
 * restart after a crash would replay all of it. The sweeper calls this: once this much WAL has been
 * written since the last checkpoint, it checkpoints, and the old segments are recycled.
 */
export const PGLITE_CHECKPOINT_WAL_BYTES = 64 * 1024 * 1024;

/** Checkpoints when over `limitBytes` of WAL were written since the last one; true if it did. */
export async function checkpointIfDue(db: Db, limitBytes = PGLITE_CHECKPOINT_WAL_BYTES): Promise<boolean> {
  const [row] = rawRows<{ since: string | number }>(
    await db.execute(
      sql`select pg_current_wal_lsn() - (select redo_lsn from pg_control_checkpoint()) as since`,
    ),
  );
  if (Number(row?.since ?? 0) < limitBytes) return false;
  await db.execute(sql`checkpoint`);
  return true;
}
