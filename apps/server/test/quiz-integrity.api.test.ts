import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { errorBodySchema } from '@quizcast/contract/errors';
import { adminQuizSchema, type AdminQuiz } from '@quizcast/contract/schemas/admin-quiz';
import type { QuizInput } from '@quizcast/contract/schemas/quiz-input';
import { quizAttemptSchema, submitQuizResponseSchema } from '@quizcast/contract/schemas/quiz';
import { quizSummaryResponseSchema } from '@quizcast/contract/schemas/result';
import { parse } from 'csv-parse/sync';
import { attempts, users } from '../src/db/schema';
import { buildQuestions, buildStudent, createQuiz, createStudent, type UserRow } from '../src/seed/factories';
import { bearerFor, buildTestApp, testDatabaseKind, type TestApp } from './helpers';

/** Issue 15 items 2–4 (ADR 014): score on submit, end-time rules, per-learner order. */

const NOW = new Date('2026-11-22T10:00:00Z');
const MIN = 60_000;
const HOUR = 60 * MIN;
const at = (offsetMs: number) => new Date(t.clock.now().getTime() + offsetMs).toISOString();

let t: TestApp;
/** Statements the app sent. */
const sent: string[] = [];
let admin: UserRow;
let adminAuth: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW, queryLog: (query) => sent.push(query) });
  admin = await createStudent(t.db, { role: 'admin' });
  adminAuth = await bearerFor(admin, t.clock);
});
afterAll(async () => {
  await t.close();
});

async function learner() {
  const user = await createStudent(t.db);
  return { user, headers: await bearerFor(user, t.clock) };
}

function body(overrides: Partial<QuizInput> = {}): QuizInput {
  return {
    name: 'Integrity quiz',
    desc: '',
    exam: 'SSC',
    class: 'Preparing for Competitive exams',
    duration: 10,
    startTimeStamp: at(-HOUR),
    endTimeStamp: at(5 * HOUR),
    price: 0,
    published: true,
    questions: buildQuestions(8),
    ...overrides,
  };
}

async function createViaApi(overrides: Partial<QuizInput> = {}): Promise<AdminQuiz> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/quizzes',
    headers: adminAuth,
    payload: body(overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return adminQuizSchema.parse(res.json());
}

function editViaApi(quiz: AdminQuiz, overrides: Partial<QuizInput>) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/quizzes/${quiz._id}`,
    headers: adminAuth,
    payload: {
      name: quiz.name,
      desc: quiz.desc,
      exam: quiz.exam,
      class: quiz.class,
      duration: quiz.duration,
      startTimeStamp: quiz.startTimeStamp,
      endTimeStamp: quiz.endTimeStamp,
      price: quiz.price,
      published: quiz.published,
      markingScheme: quiz.markingScheme,
      questions: quiz.questions,
      ...overrides,
    },
  });
}

const attend = (quizId: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/quizzes/participant/attend/${quizId}`, headers });
const submit = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/quizzes/participant/submit', headers, payload });

