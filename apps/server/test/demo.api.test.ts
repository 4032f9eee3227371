import { and, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reviewQueueResponseSchema, reviewStatsResponseSchema } from '@quizcast/contract/schemas/review';
import { attempts, questions, reviewCards, users } from '../src/db/schema';
import { DEMO_LOGIN_PHONE, seedDemoData } from '../src/seed/demo';
import { createStudent } from '../src/seed/factories';
import { EXAM_FAMILIES } from '@quizcast/contract/constants';
import { DRILL_DIFFICULTIES } from '@quizcast/contract/domain/practice';
import { practiceAttemptSchema, practiceTopicsResponseSchema } from '@quizcast/contract/schemas/practice';
import { quizAttemptSchema } from '@quizcast/contract/schemas/quiz';
import { examPattern } from '@quizcast/contract/domain/exam-patterns';
import { CAT_MOCK } from '../src/seed/cat-mock';
import { IBPS_MOCK } from '../src/seed/ibps-mock';
import { quizzes } from '../src/db/schema';
import { bearerFor, buildTestApp, testDatabaseKind } from './helpers';
import { renderDemoFormulas } from '../src/seed/demo-formulas';
import { renderQuestionMath } from '../src/lib/question-math';
import type { RenderedFormula } from '../src/lib/math-pool';

/** The build's rendered formulas, counting what the seed looked for and did not find. */
class CountingFormulas extends Map<string, RenderedFormula> {
  found = 0;
  missed: string[] = [];
  override get(key: string) {
    const value = super.get(key);
    if (value) this.found += 1;
    else this.missed.push(key);
    return value;
  }
}

const START = new Date('2026-11-22T10:00:00Z');

// Seeds the whole demo (~11 s on PGlite beside other tests).
describe(`the demo learner's first look (${testDatabaseKind})`, { timeout: 90_000 }, () => {
  it('Review has a card for every question the demo learner missed in their published results (issue 30, defect 3)', async () => {
    const t = await buildTestApp({ now: START });
    try {
      // Seeded as a first `npm start` seeds (issue 31): every formula from the build's rendered ones
      // (demo-formulas.ts), none left for the renderer's worker; what is stored is what it renders.
      const formulas = new CountingFormulas(await renderDemoFormulas());
      await seedDemoData(t.db, START, { formulas: () => formulas });
      expect(formulas.missed).toEqual([]);
      expect(formulas.found).toBeGreaterThan(300);
      const withMath = await t.db.select().from(questions).where(isNotNull(questions.math)).limit(20);
      expect(withMath).toHaveLength(20);
      for (const q of withMath) expect((await renderQuestionMath(q, 'stored')).math).toEqual(q.math);

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

  it('both sectional mocks (IBPS, CAT) are published and run as their patterns say, in English and Hindi (issue 26)', async () => {
    const t = await buildTestApp({ now: START });
    try {
      await seedDemoData(t.db, START);
      const headers = await bearerFor(await createStudent(t.db), t.clock);
      const MIN = 60_000;
      for (const [mock, id] of [
        [IBPS_MOCK, 'ibps-po-prelims'],
        [CAT_MOCK, 'cat'],
      ] as const) {
        const pattern = examPattern(id)!;
        const [quiz] = await t.db.select().from(quizzes).where(eq(quizzes.name, mock.name));
        expect(quiz!.published, mock.name).toBe(true);
        // Startable by a new learner now: the server's windows, one after another, in a locked order.
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/quizzes/participant/attend/${quiz!.id}`,
          headers,
        });
        expect(res.statusCode, `${mock.name}: ${res.body}`).toBe(200);
        const attempt = quizAttemptSchema.parse(res.json());
        expect(attempt.navigation).toBe('locked');
        expect(attempt.currentSection).toBe(0);
        const start = t.clock.now().getTime();
        let closes = start;
        expect(
          attempt.sections!.map((s) => [s.name, s.nameHi, s.state, s.closesAt, s.questionCount > 0]),
        ).toEqual(
          pattern.sections.map((s, i) => [
            s.name,
            s.nameHi,
            i === 0 ? 'open' : 'upcoming',
            new Date((closes += (s.duration ?? 0) * MIN)).toISOString(),
            true,
          ]),
        );
        // CAT: 40 minutes a section (docs/exam-patterns.md); IBPS: 20.
        expect(pattern.sections.map((s) => s.duration)).toEqual(id === 'cat' ? [40, 40, 40] : [20, 20, 20]);
        expect(attempt.deadlineAt).toBe(new Date(start + pattern.duration * MIN).toISOString());
        // Questions grouped by section in order, every one with its Hindi version.
        const order = attempt.questions.map((q) => q.section!);
        expect(order).toEqual([...order].sort((a, b) => a - b));
        expect(new Set(order)).toEqual(new Set(pattern.sections.map((_, i) => i)));
        expect(attempt.questions.every((q) => q.hi?.qn)).toBe(true);
      }
    } finally {
      await t.close();
    }
  });
});
