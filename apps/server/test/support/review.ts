/** The review API tests' app (one per file), quizzes, learners with cards and request helpers (review*.api.test.ts). */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  gradeReviewResponseSchema,
  reviewQueueResponseSchema,
  type ReviewSettings,
} from '@quizcast/contract/schemas/review';
import type { SavedAnswer } from '../../src/db/schema';
import { quizzes, reviewCards } from '../../src/db/schema';
import {
  createAttempt,
  createQuiz,
  createStudent,
  type CreatedQuiz,
  type UserRow,
} from '../../src/seed/factories';
import { useTestApp } from './app';
import { bearerFor, type TestApp } from '../helpers';

export const MIN = 60_000;
export const HOUR = 60 * MIN;
export const DAY = 24 * HOUR;
export const START = new Date('2026-11-22T10:00:00Z');

export const QUEUE = '/api/review/queue';
export const reviewsUrl = (cardId: string) => `/api/review/cards/${cardId}/reviews`;

/** A quiz running 09:00–11:00 on the test clock's day, 4 questions. */
export async function liveQuiz(t: TestApp): Promise<CreatedQuiz> {
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
export function mixedAnswers(quiz: CreatedQuiz): SavedAnswer[] {
  const [q0, q1, q2, q3] = quiz.questions;
  return [
    { qnId: q0!.id, selectedOption: 'Pune' },
    { qnId: q1!.id, selectedOption: null },
    { qnId: q2!.id, selectedOption: 'Water', markedForReview: true },
    { qnId: q3!.id, selectedOption: 'Jupiter' },
  ];
}

export async function submit(t: TestApp, quiz: CreatedQuiz, user: UserRow, answers: SavedAnswer[]) {
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
export async function publish(t: TestApp, quiz: CreatedQuiz) {
  if (t.clock.now().getTime() < quiz.quiz.endAt.getTime() + 31_000) {
    t.clock.set(new Date(quiz.quiz.endAt.getTime() + 31_000));
  }
  await t.app.sweeper.runOnce();
  const [row] = await t.db.select().from(quizzes).where(eq(quizzes.id, quiz.quiz.id));
  expect(row!.resultsPublishedAt).not.toBeNull();
}

/** From START: a new learner leaves every question of a live quiz unanswered; results publish. */
export async function learnerWhoSkippedEverything(t: TestApp): Promise<UserRow> {
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

export async function api(
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

export async function queue(t: TestApp, user: UserRow, query = '') {
  const res = await api(t, user, 'GET', `${QUEUE}${query}`);
  expect(res.statusCode).toBe(200);
  return reviewQueueResponseSchema.parse(res.json());
}

export function review(rating: number, reviewedAt: Date, extra: Record<string, unknown> = {}) {
  return {
    reviewId: randomUUID(),
    rating,
    selectedOption: null,
    reviewedAt: reviewedAt.toISOString(),
    durationMs: 4000,
    ...extra,
  };
}

export async function grade(t: TestApp, user: UserRow, cardId: string, body: ReturnType<typeof review>) {
  const res = await api(t, user, 'POST', reviewsUrl(cardId), body);
  expect(res.statusCode, res.body).toBe(200);
  return gradeReviewResponseSchema.parse(res.json());
}

/** A learner with one published wrong answer: returns their card id. */
export async function learnerWithOneCard(t: TestApp) {
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

export async function putSettings(t: TestApp, user: UserRow, settings: Partial<ReviewSettings>) {
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

/** One app for the calling describe, its clock at START. */
export function useReviewApp(): void {
  useTestApp({ now: START });
}
