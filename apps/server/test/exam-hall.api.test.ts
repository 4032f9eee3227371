import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { errorBodySchema } from '@quizcast/contract/errors';
import { quizAttemptSchema, submitQuizResponseSchema, type Answer } from '@quizcast/contract/schemas/quiz';
import { attempts } from '../src/db/schema';
import { createQuiz, createStudent, type CreatedQuiz } from '../src/seed/factories';
import { bearerFor, buildTestApp, testDatabaseKind, type TestApp } from './helpers';

/** Exam-hall attempt (issue 12, ADR 016): palette state, merge by seq, time per question, one submission. */
const MIN = 60_000;
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ now: '2026-11-22T10:00:00Z' });
});
afterAll(async () => {
  await t.close();
});

async function student(app: TestApp = t) {
  const user = await createStudent(app.db);
  return { user, headers: await bearerFor(user, app.clock) };
}
function quiz(overrides: Parameters<typeof createQuiz>[1] = {}, app: TestApp = t): Promise<CreatedQuiz> {
  // These tests read the score from the submit response, so the quiz shows it (ADR 014).
  return createQuiz(app.db, { showScoreOnSubmit: true, ...overrides }, undefined, app.clock.now());
}
function attend(quizId: string, headers: Record<string, string>, app: TestApp = t) {
  return app.app.inject({ method: 'GET', url: `/api/quizzes/participant/attend/${quizId}`, headers });
}
function save(quizId: string, headers: Record<string, string>, answers: Answer[], app: TestApp = t) {
  return app.app.inject({
    method: 'PUT',
    url: `/api/quizzes/participant/attend/${quizId}/answers`,
    headers,
    payload: { answers },
  });
}
function submit(
  headers: Record<string, string>,
  body: { quizId: string; answers: Answer[]; submissionId?: string },
  app: TestApp = t,
) {
  return app.app.inject({ method: 'POST', url: '/api/quizzes/participant/submit', headers, payload: body });
}
async function savedOf(quizId: string, userId: string) {
  const [row] = await t.db
    .select()
    .from(attempts)
    .where(and(eq(attempts.quizId, quizId), eq(attempts.userId, userId)));
  return row;
}
const right = (q: CreatedQuiz['questions'][number]) => q.choices[q.ansIndex]!;
const wrong = (q: CreatedQuiz['questions'][number]) => q.choices[(q.ansIndex + 1) % q.choices.length]!;

describe(`palette state (${testDatabaseKind})`, () => {
  it('keeps visits and marks with the answers, so a reload or another device resumes the same palette', async () => {
    const { headers } = await student();
    const created = await quiz();
    await attend(created.quiz.id, headers);
    const [q0, q1, q2, q3] = created.questions;
    const entries: Answer[] = [
      { qnId: q0!.id, selectedOption: right(q0!), visited: true, markedForReview: false, seq: 1 },
      { qnId: q1!.id, selectedOption: null, visited: true, markedForReview: false, seq: 2 },
      { qnId: q2!.id, selectedOption: null, visited: true, markedForReview: true, seq: 3 },
      { qnId: q3!.id, selectedOption: wrong(q3!), visited: true, markedForReview: true, seq: 4 },
    ];
    expect((await save(created.quiz.id, headers, entries)).statusCode).toBe(200);
    const resumed = quizAttemptSchema.parse((await attend(created.quiz.id, headers)).json());
    expect(
      resumed.savedAnswers.map(({ qnId, selectedOption, visited, markedForReview, seq }) => ({
        qnId,
        selectedOption,
        visited,
        markedForReview,
        seq,
      })),
    ).toEqual(entries);
  });

  it('scores Answered & Marked for Review, and not Marked for Review without a choice', async () => {
    const { user, headers } = await student();
    const created = await quiz({ markCorrect: 4, markWrong: 1 });
    await attend(created.quiz.id, headers);
    const [q0, q1, q2] = created.questions;
    const res = await submit(headers, {
      quizId: created.quiz.id,
      answers: [
        { qnId: q0!.id, selectedOption: right(q0!), markedForReview: true, visited: true, seq: 1 },
        { qnId: q1!.id, selectedOption: null, markedForReview: true, visited: true, seq: 2 },
        { qnId: q2!.id, selectedOption: right(q2!), markedForReview: false, visited: true, seq: 3 },
      ],
    });
    expect(res.statusCode).toBe(201);
    const body = submitQuizResponseSchema.parse(res.json());
    expect(body.score).toBe(8);
    expect(body.answeredCount).toBe(2);
    const row = await savedOf(created.quiz.id, user.id);
    expect(row!.correctCount).toBe(2);
    expect(row!.answers.find((a) => a.qnId === q1!.id)).toMatchObject({
      selectedOption: null,
      markedForReview: true,
    });
  });
});

