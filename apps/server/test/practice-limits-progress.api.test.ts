import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@quizcast/contract/errors';
import { progressResponseSchema } from '@quizcast/contract/schemas/analytics';
import { practiceProgressResponseSchema } from '@quizcast/contract/schemas/practice';
import { createStudent } from '../src/seed/factories';
import { buildTestApp, testDatabaseKind, type TestApp } from './helpers';
import {
  contestAttempt,
  learner,
  openQuiz,
  publish,
  started,
  submitPractice,
  topicQuestions,
  type Learner,
} from './practice-support';

/** Issue 27: a per-learner limit on practice saves, and the progress page's practice part. */

const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

const saveOnce = (t: TestApp, who: Learner, attemptId: string, qnId: string, option: string, seq: number) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/practice/attempts/${attemptId}/answers`,
    headers: who.headers,
    payload: { answers: [{ qnId, selectedOption: option, seq }] },
  });

// In Redis every limiter shares one key space: the limiter's name keeps the counts apart.
describe.each([
  ['in this process', {}],
  ['in Redis', { REDIS_URL, RATE_LIMIT_NAMESPACE: `quizcast-test-${randomBytes(6).toString('hex')}:` }],
])(`practice saves per learner, counted %s (${testDatabaseKind})`, (_where, store) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { PRACTICE_LIMIT_PER_MINUTE: '3', ...store } });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After past the limit, for that learner only', async () => {
    const quiz = await openQuiz(t);
    await publish(t, quiz);
    const me = await learner(t, await createStudent(t.db));
    const other = await learner(t, await createStudent(t.db));
    const mine = await started(t, me, quiz.quiz.id);
    const theirs = await started(t, other, quiz.quiz.id);
    const q = quiz.questions[0]!;
    const codes: number[] = [];
    for (let i = 1; i <= 4; i++)
      codes.push((await saveOnce(t, me, mine._id, q.id, q.choices[0]!, i)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const refused = await saveOnce(t, me, mine._id, q.id, q.choices[0]!, 5);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(errorBodySchema.parse(refused.json())).toMatchObject({
      statusCode: 429,
      error: 'Too Many Requests',
    });
    // Another learner is not held back by this one.
    expect((await saveOnce(t, other, theirs._id, q.id, q.choices[0]!, 1)).statusCode).toBe(200);
  });
});

describe(`the progress page's practice part (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const progressOf = async (who: Learner) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/practice/progress', headers: who.headers });
    expect(res.statusCode, res.body).toBe(200);
    return practiceProgressResponseSchema.parse(res.json());
  };

  it('counts practice apart from contest attempts, by topic, by the latest practice answer', async () => {
    const seeds = [...topicQuestions('Polity', 2), ...topicQuestions('History', 2)];
    const quiz = await openQuiz(t, {}, seeds);
    const me = await learner(t, await createStudent(t.db));
    // A contest attempt: all four right. It shows in the contest's figures, never in practice's.
    await contestAttempt(t, quiz, me.user, [0, 0, 0, 0], 4, 60_000);
    await publish(t, quiz);

    expect(await progressOf(me)).toEqual({
      quizPractices: 0,
      drills: 0,
      questions: 0,
      correct: 0,
      accuracy: null,
      byTopic: [],
    });

    const [p1, p2, h1, h2] = quiz.questions;
    const first = await started(t, me, quiz.quiz.id);
    await submitPractice(t, me, first, [
      { qnId: p1!.id, selectedOption: p1!.choices[1]! },
      { qnId: p2!.id, selectedOption: p2!.choices[1]! },
      { qnId: h1!.id, selectedOption: h1!.choices[0]! },
      { qnId: h2!.id, selectedOption: null },
    ]);
    // Practised again: the latest answer to each question counts.
    const second = await started(t, me, quiz.quiz.id);
    await submitPractice(t, me, second, [{ qnId: p1!.id, selectedOption: p1!.choices[0]! }]);

    expect(await progressOf(me)).toEqual({
      quizPractices: 2,
      drills: 0,
      questions: 3,
      correct: 2,
      accuracy: 66.7,
      byTopic: [
        { label: 'Polity', questions: 2, correct: 1, accuracy: 50 },
        { label: 'History', questions: 1, correct: 1, accuracy: 100 },
      ],
    });

    // The contest's progress still counts only the contest attempt.
    const contest = await t.app.inject({ method: 'GET', url: '/api/analytics/me', headers: me.headers });
    expect(contest.statusCode, contest.body).toBe(200);
    const body = progressResponseSchema.parse(contest.json());
    expect(body.strategy).toMatchObject({ questions: 4, correct: 4 });
    expect(body.byTopic.map((r) => [r.label, r.questions, r.correct])).toEqual([
      ['History', 2, 2],
      ['Polity', 2, 2],
    ]);
  });

  it('asks for a session (401 without one)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/practice/progress' });
    expect(res.statusCode).toBe(401);
  });
});
