import { describe, expect, it } from 'vitest';
import { type Answer } from '@quizcast/contract/schemas/quiz';
import { AttemptRepository } from '../src/modules/quizzes/attempt.repository';
import { QuizRepository } from '../src/modules/quizzes/quiz.repository';
import { AttemptService } from '../src/modules/quizzes/attempt.service';
import { createQuiz, createStudent, type CreatedQuiz } from '../src/seed/factories';
import { bearerFor, buildTestApp, testDatabaseKind } from './helpers';
import {
  MIN,
  student,
  quiz,
  at,
  get,
  attend,
  save,
  submit,
  attemptsOf,
  answersFor,
  errorOf,
} from './support/quiz-attempt';
import { t, useTestApp } from './support/app';

useTestApp({ now: '2026-11-22T10:00:00Z' });

describe(`submit (${testDatabaseKind})`, () => {
  it('stores one scored attempt with server times; client times are recorded only', async () => {
    const { user, headers } = await student();
    const created = await quiz({ durationMin: 10, showScoreOnSubmit: true });
    await attend(created.quiz.id, headers);
    t.clock.advance(3 * MIN);
    try {
      const res = await submit(headers, {
        quizId: created.quiz.id,
        startedAt: '2026-11-22T09:59:59.000Z',
        submittedAt: '2026-11-22T10:00:01.000Z',
        answers: answersFor(created, 5, 3),
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        message: 'Quiz submitted successfully',
        score: 3,
        maxScore: 10,
        totalQuestions: 10,
        answeredCount: 5,
        submittedAt: t.clock.now().toISOString(),
        resultsAt: new Date(
          created.quiz.endAt.getTime() + t.config.SUBMIT_GRACE_SECONDS * 1000,
        ).toISOString(),
      });
      const rows = await attemptsOf(created.quiz.id, user.id);
      expect(rows).toHaveLength(1);
      const row = rows[0]!;
      expect(row.status).toBe('submitted');
      expect(row.score).toBe(3);
      expect(row.correctCount).toBe(3);
      expect(row.elapsedMs).toBe(3 * MIN);
      expect(row.submittedAt!.toISOString()).toBe(t.clock.now().toISOString());
      expect(row.clientStartedAt!.toISOString()).toBe('2026-11-22T09:59:59.000Z');
      expect(row.clientSubmittedAt!.toISOString()).toBe('2026-11-22T10:00:01.000Z');
      expect(row.answers).toHaveLength(10);
    } finally {
      t.clock.advance(-3 * MIN);
    }
  });

  it('fills questions left out of the submission from the saved answers', async () => {
    const { user, headers } = await student();
    const created = await quiz();
    await attend(created.quiz.id, headers);
    const all = answersFor(created, 4, 4);
    await save(created.quiz.id, headers, all.slice(0, 2));
    const res = await submit(headers, { quizId: created.quiz.id, answers: all.slice(2) });
    expect(res.statusCode).toBe(201);
    const [row] = await attemptsOf(created.quiz.id, user.id);
    expect(row!.score).toBe(4);
  });

  it('caps elapsed time at the duration when submitted inside the grace', async () => {
    const { user, headers } = await student();
    const created = await quiz({ durationMin: 2 });
    await attend(created.quiz.id, headers);
    t.clock.advance(2 * MIN + 25_000);
    try {
      const res = await submit(headers, { quizId: created.quiz.id, answers: answersFor(created, 1, 1) });
      expect(res.statusCode).toBe(201);
      const [row] = await attemptsOf(created.quiz.id, user.id);
      expect(row!.elapsedMs).toBe(2 * MIN);
      expect(row!.submittedAt!.toISOString()).toBe(row!.deadlineAt.toISOString());
    } finally {
      t.clock.advance(-(2 * MIN + 25_000));
    }
  });

  it('answers 409 "Already Submitted" to a second submission and keeps the first', async () => {
    const { user, headers } = await student();
    const created = await quiz();
    await attend(created.quiz.id, headers);
    expect(
      (await submit(headers, { quizId: created.quiz.id, answers: answersFor(created, 2, 2) })).statusCode,
    ).toBe(201);
    const again = await submit(headers, { quizId: created.quiz.id, answers: answersFor(created, 10, 10) });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toEqual({ statusCode: 409, message: 'Already Submitted', error: 'Conflict' });
    const rows = await attemptsOf(created.quiz.id, user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.score).toBe(2);
  });

  it('stores exactly one attempt when submissions arrive at the same moment', async () => {
    const { user, headers } = await student();
    const created = await quiz({ showScoreOnSubmit: true });
    await attend(created.quiz.id, headers);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        submit(headers, { quizId: created.quiz.id, answers: answersFor(created, i + 1, i + 1) }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409]);
    const rows = await attemptsOf(created.quiz.id, user.id);
    expect(rows).toHaveLength(1);
    const winner = results.find((r) => r.statusCode === 201)!.json() as { score: number };
    expect(rows[0]!.score).toBe(winner.score);
  });

  it('answers 400 for a question of another quiz or an option that is not a choice, storing nothing', async () => {
    const { user, headers } = await student();
    const created = await quiz();
    await attend(created.quiz.id, headers);
    const foreign = (await quiz()).questions[0]!;
    const unknown = await submit(headers, {
      quizId: created.quiz.id,
      answers: [{ qnId: foreign.id, selectedOption: foreign.choices[0] }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).message).toBe(`Unknown question: ${foreign.id}`);
    const q0 = created.questions[0]!;
    const badOption = await submit(headers, {
      quizId: created.quiz.id,
      answers: [{ qnId: q0.id, selectedOption: 'None of these' }],
    });
    expect(badOption.statusCode).toBe(400);
    expect(errorOf(badOption).message).toBe(`Invalid option for question ${q0.id}`);
    const [row] = await attemptsOf(created.quiz.id, user.id);
    expect(row!.status).toBe('in_progress');
    // Malformed bodies are refused by the contract schema.
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/quizzes/participant/submit',
      headers,
      payload: { answers: [] },
    });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).message).toBe('quizId is required');
  });

  it('answers 404 for an unknown quiz, 406 outside the window, 402 when locked', async () => {
    const { headers } = await student();
    expect((await submit(headers, { quizId: 'nope', answers: [] })).statusCode).toBe(404);
    const ended = await quiz({ startAt: at(-120 * MIN), endAt: at(-60 * MIN) });
    expect((await submit(headers, { quizId: ended.quiz.id, answers: [] })).statusCode).toBe(406);
    const paid = await quiz({ pricePaise: 1000 });
    expect((await submit(headers, { quizId: paid.quiz.id, answers: [] })).statusCode).toBe(402);
  });

  it('refuses a submission after deadline + grace with 409 and auto-submits the saved answers', async () => {
    const { user, headers } = await student();
    const created = await quiz({ durationMin: 5 });
    await attend(created.quiz.id, headers);
    await save(created.quiz.id, headers, answersFor(created, 3, 1));
    t.clock.advance(5 * MIN + 31_000);
    try {
      const late = await submit(headers, { quizId: created.quiz.id, answers: answersFor(created, 10, 10) });
      expect(late.statusCode).toBe(409);
      const rows = await attemptsOf(created.quiz.id, user.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.status).toBe('auto_submitted');
      expect(rows[0]!.score).toBe(1);
      expect(rows[0]!.submittedAt!.toISOString()).toBe(rows[0]!.deadlineAt.toISOString());
      expect((await attend(created.quiz.id, headers)).statusCode).toBe(409);
    } finally {
      t.clock.advance(-(5 * MIN + 31_000));
    }
  });

  it('scores 1 point per correct answer by default and applies a negative marking scheme', async () => {
    const { headers } = await student();
    const plain = await quiz({ showScoreOnSubmit: true });
    const neet = await quiz({ markCorrect: 4, markWrong: 1, showScoreOnSubmit: true });
    const upsc = await quiz({ markCorrect: 2, markWrong: 0.66, showScoreOnSubmit: true });
    const scoreOf = async (created: CreatedQuiz) => {
      await attend(created.quiz.id, headers);
      // 6 answered: 4 right, 2 wrong; 4 unanswered (null) count 0.
      const answers: Answer[] = [
        ...answersFor(created, 6, 4),
        ...created.questions.slice(6).map((q) => ({ qnId: q.id, selectedOption: null })),
      ];
      const res = await submit(headers, { quizId: created.quiz.id, answers });
      expect(res.statusCode).toBe(201);
      return res.json() as { score: number; maxScore: number };
    };
    expect(await scoreOf(plain)).toMatchObject({ score: 4, maxScore: 10 });
    expect(await scoreOf(neet)).toMatchObject({ score: 14, maxScore: 40 });
    expect(await scoreOf(upsc)).toMatchObject({ score: 6.68, maxScore: 20 });
  });
});