describe(`merge by sequence (${testDatabaseKind})`, () => {
  it('never lets a stale or replayed save revert a newer answer; a clear is an explicit entry', async () => {
    const { user, headers } = await student();
    const created = await quiz();
    await attend(created.quiz.id, headers);
    const [q0, q1] = created.questions;
    const newer = { qnId: q0!.id, selectedOption: right(q0!), visited: true, seq: 5 };
    await save(created.quiz.id, headers, [newer]);
    // A device copy from before (seq 3) comes back online and sends everything it had.
    const stale = await save(created.quiz.id, headers, [
      { qnId: q0!.id, selectedOption: wrong(q0!), visited: true, seq: 3 },
      { qnId: q1!.id, selectedOption: right(q1!), visited: true, seq: 4 },
    ]);
    expect(stale.statusCode).toBe(200);
    let row = await savedOf(created.quiz.id, user.id);
    const byId = () => Object.fromEntries(row!.answers.map((a) => [a.qnId, a.selectedOption]));
    expect(byId()).toEqual({ [q0!.id]: right(q0!), [q1!.id]: right(q1!) });

    await save(created.quiz.id, headers, [{ qnId: q0!.id, selectedOption: null, visited: true, seq: 6 }]);
    await save(created.quiz.id, headers, [newer]); // replayed
    row = await savedOf(created.quiz.id, user.id);
    expect(byId()).toEqual({ [q0!.id]: null, [q1!.id]: right(q1!) });

    // The submission is merged the same way: a stale entry in it does not win over a newer save.
    await save(created.quiz.id, headers, [{ qnId: q1!.id, selectedOption: wrong(q1!), seq: 9 }]);
    const res = await submit(headers, {
      quizId: created.quiz.id,
      answers: [{ qnId: q1!.id, selectedOption: right(q1!), seq: 4 }],
    });
    expect(submitQuizResponseSchema.parse(res.json())).toMatchObject({ score: 0, answeredCount: 1 });
  });

  it('keeps the newest answer per question when many saves arrive at once, in any order', async () => {
    const { user, headers } = await student();
    const created = await quiz();
    await attend(created.quiz.id, headers);
    const qs = created.questions.slice(0, 4);
    // 40 saves, each changing two questions; the highest seq for each question is the learner's last choice.
    const saves = Array.from({ length: 40 }, (_, i) =>
      [qs[i % 4]!, qs[(i + 1) % 4]!].map((q, k) => ({
        qnId: q.id,
        selectedOption: q.choices[(i + k) % q.choices.length]!,
        seq: i * 2 + k + 1,
      })),
    );
    const expected = new Map<string, { option: string; seq: number }>();
    for (const entry of saves.flat()) {
      const seen = expected.get(entry.qnId);
      if (!seen || entry.seq > seen.seq)
        expected.set(entry.qnId, { option: entry.selectedOption, seq: entry.seq });
    }
    const shuffled = [...saves].reverse();
    const codes = await Promise.all(
      shuffled.map((s) => save(created.quiz.id, headers, s).then((r) => r.statusCode)),
    );
    expect(codes.every((c) => c === 200)).toBe(true);
    const row = await savedOf(created.quiz.id, user.id);
    expect(Object.fromEntries(row!.answers.map((a) => [a.qnId, a.selectedOption]))).toEqual(
      Object.fromEntries([...expected].map(([id, v]) => [id, v.option])),
    );
  });

  it('refuses a negative or fractional seq with 400 and saves nothing', async () => {
    const { user, headers } = await student();
    const created = await quiz();
    await attend(created.quiz.id, headers);
    const q0 = created.questions[0]!;
    const res = await save(created.quiz.id, headers, [{ qnId: q0.id, selectedOption: right(q0), seq: -1 }]);
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json()).message).toContain('seq must not be negative');
    expect((await savedOf(created.quiz.id, user.id))!.answers).toEqual([]);
  });
});

