import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { streakResponseSchema } from '@quizcast/contract/schemas/streak';
import { preparedRaw } from '../src/db/raw-rows';
import { reviewCards, reviewLogs } from '../src/db/schema';
import { createAttempt, createQuiz, createStudent, type UserRow } from '../src/seed/factories';
import { StreakRepository } from '../src/modules/streak/streak.repository';
import { StreakService } from '../src/modules/streak/streak.service';
import { bearerFor, buildTestApp, testDatabaseKind, type TestApp } from './helpers';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
/** 23:50 IST on 27 November 2026 (18:20 UTC): ten minutes before IST midnight. */
const LATE_EVENING = new Date('2026-11-27T18:20:00Z');

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: LATE_EVENING });
});
afterAll(async () => {
  await t.close();
});

async function streakOf(user: UserRow) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/streak',
    headers: await bearerFor(user, t.clock),
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return streakResponseSchema.parse(res.json());
}

/** The learner starts and submits a live quiz through the API, now (server clock). */
async function finishQuizNow(user: UserRow) {
  const now = t.clock.now();
  const created = await createQuiz(
    t.db,
    { startAt: new Date(now.getTime() - 5 * MIN), endAt: new Date(now.getTime() + DAY) },
    undefined,
    now,
  );
  const headers = await bearerFor(user, t.clock);
  const quizId = created.quiz.id;
  const start = await t.app.inject({
    method: 'GET',
    url: `/api/quizzes/participant/attend/${quizId}`,
    headers,
  });
  expect(start.statusCode, start.body).toBe(200);
  const submitted = await t.app.inject({
    method: 'POST',
    url: '/api/quizzes/participant/submit',
    headers,
    payload: { quizId, answers: [] },
  });
  expect(submitted.statusCode, submitted.body).toBe(201);
}

/** `count` reviews received by the server at `at` (their phone stamp is a day earlier: ignored). */
async function reviewsAt(user: UserRow, count: number, at: Date) {
  const created = await createQuiz(t.db, {}, undefined, at);
  const [card] = await t.db
    .insert(reviewCards)
    .values({
      userId: user.id,
      questionId: created.questions[0]!.id,
      source: 'manual',
      initialRating: 1,
      due: at,
      createdAt: at,
    })
    .returning();
  await t.db.insert(reviewLogs).values(
    Array.from({ length: count }, () => ({
      cardId: card!.id,
      userId: user.id,
      reviewId: randomUUID(),
      rating: 3,
      reviewedAt: new Date(at.getTime() - DAY),
      durationMs: 3000,
      createdAt: at,
    })),
  );
}

describe(`streak across IST midnight (${testDatabaseKind})`, () => {
  it('counts a quiz finished at 23:50 IST on that day, keeps it after midnight and grows it the next day', async () => {
    t.clock.set(LATE_EVENING);
    const user = await createStudent(t.db);
    expect(await streakOf(user)).toEqual({ current: 0, best: 0, today: false });

    await finishQuizNow(user);
    expect(await streakOf(user)).toEqual({ current: 1, best: 1, today: true });

    // 00:10 IST the next day: yesterday's day still holds the streak, today is not counted yet.
    t.clock.advance(20 * MIN);
    expect(await streakOf(user)).toEqual({ current: 1, best: 1, today: false });

    // Ten reviews that day (by the server's time of receipt) count it: nine do not.
    await reviewsAt(user, 9, t.clock.now());
    expect(await streakOf(user)).toEqual({ current: 1, best: 1, today: false });
    await reviewsAt(user, 1, t.clock.now());
    expect(await streakOf(user)).toEqual({ current: 2, best: 2, today: true });

    // A whole IST day missed: the current streak is gone, the best stays.
    t.clock.advance(2 * DAY);
    expect(await streakOf(user)).toEqual({ current: 0, best: 2, today: false });
    await finishQuizNow(user);
    expect(await streakOf(user)).toEqual({ current: 1, best: 2, today: true });
  });

  it('counts the day a quiz was finished by the server clock, in IST not UTC', async () => {
    // 18:35 UTC is 00:05 IST on the 28th: the UTC date (27th) must not be the day counted.
    t.clock.set(new Date('2026-11-27T18:35:00Z'));
    const user = await createStudent(t.db);
    await finishQuizNow(user);
    t.clock.set(new Date('2026-11-28T18:29:00Z')); // 23:59 IST on the 28th
    expect(await streakOf(user)).toEqual({ current: 1, best: 1, today: true });
    t.clock.set(new Date('2026-11-28T18:31:00Z')); // 00:01 IST on the 29th
    expect(await streakOf(user)).toEqual({ current: 1, best: 1, today: false });
  });

  it('counts an auto-submitted attempt, not one still in progress, and only for its owner', async () => {
    t.clock.set(LATE_EVENING);
    const user = await createStudent(t.db);
    const other = await createStudent(t.db);
    const created = await createQuiz(t.db, {}, undefined, t.clock.now());
    const startedAt = new Date(t.clock.now().getTime() - 30 * MIN);
    await createAttempt(t.db, {
      quizId: created.quiz.id,
      userId: other.id,
      status: 'in_progress',
      startedAt,
      deadlineAt: new Date(startedAt.getTime() + 10 * MIN),
      answers: [],
    });
    expect(await streakOf(other)).toEqual({ current: 0, best: 0, today: false });
    await createAttempt(t.db, {
      quizId: (await createQuiz(t.db, {}, undefined, t.clock.now())).quiz.id,
      userId: user.id,
      status: 'auto_submitted',
      startedAt,
      deadlineAt: new Date(startedAt.getTime() + 10 * MIN),
      submittedAt: new Date(startedAt.getTime() + 10 * MIN),
      answers: [],
    });
    expect(await streakOf(user)).toEqual({ current: 1, best: 1, today: true });
    expect(await streakOf(other)).toEqual({ current: 0, best: 0, today: false });
  });

  it('counts a day recorded through the hook for practice and the daily five, once, and only when it holds', async () => {
    t.clock.set(LATE_EVENING);
    const user = await createStudent(t.db);
    const streak = new StreakService(new StreakRepository(t.db), t.clock);
    // The hook's part in a statement of its own, as the practice submission's carries it.
    const countDay = (kind: 'practice' | 'daily_five', holds: boolean) => {
      const now = t.clock.now();
      const part = streak.countDayPart(kind, now);
      const at = { userId: sql`${user.id}`, now: sql`${now.toISOString()}`, when: sql.raw(String(holds)) };
      return preparedRaw(
        t.db,
        `streak_hook_${holds}`,
        sql`with counted as (${part.body(at)}) select 1`,
      )(part.values);
    };
    await countDay('practice', false);
    expect(await streakOf(user)).toEqual({ current: 0, best: 0, today: false });
    await countDay('practice', true);
    await countDay('practice', true);
    t.clock.advance(20 * MIN);
    await countDay('daily_five', true);
    expect(await streakOf(user)).toEqual({ current: 2, best: 2, today: true });
  });

  it('needs a signed-in learner', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/streak' });
    expect(res.statusCode).toBe(401);
  });
});