describe(`quiz integrity options in the editor (${testDatabaseKind})`, () => {
  it('defaults: score on submit only for practice quizzes, shuffling for paid ones', async () => {
    expect(await createViaApi({ exam: 'Other', price: 0 })).toMatchObject({
      showScoreOnSubmit: true,
      shuffleQuestions: false,
      shuffleChoices: false,
    });
    expect(await createViaApi({ exam: 'SSC', price: 0 })).toMatchObject({
      showScoreOnSubmit: false,
      shuffleQuestions: false,
      shuffleChoices: false,
    });
    expect(await createViaApi({ exam: 'Other', price: 10 })).toMatchObject({
      showScoreOnSubmit: false,
      shuffleQuestions: true,
      shuffleChoices: true,
    });
  });

  it('an admin sets them; an edit that leaves them out keeps them', async () => {
    const quiz = await createViaApi({
      showScoreOnSubmit: true,
      shuffleQuestions: true,
      shuffleChoices: false,
    });
    expect(quiz).toMatchObject({ showScoreOnSubmit: true, shuffleQuestions: true, shuffleChoices: false });
    const kept = await editViaApi(quiz, { name: 'Renamed quiz' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({
      showScoreOnSubmit: true,
      shuffleQuestions: true,
      shuffleChoices: false,
    });
    const changed = await editViaApi(quiz, { showScoreOnSubmit: false, shuffleChoices: true });
    expect(changed.json()).toMatchObject({
      showScoreOnSubmit: false,
      shuffleQuestions: true,
      shuffleChoices: true,
    });
  });
});

describe(`score on submit (${testDatabaseKind})`, () => {
  it('off: the submit response has no score, maximum or answered count, and says when results come', async () => {
    const created = await createQuiz(t.db, { showScoreOnSubmit: false }, undefined, t.clock.now());
    const { headers } = await learner();
    expect((await attend(created.quiz.id, headers)).statusCode).toBe(200);
    const q = created.questions[0]!;
    const res = await submit(headers, {
      quizId: created.quiz.id,
      answers: [{ qnId: q.id, selectedOption: q.choices[q.ansIndex] }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const json = res.json() as Record<string, unknown>;
    expect(Object.keys(json).sort()).toEqual(['message', 'resultsAt', 'submittedAt', 'totalQuestions']);
    expect(json.resultsAt).toBe(
      new Date(created.quiz.endAt.getTime() + t.config.SUBMIT_GRACE_SECONDS * 1000).toISOString(),
    );
    submitQuizResponseSchema.parse(json);
  });

  it('on: the submit response carries the score', async () => {
    const created = await createQuiz(t.db, { showScoreOnSubmit: true }, undefined, t.clock.now());
    const { headers } = await learner();
    await attend(created.quiz.id, headers);
    const q = created.questions[0]!;
    const res = await submit(headers, {
      quizId: created.quiz.id,
      answers: [{ qnId: q.id, selectedOption: q.choices[q.ansIndex] }],
    });
    expect(res.json()).toMatchObject({ score: 1, maxScore: 10, answeredCount: 1, totalQuestions: 10 });
  });
});

describe(`end time rules (${testDatabaseKind})`, () => {
  it('refuses an end-time change after publication with a plain 409', async () => {
    const quiz = await createViaApi({ startTimeStamp: at(-3 * HOUR), endTimeStamp: at(2 * MIN) });
    t.clock.advance(3 * MIN);
    try {
      await t.app.sweeper.runOnce();
      const published = adminQuizSchema.parse(
        (await t.app.inject({ url: `/api/quizzes/admin-get-one/${quiz._id}`, headers: adminAuth })).json(),
      );
      expect(published.resultsPublished).toBe(true);
      const res = await editViaApi(published, { endTimeStamp: at(2 * HOUR) });
      expect(res.statusCode).toBe(409);
      expect(errorBodySchema.parse(res.json()).message).toBe(
        'The end time cannot change after the results have been published',
      );
      // Other text still may change.
      expect((await editViaApi(published, { name: 'Typo fixed' })).statusCode).toBe(200);
    } finally {
      t.clock.advance(-3 * MIN);
    }
  });

  it('an earlier end clamps running attempts in the same edit, so none submits after publication', async () => {
    const quiz = await createViaApi({ duration: 60 });
    const { user, headers } = await learner();
    const started = quizAttemptSchema.parse((await attend(quiz._id, headers)).json());
    expect(started.deadlineAt).toBe(at(60 * MIN));

    const newEnd = at(5 * MIN);
    const edited = await editViaApi(quiz, { endTimeStamp: newEnd });
    expect(edited.statusCode, edited.body).toBe(200);
    const resumed = quizAttemptSchema.parse((await attend(quiz._id, headers)).json());
    expect(resumed.deadlineAt).toBe(newEnd);

    t.clock.advance(5 * MIN + t.config.SUBMIT_GRACE_SECONDS * 1000 + 1000);
    try {
      await t.app.sweeper.runOnce();
      const [row] = await t.db
        .select()
        .from(attempts)
        .where(and(eq(attempts.quizId, quiz._id), eq(attempts.userId, user.id)));
      expect(row!.status).toBe('auto_submitted');
      expect(row!.rank).toBe(1);
      const late = await submit(headers, { quizId: quiz._id, answers: [] });
      expect(late.statusCode).toBe(409);
    } finally {
      t.clock.advance(-(5 * MIN + t.config.SUBMIT_GRACE_SECONDS * 1000 + 1000));
    }
  });
});

describe(`per-learner order (${testDatabaseKind})`, () => {
  it('two learners get different orders; each resumes and reviews their own', async () => {
    const quiz = await createViaApi({
      shuffleQuestions: true,
      shuffleChoices: true,
      questions: buildQuestions(12),
      startTimeStamp: at(-HOUR),
      endTimeStamp: at(30 * MIN),
    });
    const a = await learner();
    const b = await learner();
    const first = quizAttemptSchema.parse((await attend(quiz._id, a.headers)).json());
    const other = quizAttemptSchema.parse((await attend(quiz._id, b.headers)).json());
    const ids = (x: typeof first) => x.questions.map((q) => q._id);
    expect(ids(first)).not.toEqual(ids(other));
    expect(ids(first)).not.toEqual(quiz.questions.map((q) => q._id));
    expect(first.questions.map((q) => q.choices.join('|'))).not.toEqual(
      ids(first).map((id) => quiz.questions.find((q) => q._id === id)!.choices.join('|')),
    );
    const again = quizAttemptSchema.parse((await attend(quiz._id, a.headers)).json());
    expect(again.questions).toEqual(first.questions);

    // Answer every question right, by text, in the learner's own order.
    const answers = first.questions.map((q) => {
      const original = quiz.questions.find((o) => o._id === q._id)!;
      return { qnId: q._id, selectedOption: original.choices[original.ansIndex]! };
    });
    expect((await submit(a.headers, { quizId: quiz._id, answers })).statusCode).toBe(201);

    t.clock.advance(31 * MIN + t.config.SUBMIT_GRACE_SECONDS * 1000);
    try {
      await t.app.sweeper.runOnce();
      const res = await t.app.inject({
        url: `/api/quizzes/participant/quiz-summary/${quiz._id}`,
        headers: a.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      const summary = quizSummaryResponseSchema.parse(res.json()).data;
      expect(summary.quizDetails.questions.map((q) => q._id)).toEqual(ids(first));
      expect(summary.quizDetails.questions.map((q) => q.choices)).toEqual(
        first.questions.map((q) => q.choices),
      );
      for (const q of summary.quizDetails.questions) {
        const original = quiz.questions.find((o) => o._id === q._id)!;
        expect(q.choices[q.ansIndex]).toBe(original.choices[original.ansIndex]);
      }
      expect(summary.quizzSummary.answers.map((x) => x.qnId)).toEqual(ids(first));
      expect(summary.quizzSummary.score).toBe(12);
    } finally {
      t.clock.advance(-(31 * MIN + t.config.SUBMIT_GRACE_SECONDS * 1000));
    }
  });
});

describe(`options once learners have started (${testDatabaseKind})`, () => {
  it('shuffling is fixed once a learner has started (a resume shows the same order); the score flag is not', async () => {
    const quiz = await createViaApi({
      shuffleQuestions: false,
      shuffleChoices: false,
      showScoreOnSubmit: false,
    });
    const { headers } = await learner();
    expect((await attend(quiz._id, headers)).statusCode).toBe(200);
    const refused = await editViaApi(quiz, { shuffleQuestions: true });
    expect(refused.statusCode).toBe(409);
    expect(errorBodySchema.parse(refused.json()).message).toEqual([
      'Shuffling cannot change after participants have started this quiz',
    ]);
    expect((await editViaApi(quiz, { showScoreOnSubmit: true })).statusCode).toBe(200);
  });
});

describe(`admin stats and export at scale (${testDatabaseKind})`, () => {
  it('computes the stats in the database without reading any answers, and streams every participant', async () => {
    const { quiz } = await createQuiz(t.db, { showScoreOnSubmit: false }, buildQuestions(10), t.clock.now());
    const n = 2500; // more than one page of the export
    const rows = await t.db
      .insert(users)
      .values(Array.from({ length: n }, (_, i) => buildStudent({ phNo: `5${String(i).padStart(9, '0')}` })))
      .returning({ id: users.id });
    const start = new Date(NOW.getTime() - 30 * MIN);
    for (let i = 0; i < n; i += 500) {
      await t.db.insert(attempts).values(
        rows.slice(i, i + 500).map((u, k) => ({
          quizId: quiz.id,
          userId: u.id,
          status: 'submitted' as const,
          startedAt: start,
          deadlineAt: new Date(start.getTime() + 10 * MIN),
          submittedAt: new Date(start.getTime() + 5 * MIN),
          answers: [],
          score: (i + k) % 11,
          correctCount: (i + k) % 11,
          elapsedMs: 60_000 + i + k,
        })),
      );
    }

    sent.length = 0;
    const res = await t.app.inject({ url: `/api/quizzes/admin-get-one/${quiz.id}`, headers: adminAuth });
    expect(res.statusCode).toBe(200);
    const stats = adminQuizSchema.parse(res.json()).stats;
    expect(stats).toMatchObject({
      attempted: n,
      submitted: n,
      inProgress: 0,
      highestScore: 10,
      maxScore: 10,
    });
    expect(stats.averageScore).toBeCloseTo(
      Array.from({ length: n }, (_, i) => i % 11).reduce((a, b) => a + b, 0) / n,
      2,
    );
    expect(stats.histogram.reduce((a, b) => a + b.count, 0)).toBe(n);
    // No statement of the page read the attempts' answers into memory.
    expect(
      sent.filter((q) => /"attempts"\."answers"|"answers"/.test(q) && /from "attempts"/.test(q)),
    ).toEqual([]);

    const csv = await t.app.inject({
      url: `/api/quizzes/admin-get-participants/${quiz.id}/export.csv`,
      headers: adminAuth,
    });
    expect(csv.statusCode).toBe(200);
    const records = parse(csv.body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(records).toHaveLength(n);
    const ranks = records.map((r) => Number(r.Rank));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(new Set(records.map((r) => r.Phone)).size).toBe(n);
  });
});
