import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { quizSummaryResponseSchema } from '@quizcast/contract/schemas/result';
import { analyticsPath } from '@quizcast/contract/analytics-paths';
import { attempts, type StoredSection } from '../src/db/schema';
import {
  buildQuestions,
  createQuiz,
  createStudent,
  type CreatedQuiz,
  type UserRow,
} from '../src/seed/factories';
import { bearerFor, buildTestApp, testDatabaseKind, type TestApp } from './helpers';
import { expectContractBytes } from './support/results';

/**
 * Issue 26 (ADR 022): section scores, cut-offs and section ranks in the summary, after publication
 * only, against a brute-force computation over generated attempts (and again after a key correction).
 */

const MIN = 60_000;
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ now: '2026-11-22T10:00:00Z' });
});
afterAll(async () => {
  await t.close();
});

const SECTIONS: StoredSection[] = [
  { name: 'English', nameHi: 'अंग्रेज़ी', durationMin: null, markCorrect: null, markWrong: null, cutoff: 2 },
  { name: 'Quant', nameHi: 'गणित', durationMin: null, markCorrect: 2, markWrong: 0.5, cutoff: 3 },
  {
    name: 'Reasoning',
    nameHi: 'तर्कशक्ति',
    durationMin: null,
    markCorrect: null,
    markWrong: 1 / 3,
    cutoff: null,
  },
];
/** Question i is in section SECTION_OF[i]; the quiz marks +1 / −0.25. */
const SECTION_OF = [0, 0, 0, 1, 1, 1, 1, 2, 2, 2];
const QUIZ_SCHEME = { correct: 1, wrong: 0.25 };