describe(`time per question (${testDatabaseKind})`, () => {
  it('clamps each value to the duration and their sum to the time elapsed', async () => {
    const { user, headers } = await student();
    const created = await quiz({ durationMin: 10 });
    await attend(created.quiz.id, headers);
    const [q0, q1, q2] = created.questions;
    t.clock.advance(2 * MIN);
    try {
      await save(created.quiz.id, headers, [
        { qnId: q0!.id, timeSpentMs: 90_000, visited: true, seq: 1 },
        { qnId: q1!.id, timeSpentMs: 30_000, visited: true, seq: 2 },
        { qnId: q2!.id, timeSpentMs: 5 * 3_600_000, visited: true, seq: 3 },
      ]);
      const row = await savedOf(created.quiz.id, user.id);
      const times = row!.answers.map((a) => a.timeSpentMs!);
      expect(times.every((ms) => ms >= 0 && ms <= 10 * MIN)).toBe(true);
      expect(times.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(2 * MIN);
      // Honest values below the limits are kept exactly.
      const student2 = await student();
      await attend(created.quiz.id, student2.headers);
      t.clock.advance(1 * MIN);
      await save(created.quiz.id, student2.headers, [
        { qnId: q0!.id, timeSpentMs: 40_000, seq: 1 },
        { qnId: q1!.id, timeSpentMs: 15_000, seq: 2 },
      ]);
      const honest = await savedOf(created.quiz.id, student2.user.id);
      expect(honest!.answers.map((a) => a.timeSpentMs)).toEqual([40_000, 15_000]);
      t.clock.advance(-1 * MIN);
    } finally {
      t.clock.advance(-2 * MIN);
    }
  });

  it('refuses a negative time with 400', async () => {
    const { headers } = await student();
    const created = await quiz();
    await attend(created.quiz.id, headers);
    const res = await save(created.quiz.id, headers, [{ qnId: created.questions[0]!.id, timeSpentMs: -10 }]);
    expect(res.statusCode).toBe(400);
  });
});

describe(`one submission (${testDatabaseKind})`, () => {
  it('refuses a submit before the attempt was started by the attempt fetch, storing nothing', async () => {
    const { user, headers } = await student();
    const created = await quiz();
    const res = await submit(headers, { quizId: created.quiz.id, answers: [] });
    expect(res.statusCode).toBe(409);
    expect(errorBodySchema.parse(res.json()).message).toBe('Start the quiz before submitting');
    expect(await savedOf(created.quiz.id, user.id)).toBeUndefined();
  });

  it('answers a retry of the same submission as the first did; any other submission gets 409', async () => {
    const { headers } = await student();
    const created = await quiz();
    await attend(created.quiz.id, headers);
    const q0 = created.questions[0]!;
    const body = {
      quizId: created.quiz.id,
      answers: [{ qnId: q0.id, selectedOption: right(q0), seq: 1 }],
      submissionId: 'sub-0123456789abcdef',
    };
    const first = await submit(headers, body);
    expect(first.statusCode).toBe(201);
    t.clock.advance(20_000);
    try {
      // The response was lost on 3G; the phone retries, possibly with more answers it never sent.
      const retry = await submit(headers, {
        ...body,
        answers: [
          ...body.answers,
          { qnId: created.questions[1]!.id, selectedOption: right(created.questions[1]!) },
        ],
      });
      expect(retry.statusCode).toBe(201);
      expect(retry.json()).toEqual(first.json());
      const other = await submit(headers, { ...body, submissionId: 'another-submission-01' });
      expect(other.statusCode).toBe(409);
      expect(errorBodySchema.parse(other.json()).message).toBe('Already Submitted');
      const anonymous = await submit(headers, { quizId: body.quizId, answers: body.answers });
      expect(anonymous.statusCode).toBe(409);
    } finally {
      t.clock.advance(-20_000);
    }
  });

  it('gives every simultaneous retry of one submission the same success', async () => {
    const { user, headers } = await student();
    const created = await quiz();
    await attend(created.quiz.id, headers);
    const body = {
      quizId: created.quiz.id,
      answers: created.questions.map((q, i) => ({ qnId: q.id, selectedOption: right(q), seq: i + 1 })),
      submissionId: 'same-submission-xyz',
    };
    const results = await Promise.all(Array.from({ length: 5 }, () => submit(headers, body)));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(results.map((r) => r.body)).size).toBe(1);
    expect((await savedOf(created.quiz.id, user.id))!.score).toBe(10);
  });

  it('keeps an autosave that lands while a submission is being scored', async () => {
    const { user, headers } = await student();
    const created = await quiz();
    await attend(created.quiz.id, headers);
    const qs = created.questions;
    const both = await Promise.all([
      save(created.quiz.id, headers, [{ qnId: qs[0]!.id, selectedOption: right(qs[0]!), seq: 2 }]),
      submit(headers, {
        quizId: created.quiz.id,
        answers: [{ qnId: qs[1]!.id, selectedOption: right(qs[1]!), seq: 1 }],
        submissionId: 'submission-with-race',
      }),
    ]);
    expect(both[1].statusCode).toBe(201);
    const row = await savedOf(created.quiz.id, user.id);
    // Either the save got in before the submission and is scored, or it was refused after it: an
    // acknowledged save is never dropped.
    expect([200, 409]).toContain(both[0].statusCode);
    expect(row!.correctCount).toBe(both[0].statusCode === 200 ? 2 : 1);
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
// In this process each limiter has its own store keyed by the learner's id; in Redis the limiters
// share one key space, so each one's name must keep its counts apart (plugins/rate-limit.ts).
describe.each([
  ['in this process', {}],
  ['in Redis', { REDIS_URL, RATE_LIMIT_NAMESPACE: `quizcast-test-${randomBytes(6).toString('hex')}:` }],
])(`per-learner limits, counted %s (${testDatabaseKind})`, (_where, store) => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({
      now: '2026-11-22T10:00:00Z',
      env: {
        ATTEND_LIMIT_PER_MINUTE: '3',
        AUTOSAVE_LIMIT_PER_MINUTE: '4',
        SUBMIT_LIMIT_PER_MINUTE: '2',
        ...store,
      },
    });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('answers 429 with Retry-After past the attend, autosave and submit limits, per learner', async () => {
    const created = await quiz({}, limited);
    const { headers } = await student(limited);
    const attends = [];
    for (let i = 0; i < 4; i++) attends.push((await attend(created.quiz.id, headers, limited)).statusCode);
    expect(attends).toEqual([200, 200, 200, 429]);

    const q0 = created.questions[0]!;
    const saves = [];
    for (let i = 0; i < 5; i++)
      saves.push(
        await save(created.quiz.id, headers, [{ qnId: q0.id, selectedOption: right(q0), seq: i }], limited),
      );
    expect(saves.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 429]);
    const refused = saves[4]!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(errorBodySchema.parse(refused.json())).toMatchObject({
      statusCode: 429,
      error: 'Too Many Requests',
    });

    const body = { quizId: created.quiz.id, answers: [], submissionId: 'limited-submission' };
    const submits = [];
    for (let i = 0; i < 3; i++) submits.push((await submit(headers, body, limited)).statusCode);
    expect(submits).toEqual([201, 201, 429]);

    // Another learner is not affected.
    const other = await student(limited);
    expect((await attend(created.quiz.id, other.headers, limited)).statusCode).toBe(200);
  });
});
