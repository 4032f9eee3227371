import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { difficultyBand } from '@quizcast/contract/domain/practice';
import {
  practiceAttemptSchema,
  practiceTopicsResponseSchema,
  type StartDrillBody,
} from '@quizcast/contract/schemas/practice';
import { itemAnalysis, practiceQuestionState, questions, quizzes, reviewCards } from '../src/db/schema';
import { createStudent, type CreatedQuiz } from '../src/seed/factories';
import { buildTestApp, type TestApp } from './helpers';
import {
  contestAttempt,
  learner,
  MIN,
  openQuiz,
  publish,
  savePractice,
  submitPractice,
  topicQuestions,
  unlock,
  type Learner,
} from './practice-support';

/**
 * Topic drills (issue 27, ADR 024) and the predicted rank of a timed practice, against what a
 * learner may see: only published quizzes, paid ones only once unlocked, the asked topics,
 * difficulty and count, never-seen and wrong questions first.
 */
let t: TestApp;
let me: Learner;
/** Published: History (free, 12 questions, facility 100 %: easy) and Polity (paid, 12, 0 %: hard). */
let history: CreatedQuiz;
let paidPolity: CreatedQuiz;
/** Never published: Geography questions of a live quiz, and History of an ended one. */
let liveGeography: CreatedQuiz;
let endedHistory: CreatedQuiz;

const drill = (who: Learner, body: Partial<StartDrillBody>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/practice/drills',
    headers: who.headers,
    payload: {
      exam: 'UPSC',
      topics: ['History'],
      difficulty: 'easy',
      count: 10,
      timed: false,
      instantFeedback: false,
      ...body,
    },
  });

const questionIds = (quiz: CreatedQuiz) => new Set(quiz.questions.map((q) => q.id));

beforeAll(async () => {
  t = await buildTestApp();
  me = await learner(t, await createStudent(t.db));
  const contestant = await createStudent(t.db);
  history = await openQuiz(t, { exam: 'UPSC' }, topicQuestions('History', 12));
  paidPolity = await openQuiz(t, { exam: 'UPSC', pricePaise: 9900 }, topicQuestions('Polity', 12));
  liveGeography = await openQuiz(
    t,
    { exam: 'UPSC', endAt: new Date(t.clock.now().getTime() + 900 * MIN) },
    topicQuestions('Geography', 12),
  );
  endedHistory = await openQuiz(t, { exam: 'UPSC' }, topicQuestions('History', 12, ' (ended)'));
  await contestAttempt(t, history, contestant, Array(12).fill(0), 12, MIN);
  await contestAttempt(t, paidPolity, contestant, Array(12).fill(1), 0, MIN);
  await publish(t, history);
  await publish(t, paidPolity);
  // The ended quiz's results wait (its publication has not run for it).
  await t.db
    .update(quizzes)
    .set({ resultsPublishedAt: null, analysedAt: null })
    .where(eq(quizzes.id, endedHistory.quiz.id));
});
afterAll(() => t.close());

