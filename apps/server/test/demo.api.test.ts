import { and, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reviewQueueResponseSchema, reviewStatsResponseSchema } from '@quizcast/contract/schemas/review';
import { attempts, questions, reviewCards, users } from '../src/db/schema';
import { DEMO_LOGIN_PHONE, seedDemoData } from '../src/seed/demo';
import { createStudent } from '../src/seed/factories';
import { EXAM_FAMILIES } from '@quizcast/contract/constants';
import { DRILL_DIFFICULTIES } from '@quizcast/contract/domain/practice';
import { practiceAttemptSchema, practiceTopicsResponseSchema } from '@quizcast/contract/schemas/practice';
import { bearerFor, buildTestApp, testDatabaseKind } from './helpers';

const START = new Date('2026-11-22T10:00:00Z');

// Seeds the whole demo (~11 s on PGlite beside other tests).
describe(`the demo learner's first look (${testDatabaseKind})`, { timeout: 90_000 }, () => {
  it('Review has a card for every question the demo learner missed in their published results (issue 30, defect 3)', async () => {
    const t = await buildTestApp({ now: START });
    try {
      await seedDemoData(t.db, START);
      const [learner] = await t.db.select().from(users).where(eq(users.phNo, DEMO_LOGIN_PHONE));
      const published = await t.db
        .select()
        .from(attempts)
        .where(and(eq(attempts.userId, learner!.id), isNotNull(attempts.rank)));
      expect(published.length).toBeGreaterThan(0);
      // A card for each question not answered right (wrong or skipped), as publication makes them.
      let missed = 0;
      for (const attempt of published) {
        const asked = await t.db.select().from(questions).where(eq(questions.quizId, attempt.quizId));
        missed += asked.length - attempt.correctCount!;
      }
      expect(missed).toBeGreaterThan(0);
      const cards = await t.db.select().from(reviewCards).where(eq(reviewCards.userId, learner!.id));
      expect(cards).toHaveLength(missed);

      const headers = await bearerFor(learner!, t.clock);
      const queue = reviewQueueResponseSchema.parse(
        (await t.app.inject({ method: 'GET', url: '/api/review/queue', headers })).json(),
      );
      expect(queue.cards.length).toBeGreaterThan(0);
      const stats = reviewStatsResponseSchema.parse(
        (await t.app.inject({ method: 'GET', url: '/api/review/stats', headers })).json(),
      );
      expect(stats.counts.dueNow).toBe(missed);
    } finally {
      await t.close();
    }
  });

  it("a new learner's first drill in every exam is not empty (issue 27)", async () => {
    const t = await buildTestApp({ now: START });
    try {
      await seedDemoData(t.db, START);
      const headers = await bearerFor(await createStudent(t.db), t.clock);
      for (const exam of EXAM_FAMILIES) {
        const { topics } = practiceTopicsResponseSchema.parse(
          (await t.app.inject({ method: 'GET', url: `/api/practice/topics?exam=${exam}`, headers })).json(),
        );
        const first = topics[0]!;
        const difficulty = DRILL_DIFFICULTIES.find((d) => first[d] > 0)!;
        const drill = await t.app.inject({
          method: 'POST',
          url: '/api/practice/drills',
          headers,
          payload: {
            exam,
            topics: [first.topic],
            difficulty,
            count: 10,
            timed: false,
            instantFeedback: true,
          },
        });
        expect(drill.statusCode, `${exam}: ${drill.body}`).toBe(201);
        expect(practiceAttemptSchema.parse(drill.json()).questions.length).toBeGreaterThan(0);
      }
    } finally {
      await t.close();
    }
  });
});
