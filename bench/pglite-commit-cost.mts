// What one PGlite statement costs, durable (ADR 015: an fsync per commit) or not (PGLITE_FSYNC=false):
//   npx tsx bench/pglite-commit-cost.mts            # durable, as the app runs by default
//   DURABLE=false npx tsx bench/pglite-commit-cost.mts
// 200 single-row inserts (each its own commit) and 200 primary-key reads, one at a time, and the
// fsync calls they made (counted by wrapping fs.fsyncSync, which DurableNodeFS calls).
import { mkdtempSync, rmSync } from 'node:fs';
import { fsyncs } from './fsync-counter.mts';
import { tmpdir } from 'node:os';
import path from 'node:path';

const { openPglite } = await import('../apps/server/src/db/client');
const { sql } = await import('drizzle-orm');

const dir = mkdtempSync(path.join(tmpdir(), 'pglite-commit-cost-'));
const db = await openPglite(path.join(dir, 'pg'), { durable: process.env.DURABLE !== 'false' });
try {
  await db.db.execute(sql`create table t (id int primary key, v jsonb)`);
  for (let i = 0; i < 5; i++) await db.db.execute(sql`insert into t values (${i}, '[]')`);
  fsyncs.reset();
  let t0 = performance.now();
  for (let i = 5; i < 205; i++) await db.db.execute(sql`insert into t values (${i}, '[]')`);
  console.log(
    `insert: ${((performance.now() - t0) / 200).toFixed(2)} ms each, ${fsyncs.count / 200} fsync each`,
  );
  fsyncs.reset();
  t0 = performance.now();
  for (let i = 0; i < 200; i++) await db.db.execute(sql`select * from t where id = ${i}`);
  console.log(
    `select: ${((performance.now() - t0) / 200).toFixed(2)} ms each, ${fsyncs.count / 200} fsync each`,
  );
} finally {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
}
