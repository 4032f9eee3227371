import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { analyticsPath } from '@quizcast/contract/schemas/analytics';
import { adminQuizSchema } from '@quizcast/contract/schemas/admin-quiz';
import type { QuizInput } from '@quizcast/contract/schemas/quiz-input';
import { errorBodySchema } from '@quizcast/contract/errors';
import { quizAttemptSchema, submitQuizResponseSchema, type Answer } from '@quizcast/contract/schemas/quiz';
import { quizSummaryResponseSchema } from '@quizcast/contract/schemas/result';
import { reviewQueueResponseSchema } from '@quizcast/contract/schemas/review';
import { attempts } from '../src/db/schema';
import { createStudent, type UserRow } from '../src/seed/factories';
import { bearerFor, buildTestApp, testDatabaseKind, type TestApp } from './helpers';
import { expectContractBytes } from './support/results';

/** Numeric-answer questions (issue 12): the editor, import, attempt, scoring everywhere, review. */
const MIN = 60_000;
const HOUR = 60 * MIN;
const NOW = new Date('2026-11-22T10:00:00Z');
let t: TestApp;
let admin: UserRow;
let adminAuth: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW.toISOString() });
  admin = await createStudent(t.db, { role: 'admin', name: 'Numeric Admin' });
  adminAuth = await bearerFor(admin, t.clock);
});
afterAll(async () => {
  await t.close();
});

const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();

function quizBody(overrides: Partial<QuizInput> = {}): QuizInput {
  return {
    name: 'JEE numerical value practice',
    desc: 'Numeric answers.',
    exam: 'JEE',
    class: 'Preparing for Competitive exams',
    duration: 20,
    startTimeStamp: at(-HOUR),
    endTimeStamp: at(HOUR),
    price: 0,
    published: true,
    markingScheme: { correct: 4, wrong: 1 },
    showScoreOnSubmit: true,
    questions: [
      {
        qn: 'Integral of (x^2 + 1) dx from 0 to 1, to two decimal places?',
        type: 'numeric',
        numericAnswer: '1.330',
        tolerance: '0.01',
        explanation: '4/3 = 1.33',
      },
      { qn: 'det(2A) for a 3 x 3 matrix with det(A) = 4?', type: 'numeric', numericAnswer: 32 },
      { qn: '2 + 2 = ?', choices: ['3', '4', '5'], ansIndex: 1 },
    ],
    ...overrides,
  };
}

