import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  practiceSubmitResponseSchema,
  practiceHistoryResponseSchema,
  practiceQuizListResponseSchema,
  practiceSaveResponseSchema,
} from '@quizcast/contract/schemas/practice';
import { attempts, itemAnalysis, quizzes, reviewCards } from '../src/db/schema';
import { createStudent } from '../src/seed/factories';
import { buildTestApp, type TestApp } from './helpers';
import {
  contestAttempt,
  learner,
  MIN,
  openQuiz,
  publish,
  secretsOf,
  started,
  startPractice,
  submitPractice,
  topicQuestions,
  unlock,
  type Learner,
} from './practice-support';

/**
 * Practice of published quizzes (issue 27, ADR 024), tested as an attacker would: nothing of a quiz
 * whose results are not published reaches a practice response, paid quizzes need their unlock,
 * and the contest's figures never move.
 */
let t: TestApp;
let me: Learner;

beforeAll(async () => {
  t = await buildTestApp();
  me = await learner(t, await createStudent(t.db));
});
afterAll(() => t.close());

const list = async (who: Learner, query = '') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/practice/quizzes${query}`,
    headers: who.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return practiceQuizListResponseSchema.parse(res.json()).quizzes;
};

describe('what practice may show', () => {
  it('never shows a live, ended-but-unpublished or withdrawn quiz, by list, start, attempt or save', async () => {
    const live = await openQuiz(t, { endAt: new Date(t.clock.now().getTime() + 600 * MIN) });
    const ended = await openQuiz(t, { endAt: new Date(t.clock.now().getTime() + MIN) });
    const withdrawn = await openQuiz(t);
    await publish(t, withdrawn);
    // `ended` has ended, but its results wait for the sweeper that the attacker cannot run.
    await t.db.update(quizzes).set({ resultsPublishedAt: null }).where(eq(quizzes.id, ended.quiz.id));
    const running = await started(t, me, withdrawn.quiz.id, { timed: false, instantFeedback: true });
    await t.db.update(quizzes).set({ published: false }).where(eq(quizzes.id, withdrawn.quiz.id));

    const ids = (await list(me)).map((q) => q._id);
    for (const hidden of [live, ended, withdrawn]) {
      expect(ids).not.toContain(hidden.quiz.id);
      const start = await startPractice(t, me, hidden.quiz.id, { timed: true, instantFeedback: true });
      expect(start.statusCode).toBe(404);
      for (const secret of secretsOf(hidden)) expect(start.body).not.toContain(secret);
    }
    // The attempt started while the quiz was published shows nothing of it now.
    const resumed = await t.app.inject({
      method: 'GET',
      url: `/api/practice/attempts/${running._id}`,
      headers: me.headers,
    });
    expect(resumed.statusCode).toBe(404);
    const save = await t.app.inject({
      method: 'PUT',
      url: `/api/practice/attempts/${running._id}/answers`,
      headers: me.headers,
      payload: { answers: [{ qnId: withdrawn.questions[0]!.id, selectedOption: 'maybe' }] },
    });
    expect(save.statusCode).toBe(404);
    expect(save.body).not.toContain('Because');
  });

  it("refuses another quiz's question ids in a practice's answers and gives no feedback for them", async () => {
    const published = await openQuiz(t);
    const live = await openQuiz(t, { endAt: new Date(t.clock.now().getTime() + 600 * MIN) });
    await publish(t, published);
    const attempt = await started(t, me, published.quiz.id, { timed: false, instantFeedback: true });
    const save = await t.app.inject({
      method: 'PUT',
      url: `/api/practice/attempts/${attempt._id}/answers`,
      headers: me.headers,
      payload: { answers: [{ qnId: live.questions[0]!.id, selectedOption: live.questions[0]!.choices[1] }] },
    });
    expect(save.statusCode).toBe(400);
    for (const secret of secretsOf(live)) expect(save.body).not.toContain(secret);
  });

  it("answers 404 for another learner's attempt and for malformed ids", async () => {
    const quiz = await openQuiz(t);
    await publish(t, quiz);
    const attempt = await started(t, me, quiz.quiz.id);
    const other = await learner(t, await createStudent(t.db));
    for (const url of [`/api/practice/attempts/${attempt._id}`, '/api/practice/attempts/not-a-uuid']) {
      const res = await t.app.inject({ method: 'GET', url, headers: other.headers });
      expect(res.statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/practice/quizzes' })).statusCode).toBe(401);
  });

  it('lets a paid quiz be practised only after the learner unlocked it', async () => {
    const paid = await openQuiz(t, { pricePaise: 4900 });
    await publish(t, paid);
    const listed = (await list(me)).find((q) => q._id === paid.quiz.id);
    expect(listed?.unlocked).toBe(false);
    const locked = await startPractice(t, me, paid.quiz.id);
    expect(locked.statusCode).toBe(402);
    for (const secret of secretsOf(paid)) expect(locked.body).not.toContain(secret);
    await unlock(t, me.user, paid);
    expect((await startPractice(t, me, paid.quiz.id)).statusCode).toBe(201);
  });
});

describe('practising a published quiz', () => {
  it('filters the list by exam, topic and previous-year paper', async () => {
    const jee = await openQuiz(t, { exam: 'JEE', previousYear: 2019 }, topicQuestions('Optics', 2));
    const neet = await openQuiz(t, { exam: 'NEET' }, topicQuestions('Genetics', 2));
    await publish(t, jee);
    await publish(t, neet);
    const byExam = await list(me, '?exam=JEE');
    expect(byExam.map((q) => q._id)).toContain(jee.quiz.id);
    expect(byExam.every((q) => q.exam === 'JEE')).toBe(true);
    expect((await list(me, '?topic=Genetics')).map((q) => q._id)).toEqual([neet.quiz.id]);
    const papers = await list(me, '?previousYear=true');
    expect(papers.map((q) => [q._id, q.previousYear])).toEqual([[jee.quiz.id, 2019]]);
    expect((await list(me, '?previousYear=false')).map((q) => q._id)).not.toContain(jee.quiz.id);
  });

  it('can be repeated any number of times, each attempt kept in the history', async () => {
    const quiz = await openQuiz(t);
    await publish(t, quiz);
    const who = await learner(t, await createStudent(t.db));
    for (let i = 0; i < 5; i += 1) {
      const attempt = await started(t, who, quiz.quiz.id);
      await submitPractice(t, who, attempt, [
        { qnId: quiz.questions[0]!.id, selectedOption: quiz.questions[0]!.choices[i % 2]! },
      ]);
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/practice/attempts', headers: who.headers });
    const history = practiceHistoryResponseSchema.parse(res.json()).attempts;
    expect(history).toHaveLength(5);
    expect(history.every((a) => a.status === 'submitted' && a.quizId === quiz.quiz.id)).toBe(true);
    expect(history.map((a) => a.correctCount).sort()).toEqual([0, 0, 1, 1, 1]);
  });

  it('gives instant feedback: right or wrong, the answer and the explanation; a judged answer stays', async () => {
    const quiz = await openQuiz(t);
    await publish(t, quiz);
    const attempt = await started(t, me, quiz.quiz.id, { timed: false, instantFeedback: true });
    expect(JSON.stringify(attempt.questions)).not.toContain('Because');
    const [q0] = quiz.questions;
    const save = (selectedOption: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/practice/attempts/${attempt._id}/answers`,
        headers: me.headers,
        payload: { answers: [{ qnId: q0!.id, selectedOption, seq: 1 }] },
      });
    const first = practiceSaveResponseSchema.parse((await save(q0!.choices[1]!)).json());
    expect(first.feedback).toEqual([
      expect.objectContaining({
        qnId: q0!.id,
        outcome: 'wrong',
        correctAnswer: q0!.choices[0],
        explanation: q0!.explanation,
      }),
    ]);
    // The same save again (its reply was lost on a dropped connection): the judgement comes back.
    const resent = practiceSaveResponseSchema.parse((await save(q0!.choices[1]!)).json());
    expect(resent.feedback).toEqual(first.feedback);
    // Another answer to a judged question is refused, and judges nothing.
    const again = practiceSaveResponseSchema.parse((await save(q0!.choices[0]!)).json());
    expect(again.feedback).toEqual([]);
    const done = await submitPractice(t, me, attempt, []);
    expect(done.result?.correctCount).toBe(0);
    expect(done.result?.wrongCount).toBe(1);
  });

  it('scores with the server: the body cannot set a score, and a timed practice closes at its deadline', async () => {
    const quiz = await openQuiz(t, { durationMin: 5, markCorrect: 4, markWrong: 1 });
    await publish(t, quiz);
    const attempt = await started(t, me, quiz.quiz.id, { timed: true, instantFeedback: false });
    expect(new Date(attempt.deadlineAt!).getTime() - new Date(attempt.startedAt).getTime()).toBe(5 * MIN);
    const forged = await t.app.inject({
      method: 'POST',
      url: `/api/practice/attempts/${attempt._id}/submit`,
      headers: me.headers,
      payload: { answers: [], score: 1000 },
    });
    expect(practiceSubmitResponseSchema.parse(forged.json()).result.score).toBe(0);

    const late = await started(t, me, quiz.quiz.id, { timed: true, instantFeedback: false });
    t.clock.advance(5 * MIN + (t.config.SUBMIT_GRACE_SECONDS + 1) * 1000);
    const save = await t.app.inject({
      method: 'PUT',
      url: `/api/practice/attempts/${late._id}/answers`,
      headers: me.headers,
      payload: { answers: [{ qnId: quiz.questions[0]!.id, selectedOption: quiz.questions[0]!.choices[0] }] },
    });
    expect(save.statusCode).toBe(409);
    const result = await submitPractice(
      t,
      me,
      late,
      quiz.questions.map((q) => ({ qnId: q.id, selectedOption: q.choices[0]! })),
    );
    expect(result.result).toMatchObject({ score: 0, elapsedMs: 5 * MIN });
  });
});

