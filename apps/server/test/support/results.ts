/** Quizzes, attempts, the app (with its statement log) and requests shared by results*.api.test.ts. */
import { expect } from 'vitest';
import { quizSummaryResponseSchema } from '@quizcast/contract/schemas/result';
import type { quizzes } from '../../src/db/schema';
import { createAttempt, createQuiz, type CreatedQuiz, type UserRow } from '../../src/seed/factories';
import { useTestApp } from './app';
import { bearerFor, type TestApp } from '../helpers';

export const MIN = 60_000;
export const HOUR = 60 * MIN;
export const GRACE_MS = 30_000; // SUBMIT_GRACE_SECONDS default
export const START = new Date('2026-11-22T10:00:00Z');

export const summaryUrl = (quizId: string) => `/api/quizzes/participant/quiz-summary/${quizId}`;
export const leaderboardUrl = (quizId: string, query = '') =>
  `/api/quizzes/participant/${quizId}/leaderboard${query}`;

/** A quiz running 09:00–11:00 on the test day (the test clock starts at 10:00). */
export async function liveQuiz(t: TestApp, overrides: Partial<typeof quizzes.$inferInsert> = {}) {
  return createQuiz(t.db, {
    startAt: new Date(START.getTime() - HOUR),
    endAt: new Date(START.getTime() + HOUR),
    durationMin: 10,
    ...overrides,
  });
}

/** The answers an attempt would save: `correct` right ones first, then wrong ones, rest unanswered. */
export function answersFor(quiz: CreatedQuiz, correct: number, wrong = 0) {
  return quiz.questions.map((q, i) => ({
    qnId: q.id,
    selectedOption:
      i < correct ? q.choices[q.ansIndex]! : i < correct + wrong ? q.choices[(q.ansIndex + 1) % 4]! : null,
  }));
}

export async function submitted(
  t: TestApp,
  quiz: CreatedQuiz,
  user: UserRow,
  score: number,
  elapsedMs: number,
  startedAt = new Date(START.getTime() - 30 * MIN),
) {
  return createAttempt(t.db, {
    quizId: quiz.quiz.id,
    userId: user.id,
    status: 'submitted',
    startedAt,
    deadlineAt: new Date(startedAt.getTime() + quiz.quiz.durationMin * MIN),
    submittedAt: new Date(startedAt.getTime() + elapsedMs),
    answers: answersFor(quiz, score),
    score,
    correctCount: score,
    elapsedMs,
  });
}

/**
 * A summary's 200 body is the contract's own encoding of what it says, byte for byte (its keys in
 * the schema's order, nothing else): what the route sent when it encoded the whole body per request.
 */
export function expectContractBytes(body: string): void {
  expect(body).toBe(JSON.stringify(quizSummaryResponseSchema.encode(JSON.parse(body))));
}

/** Statements the app sent (tests clear it, make a request, and read what the code really ran). */
export const sent: { query: string; params: unknown[] }[] = [];

export async function get(t: TestApp, url: string, user?: UserRow) {
  return t.app.inject({ method: 'GET', url, headers: user ? await bearerFor(user, t.clock) : {} });
}

/** One app for the calling describe, its clock at START, its statements logged in `sent`. */
export function useResultsApp(): void {
  useTestApp({ now: START, queryLog: (query, params) => sent.push({ query, params }) });
}
