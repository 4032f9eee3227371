import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../src/db/client';
import { rawRows } from '../src/db/raw-rows';
import { createScratchDatabase } from '../src/db/scratch-database';
import { PracticeRepository } from '../src/modules/practice/practice.repository';

// Issue 27: PostgreSQL re-planned the drill's draw at every execution (0.6 ms a drill) while its
// generic plan executes as fast; it ran on the review queue's 2 generic-plan connections, where 50
// concurrent drills queued. It runs on the main pool, and the values it plans by reach the planner
// only through sub-selects, so the plan cache keeps the generic plan after its five custom ones;
// a few draws run at once (more cost PostgreSQL more CPU a drill on the bench's 2 cores).
// *.postgres.test.ts: only with TEST_DATABASE_URL.
const now = new Date('2026-11-28T10:00:00Z');
/** A new untimed drill's row, as the service starts one. */
const drillStart = (exam: string) => ({
  id: randomUUID(),
  title: 'Drill',
  exam,
  timed: false,
  instantFeedback: false,
  startedAt: now,
  deadlineAt: null,
  markCorrect: 1,
  markWrong: 0,
});

describe("the drill's draw on PostgreSQL", () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'quizcast_drill_plans');
    drop = scratch.drop;
    // Pool size 2: one main connection (and one generic-plan one), so every draw below reuses it.
    database = await openPostgres(scratch.url, 2);
    await database.migrate();
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('runs on the main pool and keeps its generic plan after five custom ones', async () => {
    const repo = new PracticeRepository(database.db);
    for (let i = 0; i < 8; i++) {
      const drawn = await repo.drawDrill(
        randomUUID(),
        { exam: `exam-${i}`, topics: [`topic-${i}`, 'algebra'], difficulty: 'medium', count: 20 },
        drillStart(`exam-${i}`),
      );
      expect(drawn).toEqual({ questions: [], attempt: undefined });
    }
    const plans = rawRows<{ generic_plans: string; custom_plans: string }>(
      await database.db.execute(
        sql`select generic_plans, custom_plans from pg_prepared_statements where name = 'practice_draw_drill'`,
      ),
    );
    expect(plans).toEqual([{ generic_plans: '3', custom_plans: '5' }]);
    const mode = rawRows<{ plan_cache_mode: string }>(await database.db.execute(sql`show plan_cache_mode`));
    expect(mode).toEqual([{ plan_cache_mode: 'auto' }]);
  });

  it('runs at most the given number of draws at once; the others wait their turn and all complete', async () => {
    const repo = new PracticeRepository(database.db, 1);
    const draws = Array.from({ length: 6 }, (_, i) =>
      repo.drawDrill(
        randomUUID(),
        { exam: `exam-${i}`, topics: ['algebra'], difficulty: 'hard', count: 10 },
        drillStart(`exam-${i}`),
      ),
    );
    expect(await Promise.all(draws)).toEqual(draws.map(() => ({ questions: [], attempt: undefined })));
  });
});