describe('practice never changes the contest', () => {
  // 100 practices are 200 requests (start and submit each): more than the default 30 s on a busy machine.
  it(
    'leaves ranks, leaderboard, summary and item analysis byte-for-byte the same after 100 practices',
    { timeout: 120_000 },
    async () => {
      const quiz = await openQuiz(t);
      const contestants = await Promise.all(Array.from({ length: 4 }, () => createStudent(t.db)));
      for (const [i, user] of contestants.entries())
        await contestAttempt(t, quiz, user, [0, i % 2 ? 0 : 1, null, 0], i % 2 ? 3 : 2, 60_000 + i * 1000);
      await publish(t, quiz);
      const first = await learner(t, contestants[0]!);
      const snapshot = async () => {
        const get = (url: string) => t.app.inject({ method: 'GET', url, headers: first.headers });
        const [board, summary] = await Promise.all([
          get(`/api/quizzes/participant/${quiz.quiz.id}/leaderboard`),
          get(`/api/quizzes/participant/quiz-summary/${quiz.quiz.id}`),
        ]);
        expect(board.statusCode).toBe(200);
        expect(summary.statusCode).toBe(200);
        const rows = await t.db
          .select()
          .from(attempts)
          .where(eq(attempts.quizId, quiz.quiz.id))
          .orderBy(attempts.id);
        const items = await t.db
          .select()
          .from(itemAnalysis)
          .where(eq(itemAnalysis.quizId, quiz.quiz.id))
          .orderBy(itemAnalysis.questionId);
        const [row] = await t.db.select().from(quizzes).where(eq(quizzes.id, quiz.quiz.id));
        return JSON.stringify([board.body, summary.body, rows, items, row]);
      };
      const before = await snapshot();
      const practisers = [first, ...(await Promise.all(contestants.slice(1).map((u) => learner(t, u))))];
      for (let i = 0; i < 100; i += 1) {
        const who = practisers[i % practisers.length]!;
        const attempt = await started(t, who, quiz.quiz.id, { timed: i % 2 === 0, instantFeedback: false });
        await submitPractice(
          t,
          who,
          attempt,
          quiz.questions.map((q, j) => ({ qnId: q.id, selectedOption: q.choices[(i + j) % 4]! })),
        );
      }
      expect(await snapshot()).toBe(before);
    },
  );
});