/** A deterministic generator (mulberry32), so a failure is reproducible. */
function generator(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The brute force: every figure recomputed from the raw answers, independently of the server's code. */
function bruteForce(quiz: CreatedQuiz, keys: number[], choices: (number | null)[][]) {
  const perAttempt = choices.map((picked) =>
    SECTIONS.map((section, s) => {
      const c = section.markCorrect ?? QUIZ_SCHEME.correct;
      const w = section.markWrong ?? QUIZ_SCHEME.wrong;
      let correct = 0;
      let wrong = 0;
      quiz.questions.forEach((_, i) => {
        if (SECTION_OF[i] !== s || picked[i] === null) return;
        if (picked[i] === keys[i]) correct += 1;
        else wrong += 1;
      });
      return { score: round2(correct * c - wrong * w), correct, wrong, attempted: correct + wrong };
    }),
  );
  return perAttempt.map((sections, a) => ({
    total: round2(sections.reduce((sum, x) => sum + x.score, 0)),
    sections: sections.map((x, s) => ({
      ...x,
      rank: 1 + perAttempt.filter((other) => other[s]!.score > x.score).length,
      cleared: SECTIONS[s]!.cutoff === null ? null : x.score >= SECTIONS[s]!.cutoff!,
    })),
    cutoffCleared: sections.every((x, s) => SECTIONS[s]!.cutoff === null || x.score >= SECTIONS[s]!.cutoff!),
    index: a,
  }));
}

describe(`section results (${testDatabaseKind})`, () => {
  it('match a brute-force computation after publication (never before), and again after a key correction', async () => {
    const start = t.clock.now();
    const quiz = await createQuiz(
      t.db,
      {
        durationMin: 30,
        startAt: new Date(start.getTime() - MIN),
        endAt: new Date(start.getTime() + 40 * MIN),
        markCorrect: QUIZ_SCHEME.correct,
        markWrong: QUIZ_SCHEME.wrong,
        navigation: 'free',
        sections: SECTIONS,
      },
      buildQuestions(10).map((q, i) => ({ ...q, section: SECTION_OF[i]! })),
      start,
    );
    const random = generator(26);
    const learners: { user: UserRow; headers: Record<string, string>; picked: (number | null)[] }[] = [];
    for (let n = 0; n < 14; n++) {
      const user = await createStudent(t.db);
      const headers = await bearerFor(user, t.clock);
      const picked = quiz.questions.map(() => (random() < 0.25 ? null : Math.floor(random() * 4)));
      learners.push({ user, headers, picked });
      const url = `/api/quizzes/participant/attend/${quiz.quiz.id}`;
      expect((await t.app.inject({ method: 'GET', url, headers })).statusCode).toBe(200);
      const answers = quiz.questions.flatMap((q, i) =>
        picked[i] === null ? [] : [{ qnId: q.id, selectedOption: q.choices[picked[i]!]! }],
      );
      // Half submit, half leave it to publication's auto-submit with their saved answers.
      if (n % 2 === 0) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/quizzes/participant/submit',
          headers,
          payload: { quizId: quiz.quiz.id, answers },
        });
        expect(res.statusCode).toBe(201);
      } else {
        expect(
          (await t.app.inject({ method: 'PUT', url: `${url}/answers`, headers, payload: { answers } }))
            .statusCode,
        ).toBe(200);
      }
    }
    const summaryOf = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `/api/quizzes/participant/quiz-summary/${quiz.quiz.id}`, headers });
    // Before publication: no summary, so no section figure.
    expect((await summaryOf(learners[0]!.headers)).statusCode).toBe(403);

    t.clock.set(new Date(start.getTime() + 40 * MIN + t.app.ctx.config.SUBMIT_GRACE_SECONDS * 1000));
    await t.app.sweeper.runOnce();

    const check = async (keys: number[]) => {
      const expected = bruteForce(
        quiz,
        keys,
        learners.map((l) => l.picked),
      );
      for (const [a, learner] of learners.entries()) {
        const res = await summaryOf(learner.headers);
        expect(res.statusCode).toBe(200);
        expectContractBytes(res.body);
        const data = quizSummaryResponseSchema.parse(res.json()).data;
        const want = expected[a]!;
        expect(data.quizzSummary.score).toBe(want.total);
        expect(data.cutoffCleared).toBe(want.cutoffCleared);
        expect(
          data.sections!.map(({ score, correct, wrong, attempted, rank, cleared }) => ({
            score,
            correct,
            wrong,
            attempted,
            rank,
            cleared,
          })),
        ).toEqual(want.sections);
        expect(data.sections!.map((s) => [s.name, s.questionCount, s.maxScore, s.timeTakenMs])).toEqual([
          ['English', 3, 3, null],
          ['Quant', 4, 8, null],
          ['Reasoning', 3, 3, null],
        ]);
        // The Questions tab groups by section: each question names its section, in section order.
        const sectionOf = new Map(quiz.questions.map((q, i) => [q.id, SECTION_OF[i]!]));
        expect(data.quizDetails.questions.map((q) => q.section)).toEqual(
          data.quizDetails.questions.map((q) => sectionOf.get(q._id)),
        );
        expect(data.quizDetails.questions.map((q) => q.section)).toEqual([0, 0, 0, 1, 1, 1, 1, 2, 2, 2]);
        const [row] = await t.db
          .select({ score: attempts.score })
          .from(attempts)
          .where(and(eq(attempts.quizId, quiz.quiz.id), eq(attempts.userId, learner.user.id)));
        expect(row!.score).toBe(want.total);
      }
    };
    const keys = quiz.questions.map((q) => q.ansIndex);
    await check(keys);
    // The landing page's podium says "out of" the summary's maximum: each section at its own marks.
    const latest = await t.app.inject({ method: 'GET', url: '/api/result/latest' });
    expect(latest.json().quiz).toMatchObject({ _id: quiz.quiz.id, maxScore: 3 + 8 + 3 });

    // A key correction in the section with its own marking: every figure follows.
    const admin = await createStudent(t.db, { role: 'admin' });
    const corrected = await t.app.inject({
      method: 'POST',
      url: `/api${analyticsPath.adminKeyCorrections(quiz.quiz.id)}`,
      headers: await bearerFor(admin, t.clock),
      payload: { questionId: quiz.questions[4]!.id, ansIndex: 2, reason: 'The key was wrong' },
    });
    expect(corrected.statusCode).toBe(200);
    keys[4] = 2;
    await check(keys);
  });
});