async function createViaApi(body: QuizInput = quizBody()) {
  const res = await t.app.inject({ method: 'POST', url: '/api/quizzes', headers: adminAuth, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return adminQuizSchema.parse(res.json());
}

async function learner() {
  const user = await createStudent(t.db);
  return { user, headers: await bearerFor(user, t.clock) };
}
const attend = (quizId: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/quizzes/participant/attend/${quizId}`, headers });
const save = (quizId: string, headers: Record<string, string>, answers: Answer[]) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/quizzes/participant/attend/${quizId}/answers`,
    headers,
    payload: { answers },
  });
const submit = (quizId: string, headers: Record<string, string>, answers: Answer[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/quizzes/participant/submit',
    headers,
    payload: { quizId, answers },
  });
async function savedAnswers(quizId: string, userId: string) {
  const [row] = await t.db
    .select()
    .from(attempts)
    .where(and(eq(attempts.quizId, quizId), eq(attempts.userId, userId)));
  return row?.answers;
}

describe(`numeric questions in the editor and the import (${testDatabaseKind})`, () => {
  it('saves the type, the canonical answer and the tolerance, and a GET → PUT round trip keeps them', async () => {
    const quiz = await createViaApi();
    expect(
      quiz.questions.map(({ type, numericAnswer, tolerance, choices }) => ({
        type,
        numericAnswer,
        tolerance,
        choices,
      })),
    ).toEqual([
      { type: 'numeric', numericAnswer: '1.33', tolerance: '0.01', choices: [] },
      { type: 'numeric', numericAnswer: '32', tolerance: null, choices: [] },
      { type: 'mcq', numericAnswer: null, tolerance: null, choices: ['3', '4', '5'] },
    ]);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/quizzes/${quiz._id}`,
      headers: adminAuth,
      payload: quizBody({
        questions: quiz.questions.map((q) => ({
          _id: q._id,
          qn: q.qn,
          choices: q.choices,
          ansIndex: q.ansIndex,
          explanation: q.explanation,
          type: q.type,
          numericAnswer: q.numericAnswer,
          tolerance: q.tolerance,
        })),
      }),
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(adminQuizSchema.parse(put.json()).questions).toEqual(quiz.questions);
  });

  it('refuses a bad answer, a negative tolerance and choices on a numeric question, all in one 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/quizzes',
      headers: adminAuth,
      payload: quizBody({
        questions: [
          { qn: 'A?', type: 'numeric', numericAnswer: 'twelve' },
          { qn: 'B?', type: 'numeric', numericAnswer: '3', tolerance: '-0.5' },
          { qn: 'C?', type: 'numeric', numericAnswer: '3', choices: ['1', '2'] },
          { qn: 'D?', type: 'numeric' },
        ],
      }),
    });
    expect(res.statusCode).toBe(400);
    const messages = errorBodySchema.parse(res.json()).message;
    expect(messages).toEqual([
      'Question 1: the answer must be a number, like 12 or -3.5',
      'Question 2: the tolerance must be a number of 0 or more, like 0.01',
      'Question 3: a numeric question has no choices',
      'Question 4: the answer is required',
    ]);
  });

  it('imports numeric rows from a CSV with `type` and `tolerance` columns', async () => {
    const quiz = await createViaApi(quizBody({ name: 'Import target' }));
    const boundary = '----numericBoundary';
    const csv = 'qn,answer,type,tolerance\n"g to two decimals?",9.80,numeric,0.05\nOld style?,A,,\n';
    const bad = 'qn,choice1,choice2,answer,type\nOld style?,a,b,A,\nNumber?,,,9.8,numeric\n';
    const upload = (content: string) => ({
      method: 'POST' as const,
      url: `/api/quizzes/${quiz._id}/questions/import?mode=replace`,
      headers: { ...adminAuth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="q.csv"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n--${boundary}--\r\n`,
    });
    // A row without choices and without type is a multiple-choice question missing its choices.
    expect((await t.app.inject(upload(csv))).statusCode).toBe(400);
    const res = await t.app.inject(upload(bad));
    expect(res.statusCode, res.body).toBe(200);
    const after = adminQuizSchema.parse(
      (await t.app.inject({ url: `/api/quizzes/admin-get-one/${quiz._id}`, headers: adminAuth })).json(),
    );
    expect(
      after.questions.map(({ qn, type, numericAnswer, tolerance }) => ({
        qn,
        type,
        numericAnswer,
        tolerance,
      })),
    ).toEqual([
      { qn: 'Old style?', type: 'mcq', numericAnswer: null, tolerance: null },
      { qn: 'Number?', type: 'numeric', numericAnswer: '9.8', tolerance: null },
    ]);
  });
});