describe('topic drills', () => {
  it('draws only from the topics, difficulty band and count asked, of published quizzes', async () => {
    const res = await drill(me, { topics: ['History', 'Geography'], difficulty: 'easy', count: 10 });
    expect(res.statusCode, res.body).toBe(201);
    const body = practiceAttemptSchema.parse(res.json());
    expect(body.kind).toBe('drill');
    expect(body.questions).toHaveLength(10);
    const allowed = questionIds(history);
    expect(body.questions.every((q) => allowed.has(q._id))).toBe(true);
    const [facility] = await t.db
      .select()
      .from(itemAnalysis)
      .where(eq(itemAnalysis.quizId, history.quiz.id))
      .limit(1);
    expect(difficultyBand((100 * facility!.correct) / facility!.participants)).toBe('easy');
    // Nothing of the live or the ended quiz, whatever the filters.
    for (const body of [{ topics: ['Geography'] }, { topics: ['History'], difficulty: 'medium' as const }]) {
      const none = await drill(me, body);
      expect(none.statusCode).toBe(404);
      for (const q of [...liveGeography.questions, ...endedHistory.questions]) {
        expect(none.body).not.toContain(q.id);
        expect(none.body).not.toContain(q.qn);
      }
    }
  });

  it('takes a paid quiz’s questions only for a learner who unlocked it', async () => {
    const who = await learner(t, await createStudent(t.db));
    expect((await drill(who, { topics: ['Polity'], difficulty: 'hard' })).statusCode).toBe(404);
    const topics = async () =>
      practiceTopicsResponseSchema.parse(
        (
          await t.app.inject({ method: 'GET', url: '/api/practice/topics?exam=UPSC', headers: who.headers })
        ).json(),
      ).topics;
    expect(await topics()).toEqual([{ topic: 'History', questions: 12, easy: 12, medium: 0, hard: 0 }]);
    await unlock(t, who.user, paidPolity);
    const res = await drill(who, { topics: ['Polity'], difficulty: 'hard', count: 10 });
    expect(res.statusCode).toBe(201);
    const ids = questionIds(paidPolity);
    expect(practiceAttemptSchema.parse(res.json()).questions.every((q) => ids.has(q._id))).toBe(true);
    expect(await topics()).toEqual([
      { topic: 'History', questions: 12, easy: 12, medium: 0, hard: 0 },
      { topic: 'Polity', questions: 12, easy: 0, medium: 0, hard: 12 },
    ]);
  });

  it('puts never-seen and previously wrong questions first', async () => {
    const who = await learner(t, await createStudent(t.db));
    const first = practiceAttemptSchema.parse((await drill(who, { count: 10 })).json());
    // All 10 answered right: of 12, the 2 never seen must come first in the next drill.
    await submitPractice(
      t,
      who,
      first,
      first.questions.map((q) => ({ qnId: q._id, selectedOption: q.choices[0]! })),
    );
    const unseen = history.questions
      .map((q) => q.id)
      .filter((id) => !first.questions.some((q) => q._id === id));
    const second = practiceAttemptSchema.parse((await drill(who, { count: 10 })).json());
    expect(
      second.questions
        .slice(0, 2)
        .map((q) => q._id)
        .sort(),
    ).toEqual(unseen.sort());
    // One answered wrong now comes before the ones answered right.
    const wrong = second.questions[5]!;
    await submitPractice(
      t,
      who,
      second,
      second.questions.map((q) => ({ qnId: q._id, selectedOption: q.choices[q === wrong ? 1 : 0]! })),
    );
    const third = practiceAttemptSchema.parse((await drill(who, { count: 10 })).json());
    expect(third.questions[0]!._id).toBe(wrong._id);
  });

  it("puts a contest's wrong answers first among its seen questions, with or without a practice history", async () => {
    // The draw probes a learner's practice state and cards only when they have any (issue 27): each
    // combination of the two must order as before.
    const [h0, h1, ...rest] = history.questions.map((q) => q.id);
    const cardOn = async (who: Learner, questionId: string) =>
      t.db.insert(reviewCards).values({
        userId: who.user.id,
        questionId,
        source: 'wrong',
        initialRating: 1,
        due: t.clock.now(),
        createdAt: t.clock.now(),
      });
    const firstTwo = async (who: Learner) =>
      practiceAttemptSchema
        .parse((await drill(who, { count: 10 })).json())
        .questions.slice(0, 2)
        .map((q) => q._id)
        .sort();

    // A contest attempt of History (every question seen) and a card of one mistake, no practice.
    const contestOnly = await learner(t, await createStudent(t.db));
    await contestAttempt(t, history, contestOnly.user, Array(12).fill(0), 12, MIN);
    await cardOn(contestOnly, h0!);
    await cardOn(contestOnly, h1!);
    expect(await firstTwo(contestOnly)).toEqual([h0, h1].sort());

    // The same with a long practice history: every other question of the bank answered right, one
    // of History answered wrong, and a card on one History question never practised.
    const long = await learner(t, await createStudent(t.db));
    await contestAttempt(t, history, long.user, Array(12).fill(0), 12, MIN);
    await cardOn(long, h0!);
    const bank = await t.db.select({ id: questions.id }).from(questions);
    await t.db.insert(practiceQuestionState).values(
      bank
        .filter((q) => q.id !== h0)
        .map((q) => ({
          userId: long.user.id,
          questionId: q.id,
          lastCorrect: q.id !== h1,
          lastAnsweredAt: t.clock.now(),
        })),
    );
    expect(bank.length).toBeGreaterThan(rest.length + 30);
    expect(await firstTwo(long)).toEqual([h0, h1].sort());
  });

  it('times a timed drill at the exam pace per question and refuses other counts', async () => {
    const res = practiceAttemptSchema.parse((await drill(me, { count: 10, timed: true })).json());
    // UPSC: 72 seconds a question.
    expect(new Date(res.deadlineAt!).getTime() - new Date(res.startedAt).getTime()).toBe(10 * 72_000);
    expect((await drill(me, { count: 15 as 10 })).statusCode).toBe(400);
  });
});

