import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../src/db/client';
import { rawRows } from '../src/db/raw-rows';
import { createScratchDatabase } from '../src/db/scratch-database';
import { ReviewQueueRepository } from '../src/modules/review/review-queue.repository';

// Issue 31: PostgreSQL re-planned the queue's read at every execution (its custom plans looked
// cheaper than the generic one), which cost three times executing it. The read runs on the
// connections that plan a prepared statement once. *.postgres.test.ts: only with TEST_DATABASE_URL.
describe('the review queue read on PostgreSQL', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let scratchUrl: string;

  beforeAll(async () => {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'quizcast_queue_plans');
    drop = scratch.drop;
    scratchUrl = scratch.url;
    database = await openPostgres(scratch.url, 4);
    await database.migrate();
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('is planned once per connection, never again at each execution', async () => {
    const repo = new ReviewQueueRepository(database.genericPlans);
    const now = new Date('2026-11-28T10:00:00Z');
    const times = { now, dayStart: now, dayEnd: new Date(now.getTime() + 86_400_000), until: now };
    // Sequential reads reuse one idle connection; by default PostgreSQL would plan the first five
    // executions each on their own (custom plans) and keep doing so.
    for (let i = 0; i < 7; i++) {
      const read = await repo.queueRead(randomUUID(), times, 50, { dailyNewLimit: 20, dailyReviewCap: 200 });
      expect(read.seen).toEqual([]);
    }
    const plans = rawRows<{ generic_plans: string; custom_plans: string }>(
      await database.genericPlans.execute(
        sql`select generic_plans, custom_plans from pg_prepared_statements where name = 'review_queue'`,
      ),
    );
    expect(plans).toEqual([{ generic_plans: '7', custom_plans: '0' }]);
  });

  it('DATABASE_GENERIC_PLANS=false (behind a pooler that refuses the startup option): the main pool, no other', async () => {
    const plain = await openPostgres(process.env.TEST_DATABASE_URL!, 4, undefined, 5000, undefined, false);
    try {
      expect(plain.genericPlans).toBe(plain.db);
      await plain.ping();
      const mode = rawRows<{ plan_cache_mode: string }>(
        await plain.genericPlans.execute(sql`show plan_cache_mode`),
      );
      expect(mode).toEqual([{ plan_cache_mode: 'auto' }]);
    } finally {
      await plain.close();
    }
  });

  it('health checks the generic-plan connections too: they are the ones a pooler would refuse', async () => {
    const name = `health_${randomUUID().slice(0, 8)}`;
    const url = new URL(scratchUrl);
    url.searchParams.set('application_name', name);
    const fresh = await openPostgres(url.toString(), 4);
    const connections = async () =>
      rawRows<{ n: number }>(
        await database.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where application_name = ${name}`,
        ),
      )[0]!.n;
    try {
      expect(await connections()).toBe(0);
      await fresh.ping();
      // One connection of each pool: the generic one plans as it was told.
      expect(await connections()).toBe(2);
      const mode = rawRows<{ plan_cache_mode: string }>(
        await fresh.genericPlans.execute(sql`show plan_cache_mode`),
      );
      expect(mode).toEqual([{ plan_cache_mode: 'force_generic_plan' }]);
    } finally {
      await fresh.close();
    }
  });
});