describe(`a numeric answer in the attempt (${testDatabaseKind})`, () => {
  it('never sends the answer or the tolerance before publication', async () => {
    const quiz = await createViaApi();
    const { headers } = await learner();
    const res = await attend(quiz._id, headers);
    expect(res.statusCode).toBe(200);
    const payload = quizAttemptSchema.parse(res.json());
    expect(payload.questions.map((q) => q.type ?? 'mcq')).toEqual(['numeric', 'numeric', 'mcq']);
    expect(res.body).not.toMatch(/numericAnswer|tolerance|ansIndex|1\.33|"32"/);
    const summary = await t.app.inject({ url: `/api/quizzes/participant/quiz-summary/${quiz._id}`, headers });
    expect(summary.statusCode).toBe(403);
    expect(summary.body).not.toMatch(/numericAnswer|1\.33/);
  });

  it('refuses text that is not a number with a plain 400 and saves nothing of that request', async () => {
    const quiz = await createViaApi();
    const { user, headers } = await learner();
    await attend(quiz._id, headers);
    const [n1, n2, mcq] = quiz.questions;
    expect(
      (await save(quiz._id, headers, [{ qnId: n2!._id, selectedOption: '32', seq: 1 }])).statusCode,
    ).toBe(200);
    for (const bad of ['abc', '1e3', '', ' ', 'NaN', '3,5']) {
      const res = await save(quiz._id, headers, [
        { qnId: mcq!._id, selectedOption: '4', seq: 5 },
        { qnId: n1!._id, selectedOption: bad, seq: 6 },
      ]);
      expect(res.statusCode, bad).toBe(400);
      expect(errorBodySchema.parse(res.json()).message).toBe(
        `Question ${n1!._id} needs a number: Enter a number, like 12 or -3.5`,
      );
    }
    expect(
      (await savedAnswers(quiz._id, user.id))?.map(({ qnId, selectedOption }) => ({ qnId, selectedOption })),
    ).toEqual([{ qnId: n2!._id, selectedOption: '32' }]);
    const refusedSubmit = await submit(quiz._id, headers, [{ qnId: n1!._id, selectedOption: 'x' }]);
    expect(refusedSubmit.statusCode).toBe(400);
    // Saved as its canonical text, so autosave merge and resume see one value.
    expect(
      (await save(quiz._id, headers, [{ qnId: n1!._id, selectedOption: '+01.3400', seq: 7 }])).statusCode,
    ).toBe(200);
    const resumed = quizAttemptSchema.parse((await attend(quiz._id, headers)).json());
    expect(resumed.savedAnswers.find((a) => a.qnId === n1!._id)?.selectedOption).toBe('1.34');
  });

  it('scores with the marking scheme and the tolerance: submit, auto-submit, results, ranks', async () => {
    const quiz = await createViaApi(quizBody({ name: 'Numeric ranks', endTimeStamp: at(HOUR) }));
    const [n1, n2, mcq] = quiz.questions;
    const a = await learner(); // 1.32 (within 0.01 of 1.33) + 32 + right choice: 12
    const b = await learner(); // 1.345 (outside) + blank + right choice: -1 + 0 + 4 = 3
    const c = await learner(); // saves 32.0 (right) and a wrong choice, never submits: auto-submitted, 4 − 1 = 3
    for (const l of [a, b, c]) expect((await attend(quiz._id, l.headers)).statusCode).toBe(200);

    const first = await submit(quiz._id, a.headers, [
      { qnId: n1!._id, selectedOption: '1.32' },
      { qnId: n2!._id, selectedOption: '32.00' },
      { qnId: mcq!._id, selectedOption: '4' },
    ]);
    expect(first.statusCode, first.body).toBe(201);
    expect(submitQuizResponseSchema.parse(first.json())).toMatchObject({
      score: 12,
      maxScore: 12,
      answeredCount: 3,
    });
    const second = await submit(quiz._id, b.headers, [
      { qnId: n1!._id, selectedOption: '1.345' },
      { qnId: n2!._id, selectedOption: null },
      { qnId: mcq!._id, selectedOption: '4' },
    ]);
    expect(submitQuizResponseSchema.parse(second.json()).score).toBe(3);
    expect(
      (
        await save(quiz._id, c.headers, [
          { qnId: n2!._id, selectedOption: '32.0', seq: 1 },
          { qnId: mcq!._id, selectedOption: '5', seq: 2 },
        ])
      ).statusCode,
    ).toBe(200);

    // Publication (end + grace): c is auto-submitted with their saved answers, then everyone is ranked.
    t.clock.set(new Date(NOW.getTime() + HOUR + MIN));
    await t.app.sweeper.runOnce();
    const summaryOf = async (headers: Record<string, string>) => {
      const res = await t.app.inject({ url: `/api/quizzes/participant/quiz-summary/${quiz._id}`, headers });
      expectContractBytes(res.body);
      return quizSummaryResponseSchema.parse(res.json()).data;
    };
    const [sa, sb, sc] = [await summaryOf(a.headers), await summaryOf(b.headers), await summaryOf(c.headers)];
    expect([sa.quizzSummary.score, sb.quizzSummary.score, sc.quizzSummary.score]).toEqual([12, 3, 3]);
    expect(sa.rank).toBe(1);
    // b and c tie on 3; b took less time (submitted at once, c ran to the deadline).
    expect([sb.rank, sc.rank]).toEqual([2, 3]);
    // After publication the review shows the number given and the answer with its tolerance.
    const numeric = sa.quizDetails.questions.find((q) => q._id === n1!._id)!;
    expect(numeric).toMatchObject({ type: 'numeric', numericAnswer: '1.33', tolerance: '0.01', choices: [] });
    expect(sa.quizzSummary.answers.find((x) => x.qnId === n1!._id)).toEqual({
      qnId: n1!._id,
      selectedOption: '1.32',
      isCorrect: true,
    });
    expect(sb.quizzSummary.answers.find((x) => x.qnId === n1!._id)?.isCorrect).toBe(false);

    // Item analysis: correct / wrong / skipped shares for a numeric question (no options).
    const items = (
      await t.app.inject({ url: `/api${analyticsPath.adminItems(quiz._id)}`, headers: adminAuth })
    ).json() as {
      items: {
        questionId: string;
        type: string;
        facility: number;
        wrongShare: number;
        skippedShare: number;
        options: unknown[];
      }[];
    };
    expect(items.items.find((i) => i.questionId === n1!._id)).toMatchObject({
      type: 'numeric',
      options: [],
      facility: 33.3,
      wrongShare: 33.3,
      skippedShare: 33.3,
    });
    expect(items.items.find((i) => i.questionId === n2!._id)).toMatchObject({
      facility: 66.7,
      wrongShare: 0,
    });

    // Spaced repetition: b's wrong numeric answer is a numeric card with its answer and tolerance.
    const queue = reviewQueueResponseSchema.parse(
      (await t.app.inject({ url: '/api/review/queue', headers: b.headers })).json(),
    );
    expect(queue.cards.find((card) => card.questionId === n1!._id)).toMatchObject({
      type: 'numeric',
      numericAnswer: '1.33',
      tolerance: '0.01',
      choices: [],
    });
    expect(queue.cards.some((card) => card.questionId === n2!._id)).toBe(true); // skipped
    expect(queue.cards.some((card) => card.questionId === mcq!._id)).toBe(false); // right

    // Key correction: a numeric key is refused with a plain message; dropping it re-scores and re-ranks.
    const correct = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api${analyticsPath.adminKeyCorrections(quiz._id)}`,
        headers: adminAuth,
        payload: body,
      });
    const refused = await correct({ questionId: n1!._id, ansIndex: 0, reason: 'Typo' });
    expect(refused.statusCode).toBe(400);
    expect(errorBodySchema.parse(refused.json()).message).toEqual([
      'ansIndex: question 1 has a numeric answer, which cannot be changed after publication; drop the question instead',
    ]);
    const dropped = await correct({ questionId: n1!._id, drop: true, reason: 'Ambiguous rounding' });
    expect(dropped.statusCode, dropped.body).toBe(200);
    const [da, db, dc] = [await summaryOf(a.headers), await summaryOf(b.headers), await summaryOf(c.headers)];
    // a: 32 right + choice right = 8; b: choice right = 4 (its wrong numeric no longer costs); c: 4 − 1 = 3.
    expect([da.quizzSummary.score, db.quizzSummary.score, dc.quizzSummary.score]).toEqual([8, 4, 3]);
    expect([da.rank, db.rank, dc.rank]).toEqual([1, 2, 3]);
  });
});