describe('predicted rank', () => {
  /** A deterministic generator (no flaky seeds). */
  const random = (seed: number) => () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };

  /** The rank rule written out by hand: how many of the field are strictly ahead, and how many tie. */
  function bruteForce(field: { score: number; elapsedMs: number }[], score: number, elapsedMs: number) {
    const ahead = field.filter(
      (f) => f.score > score || (f.score === score && f.elapsedMs < elapsedMs),
    ).length;
    const ties = field.filter((f) => f.score === score && f.elapsedMs === elapsedMs).length;
    return { rank: ahead + 1, bestRank: ahead + 1, worstRank: ahead + 1 + ties, of: field.length + 1 };
  }

  it('equals a brute-force rank over generated published fields, ties included', async () => {
    const next = random(27);
    for (let round = 0; round < 3; round += 1) {
      const quiz = await openQuiz(t, { durationMin: 10, markCorrect: 2, markWrong: 0.5 });
      const field: { score: number; elapsedMs: number }[] = [];
      for (let i = 0; i < 12 + round * 5; i += 1) {
        const picks = quiz.questions.map(() => (next() < 0.6 ? 0 : next() < 0.5 ? 1 : null));
        const right = picks.filter((p) => p === 0).length;
        const wrong = picks.filter((p) => p === 1).length;
        const score = right * 2 - wrong * 0.5;
        const elapsedMs = (2 + Math.floor(next() * 3)) * MIN;
        await contestAttempt(t, quiz, await createStudent(t.db), picks, score, elapsedMs);
        field.push({ score, elapsedMs });
      }
      await publish(t, quiz);
      for (const minutes of [2, 3, 4, 10]) {
        const attempt = practiceAttemptSchema.parse(
          (
            await t.app.inject({
              method: 'POST',
              url: `/api/practice/quizzes/${quiz.quiz.id}/attempts`,
              headers: me.headers,
              payload: { timed: true, instantFeedback: false },
            })
          ).json(),
        );
        t.clock.advance(minutes * MIN);
        const picks = quiz.questions.map(() => (next() < 0.6 ? 0 : 1));
        const done = await submitPractice(
          t,
          me,
          attempt,
          quiz.questions.map((q, i) => ({ qnId: q.id, selectedOption: q.choices[picks[i]!]! })),
        );
        const score = picks.filter((p) => p === 0).length * 2 - picks.filter((p) => p === 1).length * 0.5;
        const elapsed = minutes * MIN;
        expect(done.result?.score).toBe(score);
        expect(done.result?.predictedRank).toMatchObject(bruteForce(field, score, elapsed));
      }
    }
  });

  it('ties give a band from the shared rank to the last place among equals', async () => {
    const quiz = await openQuiz(t, { durationMin: 10 });
    for (let i = 0; i < 3; i += 1)
      await contestAttempt(t, quiz, await createStudent(t.db), [0, 0, 1, 1], 2, 3 * MIN);
    await contestAttempt(t, quiz, await createStudent(t.db), [0, 0, 0, 0], 4, 5 * MIN);
    await publish(t, quiz);
    const attempt = practiceAttemptSchema.parse(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/practice/quizzes/${quiz.quiz.id}/attempts`,
          headers: me.headers,
          payload: { timed: true, instantFeedback: false },
        })
      ).json(),
    );
    t.clock.advance(3 * MIN);
    const done = await submitPractice(
      t,
      me,
      attempt,
      quiz.questions.map((q, i) => ({ qnId: q.id, selectedOption: q.choices[i < 2 ? 0 : 1]! })),
    );
    expect(done.result?.predictedRank).toEqual({ rank: 2, bestRank: 2, worstRank: 5, of: 5, percentile: 80 });
  });

  it("holds a practice to marking's plausible-time rule: answers saved 30 ms in rank after an equal honest attempt", async () => {
    const quiz = await openQuiz(t, { durationMin: 10 });
    await contestAttempt(t, quiz, await createStudent(t.db), [0, 0, 1, 1], 2, 3 * MIN);
    await publish(t, quiz);
    const attempt = practiceAttemptSchema.parse(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/practice/quizzes/${quiz.quiz.id}/attempts`,
          headers: me.headers,
          payload: { timed: true, instantFeedback: false },
        })
      ).json(),
    );
    const answers = quiz.questions.map((q, i) => ({ qnId: q.id, selectedOption: q.choices[i < 2 ? 0 : 1]! }));
    t.clock.advance(30);
    await savePractice(t, me, attempt, answers);
    // Submitted at the honest attempt's 3 minutes: its elapsed time alone would tie (ranks 1 to 2).
    t.clock.advance(3 * MIN - 30);
    const done = await submitPractice(t, me, attempt, answers);
    expect(done.result?.predictedRank).toEqual({ rank: 2, bestRank: 2, worstRank: 2, of: 2, percentile: 50 });
  });
});
