import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  practiceAttemptSchema,
  practiceSubmitResponseSchema,
  type PracticeAttempt,
  type PracticeSubmitResponse,
} from '@quizcast/contract/schemas/practice';
import { payments, quizzes, type SavedAnswer } from '../src/db/schema';
import {
  createAttempt,
  createQuiz,
  type CreatedQuiz,
  type QuestionSeed,
  type UserRow,
} from '../src/seed/factories';
import { bearerFor, type TestApp } from './helpers';

/** Shared by the practice and drill API tests (issue 27). */

export const MIN = 60_000;
const HOUR = 60 * MIN;

/** A quiz open now (started an hour ago, ends in a minute): questions with topics and explanations. */
export async function openQuiz(
  t: TestApp,
  overrides: Parameters<typeof createQuiz>[1] = {},
  seeds: QuestionSeed[] = topicQuestions('Polity', 4),
): Promise<CreatedQuiz> {
  const now = t.clock.now();
  return createQuiz(
    t.db,
    { startAt: new Date(now.getTime() - HOUR), endAt: new Date(now.getTime() + MIN), ...overrides },
    seeds,
    now,
  );
}

/** `n` questions of one topic: the key is always the first choice ("right <topic> i"). */
export function topicQuestions(topic: string, n: number, tag = ''): QuestionSeed[] {
  return Array.from({ length: n }, (_, i) => ({
    qn: `${topic}${tag} question ${i + 1}?`,
    choices: [`right ${topic} ${i}`, `wrong ${topic} ${i}`, 'maybe', 'never'],
    ansIndex: 0,
    explanation: `Because ${topic} ${i}.`,
    topic,
  }));
}

/** A submitted contest attempt with these choices (null: skipped), its score and time as given. */
export async function contestAttempt(
  t: TestApp,
  quiz: CreatedQuiz,
  user: UserRow,
  picks: (number | null)[],
  score: number,
  elapsedMs: number,
) {
  const answers: SavedAnswer[] = quiz.questions.map((q, i) => ({
    qnId: q.id,
    selectedOption: picks[i] == null ? null : q.choices[picks[i]]!,
  }));
  return createAttempt(t.db, {
    quizId: quiz.quiz.id,
    userId: user.id,
    status: 'submitted',
    startedAt: quiz.quiz.startAt,
    deadlineAt: quiz.quiz.endAt,
    submittedAt: new Date(quiz.quiz.startAt.getTime() + elapsedMs),
    answers,
    score,
    correctCount: Math.round(score),
    elapsedMs,
  });
}

/** Moves the clock past the quiz's end + grace and runs the sweeper: results publish and analyse. */
export async function publish(t: TestApp, quiz: CreatedQuiz) {
  const after = quiz.quiz.endAt.getTime() + (t.config.SUBMIT_GRACE_SECONDS + 1) * 1000;
  if (t.clock.now().getTime() < after) t.clock.set(new Date(after));
  await t.app.sweeper.runOnce();
  const [row] = await t.db.select().from(quizzes).where(eq(quizzes.id, quiz.quiz.id));
  expect(row!.resultsPublishedAt).not.toBeNull();
}

export async function unlock(t: TestApp, user: UserRow, quiz: CreatedQuiz) {
  await t.db.insert(payments).values({
    userId: user.id,
    quizId: quiz.quiz.id,
    provider: 'fake',
    orderId: `order-${user.id}-${quiz.quiz.id}`,
    basePaise: quiz.quiz.pricePaise,
    gstPaise: 0,
    amountPaise: quiz.quiz.pricePaise,
    status: 'success',
  });
}

export interface Learner {
  user: UserRow;
  headers: Record<string, string>;
}

export async function learner(t: TestApp, user: UserRow): Promise<Learner> {
  return { user, headers: await bearerFor(user, t.clock) };
}

export async function startPractice(
  t: TestApp,
  who: Learner,
  quizId: string,
  mode = { timed: false, instantFeedback: false },
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/practice/quizzes/${quizId}/attempts`,
    headers: who.headers,
    payload: mode,
  });
}

export async function started(
  t: TestApp,
  who: Learner,
  quizId: string,
  mode?: { timed: boolean; instantFeedback: boolean },
) {
  const res = await startPractice(t, who, quizId, mode);
  expect(res.statusCode, res.body).toBe(201);
  return practiceAttemptSchema.parse(res.json());
}

/** Saves answers to a running practice attempt (PUT …/answers), expecting 200. */
export async function savePractice(
  t: TestApp,
  who: Learner,
  attempt: { _id: string },
  answers: { qnId: string; selectedOption: string | null; seq?: number }[],
): Promise<void> {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/practice/attempts/${attempt._id}/answers`,
    headers: who.headers,
    payload: { answers },
  });
  expect(res.statusCode, res.body).toBe(200);
}

export async function submitPractice(
  t: TestApp,
  who: Learner,
  attempt: PracticeAttempt,
  answers: { qnId: string; selectedOption: string | null }[],
): Promise<PracticeSubmitResponse> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/practice/attempts/${attempt._id}/submit`,
    headers: who.headers,
    payload: { answers },
  });
  expect(res.statusCode, res.body).toBe(200);
  return practiceSubmitResponseSchema.strict().parse(res.json());
}

/** Every answer, explanation or correct-answer text of these questions, to look for in a body. */
export function secretsOf(quiz: CreatedQuiz): string[] {
  return quiz.questions.flatMap((q) => [q.explanation ?? '', q.qn]).filter(Boolean);
}
