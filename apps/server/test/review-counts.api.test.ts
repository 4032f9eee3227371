import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { indiaDayStart } from '@quizcast/contract/domain/review';
import { reviewCards } from '../src/db/schema';
import { DUE_NOW_PROBE } from '../src/modules/review/review-queue.repository';
import { buildQuestions, createQuiz, createStudent, type UserRow } from '../src/seed/factories';
import { testDatabaseKind } from './helpers';
import { api, DAY, grade, HOUR, MIN, queue, review, START, useReviewApp } from './support/review';
import { t } from './support/app';

/**
 * The queue's counts read `review_card_counts` (kept in step by triggers) and probe "due now" from
 * the due index (issue 31). Each check compares them with a count of the learner's whole card set,
 * the definition they replace, after inserts, gradings, suspensions and deletions, on both sides of
 * DUE_NOW_PROBE.
 */
async function countedByHand(user: UserRow) {
  const now = t.clock.now();
  const dayEnd = new Date(indiaDayStart(now).getTime() + DAY);
  const [row] = await t.db
    .select({
      dueNow: sql<number>`count(*) filter (where suspended_at is null and due <= ${now.toISOString()}::timestamptz)::int`,
      dueToday: sql<number>`count(*) filter (where suspended_at is null and due < ${dayEnd.toISOString()}::timestamptz)::int`,
      new: sql<number>`count(*) filter (where suspended_at is null and review_count = 0)::int`,
      learning: sql<number>`count(*) filter (where suspended_at is null and review_count > 0 and state in (1, 3))::int`,
      suspended: sql<number>`count(*) filter (where suspended_at is not null)::int`,
    })
    .from(reviewCards)
    .where(eq(reviewCards.userId, user.id));
  return row!;
}

async function expectCountsInStep(user: UserRow) {
  const { counts } = await queue(t, user, '?limit=5');
  const { nextDueAt: _nextDueAt, ...rest } = counts;
  expect(rest).toEqual(await countedByHand(user));
  return counts;
}

/** `n` cards for `user` on a quiz of its own: due from `firstDue`, one every `stepMs`, mixed states. */
async function seedCards(user: UserRow, n: number, firstDue: Date, stepMs: number) {
  const { questions } = await createQuiz(t.db, {}, buildQuestions(n), START);
  await t.db.insert(reviewCards).values(
    questions.map((q, i) => ({
      userId: user.id,
      questionId: q.id,
      source: 'wrong' as const,
      initialRating: 1,
      due: new Date(firstDue.getTime() + i * stepMs),
      reviewCount: i % 3 === 0 ? 0 : 2,
      state: i % 3 === 0 ? 0 : [1, 2, 3][i % 4 === 0 ? 0 : i % 2 === 0 ? 2 : 1]!,
      stability: 1,
      difficulty: 5,
      lastReview: i % 3 === 0 ? null : START,
      suspendedAt: i % 17 === 0 ? START : null,
      createdAt: START,
    })),
  );
}

describe(`review counts (${testDatabaseKind})`, () => {
  useReviewApp();

  it('match a count of every card, with more overdue cards than the probe and with fewer', async () => {
    t.clock.set(START);
    const many = await createStudent(t.db);
    const other = await createStudent(t.db);
    // 400 cards one minute apart, starting 300 minutes ago: 300 overdue (more than the probe).
    await seedCards(many, 400, new Date(START.getTime() - 300 * MIN), MIN);
    await seedCards(other, 40, new Date(START.getTime() - 20 * MIN), MIN);
    expect(DUE_NOW_PROBE).toBeLessThan(280);
    const before = await expectCountsInStep(many);
    expect(before.dueNow).toBeGreaterThan(DUE_NOW_PROBE);
    expect((await expectCountsInStep(other)).dueNow).toBeLessThan(DUE_NOW_PROBE);

    // A grading of a new card (new → learning), a suspension, a deletion and a learner's card set
    // removed by a deletion of its questions' quiz: each moves the counts exactly.
    const [fresh] = await t.db
      .select()
      .from(reviewCards)
      .where(and(eq(reviewCards.userId, many.id), eq(reviewCards.reviewCount, 0)))
      .limit(1);
    await grade(t, many, fresh!.id, review(1, t.clock.now()));
    await expectCountsInStep(many);
    await t.db
      .update(reviewCards)
      .set({ suspendedAt: START })
      .where(
        and(
          eq(reviewCards.userId, many.id),
          sql`due < ${START.toISOString()}::timestamptz - interval '200 minutes'`,
        ),
      );
    await expectCountsInStep(many);
    await t.db
      .update(reviewCards)
      .set({ suspendedAt: null })
      .where(
        and(
          eq(reviewCards.userId, many.id),
          sql`due < ${START.toISOString()}::timestamptz - interval '250 minutes'`,
        ),
      );
    await expectCountsInStep(many);
    const [one] = await t.db.select().from(reviewCards).where(eq(reviewCards.userId, other.id)).limit(1);
    expect((await api(t, other, 'DELETE', `/api/review/cards/${one!.id}`)).statusCode).toBeLessThan(300);
    await expectCountsInStep(other);
    await expectCountsInStep(many);

    // Time passes: more cards fall due, on both sides of the probe.
    t.clock.set(new Date(START.getTime() + 2 * HOUR));
    await expectCountsInStep(many);
    await expectCountsInStep(other);
    t.clock.set(new Date(START.getTime() - 4 * HOUR));
    expect((await expectCountsInStep(many)).dueNow).toBeLessThan(DUE_NOW_PROBE);

    // Every card deleted: the row stays, at zero.
    await t.db.delete(reviewCards).where(eq(reviewCards.userId, many.id));
    expect(await expectCountsInStep(many)).toMatchObject({ dueNow: 0, new: 0, nextDueAt: null });
  });
});