describe('mistakes in practice become review cards', () => {
  it('makes a card per wrong answer, and none once the setting is off', async () => {
    const quiz = await openQuiz(t);
    await publish(t, quiz);
    const who = await learner(t, await createStudent(t.db));
    const [q0, q1, q2] = quiz.questions;
    const attempt = await started(t, who, quiz.quiz.id);
    await submitPractice(t, who, attempt, [
      { qnId: q0!.id, selectedOption: q0!.choices[1]! },
      { qnId: q1!.id, selectedOption: q1!.choices[0]! },
    ]);
    const cards = await t.db.select().from(reviewCards).where(eq(reviewCards.userId, who.user.id));
    expect(cards.map((c) => [c.questionId, c.source])).toEqual([[q0!.id, 'wrong']]);

    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/review/settings',
      headers: who.headers,
      payload: {
        desiredRetention: 0.9,
        examName: null,
        examDate: null,
        dailyNewLimit: 20,
        dailyReviewCap: 200,
        cardsFromPractice: false,
      },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ cardsFromPractice: false });
    const second = await started(t, who, quiz.quiz.id);
    await submitPractice(t, who, second, [{ qnId: q2!.id, selectedOption: q2!.choices[1]! }]);
    const after = await t.db.select().from(reviewCards).where(eq(reviewCards.userId, who.user.id));
    expect(after.map((c) => c.questionId)).toEqual([q0!.id]);
  });
});
