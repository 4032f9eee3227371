import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkpointIfDue } from '../src/db/pglite-checkpoint';
import { rawRows } from '../src/db/raw-rows';
import { buildTestApp, testDatabaseKind, type TestApp } from './helpers';

/** Issue 16 (pglite5's finding): PGlite's single-user PostgreSQL never checkpoints while open. */
describe(`the embedded database's checkpoints (${testDatabaseKind})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });

  afterAll(async () => {
    await t?.close();
  });

  const walSinceCheckpoint = async () =>
    Number(
      rawRows<{ since: string }>(
        await t.db.execute(
          sql`select pg_current_wal_lsn() - (select redo_lsn from pg_control_checkpoint()) as since`,
        ),
      )[0]!.since,
    );

  it('the sweeper checkpoints PGlite (only PGlite) once enough WAL was written, and not before', async () => {
    expect(t.app.sweeper.order().includes('pglite-checkpoint')).toBe(testDatabaseKind === 'pglite');
    await t.db.execute(sql`create table wal_filler (t text)`);
    await t.db.execute(sql`insert into wal_filler select repeat('x', 1000) from generate_series(1, 3000)`);
    const before = await walSinceCheckpoint();
    expect(before).toBeGreaterThan(3_000_000);

    expect(await checkpointIfDue(t.db, before * 2)).toBe(false); // under the limit: nothing
    expect(await walSinceCheckpoint()).toBeGreaterThanOrEqual(before);
    expect(await checkpointIfDue(t.db, 1_000_000)).toBe(true);
    expect(await walSinceCheckpoint()).toBeLessThan(before / 10);
  });
});
