import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Grade } from 'ts-fsrs';
import { and, eq, sql } from 'drizzle-orm';
import { analyticsPath } from '@quizcast/contract/analytics-paths';
import { errorBodySchema } from '@quizcast/contract/errors';
import { REVIEW_MESSAGES } from '@quizcast/contract/schemas/review';
import { SERVER_MESSAGES_HI } from '@quizcast/contract/i18n/server-messages.hi';
import { indiaDayKey } from '@quizcast/contract/domain/review';
import {
  addCardResponseSchema,
  gradeReviewResponseSchema,
  reviewQueueResponseSchema,
  reviewSettingsSchema,
  reviewStatsResponseSchema,
  type ReviewSettings,
} from '@quizcast/contract/schemas/review';
import type { SavedAnswer } from '../src/db/schema';
import { questions, quizzes, reviewCards, reviewLogs } from '../src/db/schema';
import { createCardsAtPublication } from '../src/modules/review/cards-at-publication';
import { DEFAULT_SCHEDULING, replay } from '../src/modules/review/scheduler';
import {
  createAttempt,
  createQuiz,
  createStudent,
  type CreatedQuiz,
  type UserRow,
} from '../src/seed/factories';
import { bearerFor, buildTestApp, testDatabaseKind, type TestApp } from './helpers';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const START = new Date('2026-11-22T10:00:00Z');

const QUEUE = '/api/review/queue';
const reviewsUrl = (cardId: string) => `/api/review/cards/${cardId}/reviews`;

/** A quiz running 09:00–11:00 on the test clock's day, 4 questions. */
async function liveQuiz(t: TestApp): Promise<CreatedQuiz> {
  return createQuiz(
    t.db,
    { startAt: new Date(t.clock.now().getTime() - HOUR), endAt: new Date(t.clock.now().getTime() + HOUR) },
    [
      {
        qn: 'Capital of India?',
        choices: ['Delhi', 'Pune', 'Agra', 'None of the above'],
        ansIndex: 0,
        explanation: 'New Delhi.',
      },
      { qn: '2 + 2?', choices: ['3', '4', '5', '6'], ansIndex: 1, explanation: 'Four.' },
      { qn: 'H2O is?', choices: ['Salt', 'Air', 'Water', 'Gold'], ansIndex: 2, explanation: null },
      {
        qn: 'Largest planet?',
        choices: ['Mars', 'Venus', 'Earth', 'Jupiter'],
        ansIndex: 3,
        explanation: 'Jupiter.',
      },
    ],
    t.clock.now(),
  );
}

/** Q0 wrong, Q1 skipped, Q2 right but marked for review, Q3 right. */
function mixedAnswers(quiz: CreatedQuiz): SavedAnswer[] {
  const [q0, q1, q2, q3] = quiz.questions;
  return [
    { qnId: q0!.id, selectedOption: 'Pune' },
    { qnId: q1!.id, selectedOption: null },
    { qnId: q2!.id, selectedOption: 'Water', markedForReview: true },
    { qnId: q3!.id, selectedOption: 'Jupiter' },
  ];
}

async function submit(t: TestApp, quiz: CreatedQuiz, user: UserRow, answers: SavedAnswer[]) {
  const startedAt = new Date(quiz.quiz.startAt.getTime() + MIN);
  return createAttempt(t.db, {
    quizId: quiz.quiz.id,
    userId: user.id,
    status: 'submitted',
    startedAt,
    deadlineAt: new Date(startedAt.getTime() + quiz.quiz.durationMin * MIN),
    submittedAt: new Date(startedAt.getTime() + 5 * MIN),
    answers,
    score: 1,
    correctCount: 1,
    elapsedMs: 5 * MIN,
  });
}

/** Moves the clock past the quiz's end + grace and runs the sweeper (results publish). */
async function publish(t: TestApp, quiz: CreatedQuiz) {
  if (t.clock.now().getTime() < quiz.quiz.endAt.getTime() + 31_000) {
    t.clock.set(new Date(quiz.quiz.endAt.getTime() + 31_000));
  }
  await t.app.sweeper.runOnce();
  const [row] = await t.db.select().from(quizzes).where(eq(quizzes.id, quiz.quiz.id));
  expect(row!.resultsPublishedAt).not.toBeNull();
}