describe(`auto-submit sweeper (${testDatabaseKind})`, () => {
  it('submits overdue attempts with their saved answers, leaves the rest, and is idempotent', async () => {
    const created = await quiz({ durationMin: 3, markCorrect: 4, markWrong: 1 });
    const overdue = await student();
    const inGrace = await student();
    const running = await student();
    await attend(created.quiz.id, overdue.headers);
    await save(created.quiz.id, overdue.headers, answersFor(created, 3, 2)); // 2×4 − 1 = 7
    t.clock.advance(40_000);
    await attend(created.quiz.id, inGrace.headers);
    t.clock.advance(80_000);
    await attend(created.quiz.id, running.headers);
    // Now +3:45. overdue: deadline +3:00, past it by more than the 30 s grace.
    // inGrace: deadline +3:40, past it by 5 s. running: deadline +5:00.
    t.clock.advance(105_000);
    try {
      await t.app.sweeper.runOnce();
      const [o] = await attemptsOf(created.quiz.id, overdue.user.id);
      expect(o).toMatchObject({ status: 'auto_submitted', score: 7, correctCount: 2, elapsedMs: 3 * MIN });
      expect(o!.submittedAt!.toISOString()).toBe(o!.deadlineAt.toISOString());
      expect((await attemptsOf(created.quiz.id, inGrace.user.id))[0]!.status).toBe('in_progress');
      expect((await attemptsOf(created.quiz.id, running.user.id))[0]!.status).toBe('in_progress');

      const before = (await attemptsOf(created.quiz.id, overdue.user.id))[0]!;
      await t.app.sweeper.runOnce();
      const after = (await attemptsOf(created.quiz.id, overdue.user.id))[0]!;
      expect(after.updatedAt.toISOString()).toBe(before.updatedAt.toISOString());
      // The user sees it as submitted.
      const listed = await get('/api/quizzes/participant?limit=50', overdue.headers);
      const item = (listed.json() as { quizzes: { _id: string; attendedDetails?: unknown }[] }).quizzes.find(
        (q) => q._id === created.quiz.id,
      );
      expect(item?.attendedDetails).toEqual({
        startedAt: o!.startedAt.toISOString(),
        submittedAt: o!.submittedAt!.toISOString(),
      });
    } finally {
      t.clock.advance(-(40_000 + 80_000 + 105_000));
    }
  });

  it('never submits an attempt twice when several instances sweep at once', async () => {
    const created = await quiz({ durationMin: 1 });
    const users = await Promise.all(Array.from({ length: 12 }, () => student()));
    for (const u of users) {
      await attend(created.quiz.id, u.headers);
      await save(created.quiz.id, u.headers, answersFor(created, 1, 1));
    }
    t.clock.advance(2 * MIN);
    try {
      // Three independent service instances, as three app processes would have.
      const instances = Array.from(
        { length: 3 },
        () =>
          new AttemptService(new QuizRepository(t.db), new AttemptRepository(t.db), {
            clock: t.clock,
            graceMs: 30_000,
          }),
      );
      const counts = await Promise.all(instances.map((s) => s.autoSubmitOverdue(t.clock.now())));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(12);
      for (const u of users) {
        const rows = await attemptsOf(created.quiz.id, u.user.id);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ status: 'auto_submitted', score: 1 });
      }
    } finally {
      t.clock.advance(-2 * MIN);
    }
  });

  it('honours a configured grace period', async () => {
    const strict = await buildTestApp({ now: '2026-11-22T10:00:00Z', env: { SUBMIT_GRACE_SECONDS: '0' } });
    try {
      const user = await createStudent(strict.db);
      const headers = await bearerFor(user, strict.clock);
      const created = await createQuiz(strict.db, { durationMin: 1 }, undefined, strict.clock.now());
      await strict.app.inject({
        method: 'GET',
        url: `/api/quizzes/participant/attend/${created.quiz.id}`,
        headers,
      });
      strict.clock.advance(MIN + 1);
      const res = await strict.app.inject({
        method: 'POST',
        url: '/api/quizzes/participant/submit',
        headers,
        payload: { quizId: created.quiz.id, answers: [] },
      });
      expect(res.statusCode).toBe(409);
    } finally {
      await strict.close();
    }
  });
});