/** From START: a new learner leaves every question of a live quiz unanswered; results publish. */
async function learnerWhoSkippedEverything(t: TestApp): Promise<UserRow> {
  t.clock.set(START);
  const user = await createStudent(t.db);
  const quiz = await liveQuiz(t);
  await submit(
    t,
    quiz,
    user,
    quiz.questions.map((q) => ({ qnId: q.id, selectedOption: null })),
  );
  await publish(t, quiz);
  return user;
}

async function api(
  t: TestApp,
  user: UserRow,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: await bearerFor(user, t.clock),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function queue(t: TestApp, user: UserRow, query = '') {
  const res = await api(t, user, 'GET', `${QUEUE}${query}`);
  expect(res.statusCode).toBe(200);
  return reviewQueueResponseSchema.parse(res.json());
}

function review(rating: number, reviewedAt: Date, extra: Record<string, unknown> = {}) {
  return {
    reviewId: randomUUID(),
    rating,
    selectedOption: null,
    reviewedAt: reviewedAt.toISOString(),
    durationMs: 4000,
    ...extra,
  };
}

async function grade(t: TestApp, user: UserRow, cardId: string, body: ReturnType<typeof review>) {
  const res = await api(t, user, 'POST', reviewsUrl(cardId), body);
  expect(res.statusCode, res.body).toBe(200);
  return gradeReviewResponseSchema.parse(res.json());
}

/** A learner with one published wrong answer: returns their card id. */
async function learnerWithOneCard(t: TestApp) {
  const user = await createStudent(t.db);
  const quiz = await liveQuiz(t);
  const [q0] = quiz.questions;
  await submit(
    t,
    quiz,
    user,
    quiz.questions.map((q) => ({
      qnId: q.id,
      selectedOption: q.id === q0!.id ? 'Agra' : q.choices[q.ansIndex]!,
    })),
  );
  await publish(t, quiz);
  const [card] = await t.db.select().from(reviewCards).where(eq(reviewCards.userId, user.id));
  expect(card).toBeDefined();
  return { user, quiz, cardId: card!.id, card: card! };
}

async function putSettings(t: TestApp, user: UserRow, settings: Partial<ReviewSettings>) {
  const body: ReviewSettings = {
    desiredRetention: 0.9,
    examName: null,
    examDate: null,
    dailyNewLimit: 20,
    dailyReviewCap: 200,
    cardsFromPractice: true,
    ...settings,
  };
  return api(t, user, 'PUT', '/api/review/settings', body);
}

describe(`review (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ now: START });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('makes no card before publication; wrong, skipped and unsure answers become cards right after', async () => {
    t.clock.set(START);
    const user = await createStudent(t.db);
    const quiz = await liveQuiz(t);
    await submit(t, quiz, user, mixedAnswers(quiz));

    // Submitted but not published: nothing, not even after the window ends (before grace passes).
    expect((await queue(t, user)).cards).toEqual([]);
    t.clock.set(new Date(quiz.quiz.endAt.getTime() + 10_000));
    await t.app.sweeper.runOnce();
    expect((await queue(t, user)).counts.dueNow).toBe(0);
    expect(await t.db.select().from(reviewCards).where(eq(reviewCards.userId, user.id))).toEqual([]);

    await publish(t, quiz);
    const body = await queue(t, user);
    const [q0, q1, q2] = quiz.questions;
    const bySource = Object.fromEntries(body.cards.map((c) => [c.source, c]));
    expect(Object.keys(bySource).sort()).toEqual(['skipped', 'unsure', 'wrong']);
    expect(bySource.wrong!.questionId).toBe(q0!.id);
    expect(bySource.skipped!.questionId).toBe(q1!.id);
    expect(bySource.unsure!.questionId).toBe(q2!.id);
    // The card carries the question's answer and explanation (public now) and is new.
    expect(bySource.wrong).toMatchObject({
      qn: 'Capital of India?',
      ansIndex: 0,
      explanation: 'New Delhi.',
      state: 'new',
    });
    expect(body.counts).toMatchObject({ dueNow: 3, new: 3, suspended: 0 });

    // Wrong/skipped start as Again, unsure as Hard (a different FSRS memory state).
    const rows = await t.db.select().from(reviewCards).where(eq(reviewCards.userId, user.id));
    const initial = Object.fromEntries(rows.map((r) => [r.source, r]));
    expect(initial.wrong!.initialRating).toBe(1);
    expect(initial.skipped!.initialRating).toBe(1);
    expect(initial.unsure!.initialRating).toBe(2);
    expect(initial.unsure!.stability).toBeGreaterThan(initial.wrong!.stability);
    // The intervals the grade buttons show: Again is short (10 min), Easy is days.
    expect(bySource.wrong!.intervals[1]).toBe(10 * MIN);
    expect(bySource.wrong!.intervals[4]).toBeGreaterThanOrEqual(DAY);
  });

  it('never duplicates a card: publishing again or an admin edit; a corrected key shows at once', async () => {
    t.clock.set(START);
    const user = await createStudent(t.db);
    const quiz = await liveQuiz(t);
    await submit(t, quiz, user, mixedAnswers(quiz));
    await publish(t, quiz);
    const count = async () =>
      (await t.db.select().from(reviewCards).where(eq(reviewCards.userId, user.id))).length;
    expect(await count()).toBe(3);

    // The publication step run again (a second instance, a re-publication): nothing new.
    expect(await createCardsAtPublication(t.db, quiz.quiz.id, t.clock.now())).toBe(0);
    await t.db.update(quizzes).set({ resultsPublishedAt: null }).where(eq(quizzes.id, quiz.quiz.id));
    await publish(t, quiz);
    expect(await count()).toBe(3);

    // An admin corrects the answer key of Q0 (in place, as the admin editor does): the card shows it.
    const [q0] = quiz.questions;
    await t.db.update(questions).set({ ansIndex: 1 }).where(eq(questions.id, q0!.id));
    const body = await queue(t, user);
    expect(body.cards.find((c) => c.questionId === q0!.id)!.ansIndex).toBe(1);
    await t.db.update(quizzes).set({ resultsPublishedAt: null }).where(eq(quizzes.id, quiz.quiz.id));
    await publish(t, quiz);
    expect(await count()).toBe(3);
  });

  it('grading reschedules: Good moves the card days ahead, Again brings it back in 10 minutes', async () => {
    t.clock.set(START);
    const { user, cardId } = await learnerWithOneCard(t);
    const now = t.clock.now();
    const good = await grade(t, user, cardId, review(3, now));
    expect(good.applied).toBe(true);
    expect(new Date(good.due).getTime()).toBeGreaterThan(now.getTime() + 12 * HOUR);
    expect((await queue(t, user)).cards).toEqual([]);

    t.clock.set(new Date(good.due));
    const [due] = (await queue(t, user)).cards;
    expect(due!.cardId).toBe(cardId);
    expect(due!.state).toBe('review');
    const again = await grade(t, user, cardId, review(1, t.clock.now()));
    expect(new Date(again.due).getTime() - t.clock.now().getTime()).toBe(10 * MIN);
    expect(again.lapses).toBe(1);
    expect(again.state).toBe('relearning');
  });

  it('replaying the same review applies it once', async () => {
    t.clock.set(START);
    const { user, cardId } = await learnerWithOneCard(t);
    const body = review(3, t.clock.now());
    const first = await grade(t, user, cardId, body);
    t.clock.advance(HOUR);
    const second = await grade(t, user, cardId, body);
    expect(first.applied).toBe(true);
    expect(second.applied).toBe(false);
    expect(second.due).toBe(first.due);
    expect(second.reps).toBe(first.reps);
    const logs = await t.db.select().from(reviewLogs).where(eq(reviewLogs.cardId, cardId));
    expect(logs).toHaveLength(1);
  });

  it('applies a review sent twice at the same moment once (two phones, one reviewId)', async () => {
    t.clock.set(START);
    const { user, cardId } = await learnerWithOneCard(t);
    const body = review(3, t.clock.now());
    const [a, b] = await Promise.all([grade(t, user, cardId, body), grade(t, user, cardId, body)]);
    expect([a.applied, b.applied].sort()).toEqual([false, true]);
    expect(a.due).toBe(b.due);
    expect(await t.db.select().from(reviewLogs).where(eq(reviewLogs.cardId, cardId))).toHaveLength(1);
    const [row] = await t.db.select().from(reviewCards).where(eq(reviewCards.id, cardId));
    expect(row!.reviewCount).toBe(1);
  });

  it('applies concurrent reviews of one card, each once, as if they came in review-time order', async () => {
    t.clock.set(START);
    const { user, cardId, card } = await learnerWithOneCard(t);
    const start = t.clock.now();
    await grade(t, user, cardId, review(3, start));
    // Three reviews of the same card at once (phone and laptop syncing). On PostgreSQL their reads
    // overlap, so all but the first find the card changed when they write and settle under its row
    // lock (`gradeLocked`; this test fails there without it); PGlite runs them one after another.
    t.clock.set(new Date(start.getTime() + DAY));
    const at = (m: number) => new Date(start.getTime() + DAY + m * MIN);
    const results = await Promise.all([
      grade(t, user, cardId, review(3, at(1))),
      grade(t, user, cardId, review(1, at(2))),
      grade(t, user, cardId, review(3, at(3))),
    ]);
    expect(results.map((r) => r.applied)).toEqual([true, true, true]);
    const logs = await t.db.select().from(reviewLogs).where(eq(reviewLogs.cardId, cardId));
    expect(logs).toHaveLength(4);
    const [row] = await t.db.select().from(reviewCards).where(eq(reviewCards.id, cardId));
    expect(row!.reviewCount).toBe(4);
    // The stored state is the log replayed in review-time order, whatever order the writes took.
    const expected = replay(
      card.createdAt,
      card.initialRating as Grade,
      logs.map((l) => ({ rating: l.rating as Grade, at: l.reviewedAt })),
      DEFAULT_SCHEDULING,
    );
    expect(row!.due.toISOString()).toBe(expected.due.toISOString());
    expect(row!.stability).toBeCloseTo(expected.stability, 9);
    expect(row!.lapses).toBe(1);
  });

  it('applies out-of-order reviews in review-time order', async () => {
    t.clock.set(START);
    const a = await learnerWithOneCard(t);
    const b = await learnerWithOneCard(t);
    const t1 = new Date(t.clock.now().getTime() + MIN);
    const t2 = new Date(t1.getTime() + 3 * DAY);
    const t3 = new Date(t2.getTime() + 9 * DAY);
    t.clock.set(new Date(t3.getTime() + MIN));
    // Learner A's phone sends in order; learner B's sends the same reviews late and shuffled.
    for (const [at, r] of [
      [t1, 3],
      [t2, 1],
      [t3, 3],
    ] as const)
      await grade(t, a.user, a.cardId, review(r, at));
    let last;
    for (const [at, r] of [
      [t3, 3],
      [t1, 3],
      [t2, 1],
    ] as const)
      last = await grade(t, b.user, b.cardId, review(r, at));
    const [cardA] = await t.db.select().from(reviewCards).where(eq(reviewCards.id, a.cardId));
    const [cardB] = await t.db.select().from(reviewCards).where(eq(reviewCards.id, b.cardId));
    expect(cardB!.due.toISOString()).toBe(cardA!.due.toISOString());
    expect(cardB!.stability).toBeCloseTo(cardA!.stability, 10);
    expect(cardB!.lapses).toBe(1);
    expect(last!.due).toBe(cardA!.due.toISOString());
    // Had B's reviews been applied in arrival order the result would differ (the test can tell).
    expect(cardB!.lastReview!.toISOString()).toBe(t3.toISOString());
  });

  it('only the owner may use a card (404 for anyone else); an unpublished question is 403', async () => {
    t.clock.set(START);
    const { user, cardId, quiz } = await learnerWithOneCard(t);
    const stranger = await createStudent(t.db);
    const notFound = await api(t, stranger, 'POST', reviewsUrl(cardId), review(3, t.clock.now()));
    expect(notFound.statusCode).toBe(404);
    expect(errorBodySchema.parse(notFound.json()).message).toBe('Card not found');
    expect((await api(t, stranger, 'DELETE', `/api/review/cards/${cardId}`)).statusCode).toBe(404);
    expect((await queue(t, stranger)).cards).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: QUEUE })).statusCode).toBe(401);

    // Adding questions: only from the learner's own published results.
    const live = await liveQuiz(t);
    await submit(t, live, stranger, mixedAnswers(live));
    const unpublished = await api(t, stranger, 'POST', '/api/review/cards', {
      questionId: live.questions[3]!.id,
    });
    expect(unpublished.statusCode).toBe(403);
    expect(errorBodySchema.parse(unpublished.json()).message).toBe(
      'Results for this question are not published yet',
    );
    const notTaken = await api(t, stranger, 'POST', '/api/review/cards', {
      questionId: quiz.questions[3]!.id,
    });
    expect(notTaken.statusCode).toBe(403);
    const missing = await api(t, stranger, 'POST', '/api/review/cards', { questionId: randomUUID() });
    expect(missing.statusCode).toBe(404);

    // The owner adds a question they got right, once; then removes a card.
    const added = await api(t, user, 'POST', '/api/review/cards', { questionId: quiz.questions[3]!.id });
    expect(added.statusCode).toBe(201);
    const again = await api(t, user, 'POST', '/api/review/cards', { questionId: quiz.questions[3]!.id });
    expect(again.statusCode).toBe(200);
    expect(addCardResponseSchema.parse(again.json())).toEqual({
      ...addCardResponseSchema.parse(added.json()),
      created: false,
    });
    expect((await queue(t, user)).cards).toHaveLength(2);
    const removed = await api(t, user, 'DELETE', `/api/review/cards/${cardId}`);
    expect(removed.statusCode).toBe(200);
    expect((await queue(t, user)).cards.map((c) => c.cardId)).not.toContain(cardId);
  });

  it('brings a card forward so it is not scheduled past the exam day with recall below the target', async () => {
    t.clock.set(START);
    // Control: with retention 0.80 and no exam, two Good reviews push the card well beyond 5 days.
    const control = await learnerWithOneCard(t);
    expect((await putSettings(t, control.user, { desiredRetention: 0.8 })).statusCode).toBe(200);
    const now = t.clock.now();
    await grade(t, control.user, control.cardId, review(3, now));
    t.clock.set(new Date(now.getTime() + 3 * DAY));
    const free = await grade(t, control.user, control.cardId, review(3, t.clock.now()));
    const freeDue = new Date(free.due);
    expect(freeDue.getTime()).toBeGreaterThan(t.clock.now().getTime() + 5 * DAY);

    // The same history for a learner whose exam falls on the day that review would land.
    t.clock.set(START);
    const learner = await learnerWithOneCard(t);
    const examDate = indiaDayKey(freeDue);
    expect(
      (await putSettings(t, learner.user, { desiredRetention: 0.8, examDate, examName: 'SSC CGL' }))
        .statusCode,
    ).toBe(200);
    await grade(t, learner.user, learner.cardId, review(3, now));
    t.clock.set(new Date(now.getTime() + 3 * DAY));
    const clamped = await grade(t, learner.user, learner.cardId, review(3, t.clock.now()));
    const examStart = new Date(`${examDate}T00:00:00+05:30`);
    expect(new Date(clamped.due).toISOString()).toBe(new Date(examStart.getTime() - DAY).toISOString());

    // Setting an exam date later re-dates the cards already scheduled past it.
    expect(
      (await putSettings(t, control.user, { desiredRetention: 0.8, examDate, examName: 'SSC CGL' }))
        .statusCode,
    ).toBe(200);
    const [moved] = await t.db.select().from(reviewCards).where(eq(reviewCards.id, control.cardId));
    expect(moved!.due.toISOString()).toBe(new Date(examStart.getTime() - DAY).toISOString());

    // After the exam has passed the date no longer constrains anything.
    t.clock.set(new Date(examStart.getTime() + 2 * DAY));
    const after = await grade(t, learner.user, learner.cardId, review(3, t.clock.now()));
    expect(new Date(after.due).getTime()).toBeGreaterThan(t.clock.now().getTime() + 5 * DAY);
  });

  it('keeps each day before the exam within the daily review cap when it brings cards forward', async () => {
    const user = await learnerWhoSkippedEverything(t);
    const cards = (await t.db.select().from(reviewCards).where(eq(reviewCards.userId, user.id)))
      .sort((a, b) => a.id.localeCompare(b.id))
      .slice(0, 3);
    expect(cards).toHaveLength(3);
    // Without an exam date, two Good reviews each push the three cards well beyond 5 days.
    expect((await putSettings(t, user, { desiredRetention: 0.8 })).statusCode).toBe(200);
    const now = t.clock.now();
    for (const card of cards) await grade(t, user, card.id, review(3, now));
    t.clock.set(new Date(now.getTime() + 3 * DAY));
    const frees = [];
    for (const card of cards) frees.push(await grade(t, user, card.id, review(3, t.clock.now())));
    const firstDue = Math.min(...frees.map((f) => new Date(f.due).getTime()));
    expect(firstDue).toBeGreaterThan(t.clock.now().getTime() + 5 * DAY);
    // An exam on the day the earliest of them would land, with a cap of one review a day: the three
    // cards are brought forward, one a day. The learner has 4 active cards, so the final window is
    // the last 4 days before the exam (⌈4 / 1⌉); each of these cards, likely to be remembered,
    // takes the earliest day of the window with room whose predicted exam-day recall meets 0.8,
    // which leaves the eve to the fourth card (never reviewed yet).
    const examDate = indiaDayKey(new Date(firstDue));
    const res = await putSettings(t, user, { desiredRetention: 0.8, examDate, dailyReviewCap: 1 });
    expect(res.statusCode).toBe(200);
    const examStart = new Date(`${examDate}T00:00:00+05:30`).getTime();
    const dues = (await t.db.select().from(reviewCards).where(eq(reviewCards.userId, user.id)))
      .filter((c) => cards.some((k) => k.id === c.id))
      .map((c) => c.due.getTime())
      .sort((a, b) => a - b);
    expect(await t.db.select().from(reviewCards).where(eq(reviewCards.userId, user.id))).toHaveLength(4);
    expect(dues).toEqual([examStart - 4 * DAY, examStart - 3 * DAY, examStart - 2 * DAY]);
  });

  it('suspends a card that lapses 8 times as a leech and lists it', async () => {
    t.clock.set(START);
    const { user, cardId } = await learnerWithOneCard(t);
    let at = t.clock.now();
    let result = await grade(t, user, cardId, review(3, at));
    for (let lapse = 1; lapse <= 8; lapse += 1) {
      expect(result.suspended).toBe(false);
      at = new Date(new Date(result.due).getTime());
      t.clock.set(at);
      result = await grade(t, user, cardId, review(1, at)); // lapse
      expect(result.lapses).toBe(lapse);
      at = new Date(new Date(result.due).getTime());
      t.clock.set(at);
      if (lapse < 8) result = await grade(t, user, cardId, review(3, at)); // relearned
    }
    expect(result.suspended).toBe(true);
    t.clock.advance(30 * DAY);
    const body = await queue(t, user);
    expect(body.cards).toEqual([]);
    expect(body.counts.suspended).toBe(1);
    const stats = reviewStatsResponseSchema.parse((await api(t, user, 'GET', '/api/review/stats')).json());
    expect(stats.leeches.map((l) => l.cardId)).toEqual([cardId]);
    expect(stats.leeches[0]!.lapses).toBe(8);
  });

  it('keeps to the daily new-card limit and reports stats, streak, retention and the forecast', async () => {
    const user = await learnerWhoSkippedEverything(t);
    expect((await putSettings(t, user, { dailyNewLimit: 2 })).statusCode).toBe(200);
    const first = await queue(t, user);
    expect(first.cards).toHaveLength(2);
    // The offline copy (next 24 hours) keeps to the same allowance.
    expect((await queue(t, user, '?ahead=true&limit=200')).cards).toHaveLength(2);
    expect(first.counts.new).toBe(4);
    await grade(t, user, first.cards[0]!.cardId, review(3, t.clock.now()));
    await grade(t, user, first.cards[1]!.cardId, review(1, t.clock.now()));
    // Both new cards of today are used: only the relearning card comes back (in 10 minutes).
    t.clock.advance(11 * MIN);
    const second = await queue(t, user);
    expect(second.cards.map((c) => c.cardId)).toEqual([first.cards[1]!.cardId]);

    // The next day: a review yesterday and one today make a 2-day streak.
    t.clock.advance(DAY);
    await grade(t, user, second.cards[0]!.cardId, review(3, t.clock.now()));
    const stats = reviewStatsResponseSchema.parse((await api(t, user, 'GET', '/api/review/stats')).json());
    expect(stats.doneToday).toBe(1);
    expect(stats.streakDays).toBe(2);
    expect(stats.reviews30d).toBe(3);
    expect(stats.retention30d).toBeCloseTo(2 / 3, 3);
    expect(stats.forecast).toHaveLength(14);
    expect(stats.forecast[0]!.date).toBe(indiaDayKey(t.clock.now()));
    expect(stats.forecast.reduce((n, d) => n + d.count, 0)).toBeGreaterThanOrEqual(2);
    expect(stats.settings.dailyNewLimit).toBe(2);
  });

  it("the queue reports its counts, the next due time and the learner's median review time", async () => {
    const user = await learnerWhoSkippedEverything(t);
    const fresh = await queue(t, user);
    expect(fresh.counts).toMatchObject({ dueNow: 4, dueToday: 4, new: 4, learning: 0, suspended: 0 });
    expect(fresh.medianDurationMs).toBeNull();
    const [a, b] = fresh.cards;
    // Again on one card (relearning in 10 minutes), Good on another (days ahead).
    await grade(t, user, a!.cardId, review(1, t.clock.now(), { durationMs: 1000 }));
    const good = await grade(t, user, b!.cardId, review(3, t.clock.now(), { durationMs: 9000 }));
    const after = await queue(t, user);
    expect(after.counts).toMatchObject({ dueNow: 2, dueToday: 3, new: 2, learning: 1, suspended: 0 });
    expect(after.counts.nextDueAt).toBe(after.cards[0]!.due);
    expect(after.medianDurationMs).toBeNull(); // fewer than 5 reviews
    // Five reviews: 1 s, 9 s, then 2, 3 and 4 s: the median is 3 s.
    t.clock.advance(11 * MIN);
    await grade(t, user, a!.cardId, review(3, t.clock.now(), { durationMs: 2000 }));
    const [c, d] = (await queue(t, user)).cards.filter((x) => x.state === 'new');
    await grade(t, user, c!.cardId, review(3, t.clock.now(), { durationMs: 3000 }));
    await grade(t, user, d!.cardId, review(3, t.clock.now(), { durationMs: 4000 }));
    const five = await queue(t, user);
    expect(five.medianDurationMs).toBe(3000);
    expect(five.counts).toMatchObject({ dueNow: 0, new: 0, learning: 0 });
    expect(new Date(five.counts.nextDueAt!).getTime()).toBeLessThanOrEqual(new Date(good.due).getTime());
  });

  it('documents every review route in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths['/api/review/queue']!)).toEqual(['get']);
    expect(doc.paths['/api/review/cards/{cardId}/reviews']).toHaveProperty('post');
    expect(doc.paths['/api/review/cards']).toHaveProperty('post');
    expect(doc.paths['/api/review/cards/{cardId}']).toHaveProperty('delete');
    expect(doc.paths['/api/review/stats']).toHaveProperty('get');
    expect(Object.keys(doc.paths['/api/review/settings']!).sort()).toEqual(['get', 'put']);
  });

  it('rejects every bad input with 400 listing every problem', async () => {
    t.clock.set(START);
    const { user, cardId, card } = await learnerWithOneCard(t);
    const now = t.clock.now();
    const bad = async (url: string, method: 'POST' | 'PUT', payload: unknown) => {
      const res = await api(t, user, method, url, payload);
      expect(res.statusCode, res.body).toBe(400);
      const message = errorBodySchema.parse(res.json()).message;
      return Array.isArray(message) ? message : [message];
    };

    for (const rating of [0, 5, 2.5]) {
      expect(await bad(reviewsUrl(cardId), 'POST', review(rating, now))).toEqual([
        'Rating must be 1, 2, 3 or 4',
      ]);
    }
    expect(
      await bad(reviewsUrl(cardId), 'POST', review(3, new Date(now.getTime() + 5 * MIN + 1000))),
    ).toEqual(['reviewedAt cannot be more than 5 minutes in the future']);
    expect(
      await bad(reviewsUrl(cardId), 'POST', review(3, new Date(card.createdAt.getTime() - 1000))),
    ).toEqual(['reviewedAt cannot be before the card existed']);
    // Several problems at once are all listed.
    const many = await bad(reviewsUrl(cardId), 'POST', {
      ...review(9, new Date(now.getTime() + DAY)),
      reviewId: 'nope',
      durationMs: -1,
    });
    expect(many.sort()).toEqual(
      [
        'Rating must be 1, 2, 3 or 4',
        'Review id must be a UUID',
        'durationMs must be a whole number of milliseconds between 0 and 1 hour',
        'reviewedAt cannot be more than 5 minutes in the future',
      ].sort(),
    );
    // Five minutes ahead (phone clock drift) is accepted.
    expect(
      (await api(t, user, 'POST', reviewsUrl(cardId), review(3, new Date(now.getTime() + 5 * MIN))))
        .statusCode,
    ).toBe(200);

    const yesterday = indiaDayKey(new Date(now.getTime() - DAY));
    const settingsProblems = await bad('/api/review/settings', 'PUT', {
      desiredRetention: 0.99,
      examName: null,
      examDate: yesterday,
      dailyNewLimit: -1,
      dailyReviewCap: 0,
    });
    expect(settingsProblems.sort()).toEqual(
      [
        'Desired retention must be between 0.80 and 0.97',
        'Exam date cannot be in the past',
        'Daily new-card limit must be a whole number between 0 and 500',
        'Daily review cap must be a whole number between 1 and 2000',
      ].sort(),
    );
    expect((await putSettings(t, user, { desiredRetention: 0.79 })).statusCode).toBe(400);
    expect(
      (await putSettings(t, user, { desiredRetention: 0.97, examDate: indiaDayKey(now) })).statusCode,
    ).toBe(200);
    const saved = reviewSettingsSchema.parse((await api(t, user, 'GET', '/api/review/settings')).json());
    expect(saved).toMatchObject({ desiredRetention: 0.97, examDate: indiaDayKey(now) });
    expect((await api(t, user, 'GET', `${QUEUE}?limit=0`)).statusCode).toBe(400);
    expect((await api(t, user, 'POST', reviewsUrl('not-a-uuid'), review(3, now))).statusCode).toBe(400);
    // Nothing bad was stored.
    const [{ n }] = (await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(reviewLogs)
      .where(and(eq(reviewLogs.cardId, cardId)))) as [{ n: number }];
    expect(Number(n)).toBe(1);
  });
  it('a question dropped in an answer-key correction makes no card, cannot be added, and its cards leave the queue without being called leeches', async () => {
    t.clock.set(START);
    const admin = await createStudent(t.db, { role: 'admin', name: 'Key Keeper' });
    const user = await createStudent(t.db);
    const quiz = await liveQuiz(t);
    const [q0, q1] = quiz.questions;
    await submit(t, quiz, user, mixedAnswers(quiz)); // Q0 wrong, Q1 skipped, Q2 unsure
    await publish(t, quiz);
    const cardOf = async (questionId: string) =>
      (
        await t.db
          .select()
          .from(reviewCards)
          .where(and(eq(reviewCards.userId, user.id), eq(reviewCards.questionId, questionId)))
      )[0];
    expect(await cardOf(q0!.id)).toBeDefined();

    const dropped = await t.app.inject({
      method: 'POST',
      url: `/api${analyticsPath.adminKeyCorrections(quiz.quiz.id)}`,
      headers: await bearerFor(admin, t.clock),
      payload: { questionId: q0!.id, drop: true, reason: 'Two right answers' },
    });
    expect(dropped.statusCode, dropped.body).toBe(200);

    // Its card is suspended: out of the queue, counted as suspended, and not a leech.
    expect((await cardOf(q0!.id))!.suspendedAt).not.toBeNull();
    const queued = await queue(t, user);
    expect(queued.cards.map((c) => c.questionId)).not.toContain(q0!.id);
    expect(queued.counts.suspended).toBe(1);
    const stats = reviewStatsResponseSchema.parse((await api(t, user, 'GET', '/api/review/stats')).json());
    expect(stats.leeches).toEqual([]);

    // "Add to my review" refuses it (also when the learner already has its card), in English and Hindi.
    const refused = await api(t, user, 'POST', '/api/review/cards', { questionId: q0!.id });
    expect(refused.statusCode).toBe(409);
    expect(errorBodySchema.parse(refused.json()).message).toBe(REVIEW_MESSAGES.questionDropped);
    await t.db.delete(reviewCards).where(eq(reviewCards.userId, user.id));
    const inHindi = await t.app.inject({
      method: 'POST',
      url: '/api/review/cards',
      headers: { ...(await bearerFor(user, t.clock)), 'accept-language': 'hi-IN,hi;q=0.9' },
      payload: { questionId: q0!.id },
    });
    expect(inHindi.statusCode).toBe(409);
    expect(errorBodySchema.parse(inHindi.json()).message).toBe(
      SERVER_MESSAGES_HI[REVIEW_MESSAGES.questionDropped],
    );
    expect(await cardOf(q0!.id)).toBeUndefined();

    // Publication's card making again (e.g. a re-publication): the live questions get their cards
    // back, the dropped one none.
    await createCardsAtPublication(t.db, quiz.quiz.id, t.clock.now());
    expect(await cardOf(q0!.id)).toBeUndefined();
    expect(await cardOf(q1!.id)).toBeDefined();
  });
});
