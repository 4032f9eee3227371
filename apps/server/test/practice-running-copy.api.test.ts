import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { analyticsPath } from '@quizcast/contract/schemas/analytics';
import { practiceAttemptSchema, type PracticeAttempt } from '@quizcast/contract/schemas/practice';
import { payments, practiceAttempts, quizzes } from '../src/db/schema';
import { PracticeRepository } from '../src/modules/practice/practice.repository';
import { createStudent, type CreatedQuiz } from '../src/seed/factories';
import { bearerFor, buildTestApp, testDatabaseKind, type TestApp } from './helpers';
import {
  learner,
  openQuiz,
  publish,
  secretsOf,
  savePractice,
  started,
  submitPractice,
  topicQuestions,
  unlock,
  type Learner,
} from './practice-support';

/**
 * Issue 27's bench: each instance keeps a copy of the running practices it started or last wrote
 * (`RunningPractices`), so a submission is one statement. The copy is never trusted: that statement
 * applies only while the attempt is at the revision held and every question is still visible to the
 * learner at its quiz's version, so another instance's save, a withdrawal, a lost unlock or a changed key
 * is honoured at once, and an instance that holds nothing (another one, or after a restart) reads.
 */

let a: TestApp;
/** A second instance on the same database and clock, as in a cluster. */
let b: TestApp;
const sent: string[] = [];
/** Published, free: History (3 questions) and Geography (3); paid: Polity (3). */
let history: CreatedQuiz;
let geography: CreatedQuiz;
let paidPolity: CreatedQuiz;

beforeAll(async () => {
  a = await buildTestApp({ queryLog: (query) => sent.push(query.replace(/\s+/g, ' ').trim()) });
  b = await buildTestApp({ shareWith: a });
  history = await openQuiz(a, { exam: 'UPSC' }, topicQuestions('History', 3));
  geography = await openQuiz(a, { exam: 'UPSC' }, topicQuestions('Geography', 3));
  paidPolity = await openQuiz(a, { exam: 'UPSC', pricePaise: 4900 }, topicQuestions('Polity', 3));
  for (const quiz of [history, geography, paidPolity]) await publish(a, quiz);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

/** What `action` returned, and the practice's own statements it sent. */
async function statementsOf<T>(action: () => Promise<T>): Promise<{ statements: string[]; result: T }> {
  sent.length = 0;
  const result = await action();
  // The practice's own (a new instance reads the session and the user once).
  return { statements: sent.filter((query) => query.includes('practice_attempts')), result };
}

async function startDrill(on: TestApp, who: Learner, topics: string[]): Promise<PracticeAttempt> {
  const res = await on.app.inject({
    method: 'POST',
    url: '/api/practice/drills',
    headers: who.headers,
    payload: { exam: 'UPSC', topics, difficulty: 'medium', count: 10, timed: false, instantFeedback: false },
  });
  expect(res.statusCode, res.body).toBe(201);
  return practiceAttemptSchema.parse(res.json());
}

const submitRaw = (
  who: Learner,
  attempt: PracticeAttempt,
  answers: { qnId: string; selectedOption: string }[],
) =>
  a.app.inject({
    method: 'POST',
    url: `/api/practice/attempts/${attempt._id}/submit`,
    headers: who.headers,
    payload: { answers },
  });

/** Every question of the attempt answered with its first choice (the key of `topicQuestions`). */
const allRight = (attempt: PracticeAttempt) =>
  attempt.questions.map((q) => ({ qnId: q._id, selectedOption: q.choices[0]! }));

/**
 * The next read of an attempt (on any instance) hands over what it read only on `release`: `read`
 * resolves once it has read. A resume that read before a save or a submission and lands after it.
 */
function pauseNextAttemptRead() {
  const real = PracticeRepository.prototype.attemptWithQuestions;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let done!: () => void;
  const read = new Promise<void>((resolve) => (done = resolve));
  const spy = vi
    .spyOn(PracticeRepository.prototype, 'attemptWithQuestions')
    .mockImplementationOnce(async function (this: PracticeRepository, ...args) {
      const found = await real.apply(this, args);
      done();
      await gate;
      return found;
    });
  return { read, release, restore: () => spy.mockRestore() };
}

const resume = (on: TestApp, who: Learner, attempt: PracticeAttempt) =>
  on.app.inject({ method: 'GET', url: `/api/practice/attempts/${attempt._id}`, headers: who.headers });

const finishing = /^with done as \( update practice_attempts /;
const knownFinish = /^with done as \( update practice_attempts .* and \(select count\(\*\) from questions q/;
const attemptRead = /^select .*\( select coalesce\(json_agg\(v\), '\[\]'::json\)/;

describe(`practice: each instance's copy of its running attempts (${testDatabaseKind})`, () => {
  it('a submission held here is one statement; another instance (or a restarted one) reads first and scores the same', async () => {
    const me = await learner(a, await createStudent(a.db));
    const here = await startDrill(a, me, ['History']);
    const { statements } = await statementsOf(() => submitPractice(a, me, here, allRight(here)));
    expect(statements).toEqual([expect.stringMatching(knownFinish)]);

    // Started on an instance that is then closed (a restart): nothing is lost, the other one reads.
    const c = await buildTestApp({ shareWith: a });
    const there = await startDrill(c, me, ['History']);
    await savePractice(c, me, there, [
      { qnId: there.questions[0]!._id, selectedOption: there.questions[0]!.choices[0]! },
    ]);
    await c.close();
    const { statements: read, result } = await statementsOf(() => submitPractice(b, me, there, []));
    expect(read).toEqual([expect.stringMatching(attemptRead), expect.stringMatching(finishing)]);
    expect(read[1]).not.toMatch(knownFinish);
    // The save made on the closed instance counts.
    expect(result.result).toMatchObject({ correctCount: 1, wrongCount: 0, totalQuestions: 3 });
  });

  it("a save on another instance makes this one's copy stale: the submission reads again and counts it", async () => {
    const me = await learner(a, await createStudent(a.db));
    const drill = await startDrill(a, me, ['History']);
    const [first, second] = drill.questions;
    await savePractice(b, me, drill, [{ qnId: first!._id, selectedOption: first!.choices[0]!, seq: 1 }]);
    const { statements, result } = await statementsOf(() =>
      submitPractice(a, me, drill, [{ qnId: second!._id, selectedOption: second!.choices[1]! }]),
    );
    expect(statements).toEqual([
      expect.stringMatching(knownFinish),
      expect.stringMatching(attemptRead),
      expect.stringMatching(finishing),
    ]);
    expect(result.result).toMatchObject({ correctCount: 1, wrongCount: 1 });
    const [row] = await a.db.select().from(practiceAttempts).where(eq(practiceAttempts.id, drill._id));
    expect(row!.status).toBe('submitted');
    expect(row!.answers.filter((x) => x.selectedOption != null).map((x) => x.qnId)).toEqual([
      first!._id,
      second!._id,
    ]);
  });

  it('a quiz withdrawn after the start: the held copy is not used and nothing of that quiz is in the response', async () => {
    const me = await learner(a, await createStudent(a.db));
    const drill = await startDrill(a, me, ['History', 'Geography']);
    expect(drill.questions).toHaveLength(6);
    const practice = await started(a, me, geography.quiz.id);
    await a.db.update(quizzes).set({ published: false }).where(eq(quizzes.id, geography.quiz.id));
    try {
      const known = new Set(history.questions.map((q) => q.id));
      // Its questions are unknown now (as the read path has always answered), nothing more.
      const refused = await submitRaw(me, drill, allRight(drill));
      expect(refused.statusCode, refused.body).toBe(400);
      for (const secret of secretsOf(geography)) expect(refused.body).not.toContain(secret);
      const res = await submitRaw(
        me,
        drill,
        allRight(drill).filter((x) => known.has(x.qnId)),
      );
      expect(res.statusCode, res.body).toBe(200);
      for (const secret of secretsOf(geography)) expect(res.body).not.toContain(secret);
      const result = (res.json() as { result: { feedback: { qnId: string }[]; totalQuestions: number } })
        .result;
      expect(result.totalQuestions).toBe(3);
      expect(result.feedback.every((f) => known.has(f.qnId))).toBe(true);
      // A practice of the withdrawn quiz itself is gone (as an unknown quiz), held or not.
      const gone = await a.app.inject({
        method: 'POST',
        url: `/api/practice/attempts/${practice._id}/submit`,
        headers: me.headers,
        payload: { answers: allRight(practice) },
      });
      expect(gone.statusCode).toBe(404);
      for (const secret of secretsOf(geography)) expect(gone.body).not.toContain(secret);
    } finally {
      await a.db.update(quizzes).set({ published: true }).where(eq(quizzes.id, geography.quiz.id));
    }
  });

  it("a refusal held here is the fresh read's, word for word: judged by the questions as they are now, not by the copy", async () => {
    const me = await learner(a, await createStudent(a.db));
    // Held on `a` with both quizzes' questions; the twin is held on `b`, so `a` reads it afresh.
    const held = await startDrill(a, me, ['History', 'Geography']);
    const twin = await startDrill(b, me, ['History', 'Geography']);
    await a.db.update(quizzes).set({ published: false }).where(eq(quizzes.id, geography.quiz.id));
    try {
      const geographyIds = new Set(geography.questions.map((q) => q.id));
      // One answer to a question withdrawn since the start, one naming no choice of its question.
      const offending = (attempt: PracticeAttempt) => {
        const withdrawn = attempt.questions.find((q) => geographyIds.has(q._id))!;
        const kept = attempt.questions.find((q) => !geographyIds.has(q._id))!;
        return {
          answers: [
            { qnId: withdrawn._id, selectedOption: withdrawn.choices[0]! },
            { qnId: kept._id, selectedOption: 'none of these' },
          ],
          expected: [`Unknown question: ${withdrawn._id}`, `Invalid option for question ${kept._id}`],
        };
      };
      const fresh = offending(twin);
      const fromRead = await submitRaw(me, twin, fresh.answers);
      expect(fromRead.statusCode, fromRead.body).toBe(400);
      expect(fromRead.json()).toMatchObject({ statusCode: 400, message: fresh.expected });
      const copy = offending(held);
      const { statements, result: fromCopy } = await statementsOf(() => submitRaw(me, held, copy.answers));
      expect(fromCopy.statusCode, fromCopy.body).toBe(400);
      // The fresh read's body, but for its own questions' ids.
      expect(fromCopy.json()).toEqual({ ...(fromRead.json() as object), message: copy.expected });
      // The copy refused nothing itself: the read judged.
      expect(statements).toEqual([expect.stringMatching(attemptRead)]);
    } finally {
      await a.db.update(quizzes).set({ published: true }).where(eq(quizzes.id, geography.quiz.id));
    }
  });

  it('an unlock that no longer holds (the payment is not a success any more): the held copy is not used and nothing of the paid quiz is in the response', async () => {
    const me = await learner(a, await createStudent(a.db));
    await unlock(a, me.user, paidPolity);
    const drill = await startDrill(a, me, ['History', 'Polity']);
    expect(drill.questions).toHaveLength(6);
    await a.db
      .update(payments)
      .set({ status: 'failed' })
      .where(and(eq(payments.userId, me.user.id), eq(payments.quizId, paidPolity.quiz.id)));
    const refused = await submitRaw(me, drill, allRight(drill));
    expect(refused.statusCode, refused.body).toBe(400);
    for (const secret of secretsOf(paidPolity)) expect(refused.body).not.toContain(secret);
    const free = new Set(history.questions.map((q) => q.id));
    const res = await submitRaw(
      me,
      drill,
      allRight(drill).filter((x) => free.has(x.qnId)),
    );
    expect(res.statusCode, res.body).toBe(200);
    for (const secret of secretsOf(paidPolity)) expect(res.body).not.toContain(secret);
    expect((res.json() as { result: { totalQuestions: number } }).result.totalQuestions).toBe(3);
  });

  it('saves here, then a submission with an empty body here: the held copy scores what was saved, in one statement', async () => {
    const me = await learner(a, await createStudent(a.db));
    const practice = await started(a, me, history.quiz.id);
    const [first, second, third] = practice.questions;
    const save = (answers: { qnId: string; selectedOption: string; seq: number }[]) =>
      savePractice(a, me, practice, answers);
    // Three saves: the copy must be the last one's, each merged with those before it.
    await save([{ qnId: first!._id, selectedOption: first!.choices[1]!, seq: 1 }]);
    await save([{ qnId: second!._id, selectedOption: second!.choices[1]!, seq: 2 }]);
    await save([{ qnId: first!._id, selectedOption: first!.choices[0]!, seq: 3 }]);
    const { statements, result } = await statementsOf(() => submitPractice(a, me, practice, []));
    expect(statements).toEqual([expect.stringMatching(knownFinish)]);
    expect(result.result).toMatchObject({ correctCount: 1, wrongCount: 1, totalQuestions: 3 });
    const outcomes = Object.fromEntries(result.result.feedback.map((f) => [f.qnId, f.outcome]));
    expect(outcomes).toEqual({ [first!._id]: 'right', [second!._id]: 'wrong', [third!._id]: 'skipped' });
    const [row] = await a.db.select().from(practiceAttempts).where(eq(practiceAttempts.id, practice._id));
    expect(row).toMatchObject({ status: 'submitted', correctCount: 1, wrongCount: 1 });
    expect(Object.fromEntries(row!.answers.map((x) => [x.qnId, x.selectedOption]))).toMatchObject({
      [first!._id]: first!.choices[0],
      [second!._id]: second!.choices[1],
    });
  });

  it('results unpublished after the start: the held copy gives nothing of that quiz, as the fresh read does', async () => {
    const me = await learner(a, await createStudent(a.db));
    // Each held on `a` and a twin held on `b` only, all submitted on `a`: held there, read afresh.
    const heldPractice = await started(a, me, geography.quiz.id);
    const freshPractice = await started(b, me, geography.quiz.id);
    const heldDrill = await startDrill(a, me, ['History', 'Geography']);
    const freshDrill = await startDrill(b, me, ['History', 'Geography']);
    const [before] = await a.db.select().from(quizzes).where(eq(quizzes.id, geography.quiz.id));
    // Not through an edit: the quiz's version stays as held, so only the practisable rule can refuse.
    await a.db.update(quizzes).set({ resultsPublishedAt: null }).where(eq(quizzes.id, geography.quiz.id));
    try {
      const submitted = async (attempt: PracticeAttempt, held: boolean) => {
        const { statements, result: res } = await statementsOf(() => submitRaw(me, attempt, []));
        for (const secret of secretsOf(geography)) expect(res.body).not.toContain(secret);
        // The held one tried its copy first (and missed), then read as the other one did.
        expect(statements.filter((query) => knownFinish.test(query))).toHaveLength(held ? 1 : 0);
        expect(statements.findIndex((query) => attemptRead.test(query))).toBe(held ? 1 : 0);
        return res;
      };
      // A practice of that quiz: gone, held or not (as an unknown quiz).
      const fresh = await submitted(freshPractice, false);
      const held = await submitted(heldPractice, true);
      expect([held.statusCode, fresh.statusCode]).toEqual([404, 404]);
      expect(held.json()).toEqual(fresh.json());
      // A drill mixing it with another: scored on the other quiz's questions alone, held or not.
      const history3 = new Set(history.questions.map((q) => q.id));
      for (const [attempt, wasHeld] of [
        [freshDrill, false],
        [heldDrill, true],
      ] as const) {
        const res = await submitted(attempt, wasHeld);
        expect(res.statusCode, res.body).toBe(200);
        const { result } = res.json() as {
          result: { totalQuestions: number; maxScore: number; feedback: { qnId: string }[] };
        };
        expect(result).toMatchObject({ totalQuestions: 3, maxScore: 3 });
        expect(result.feedback.map((f) => f.qnId).sort()).toEqual(
          attempt.questions
            .filter((q) => history3.has(q._id))
            .map((q) => q._id)
            .sort(),
        );
      }
    } finally {
      await a.db
        .update(quizzes)
        .set({ resultsPublishedAt: before!.resultsPublishedAt })
        .where(eq(quizzes.id, geography.quiz.id));
    }
  });

  it('a resume that read before a save here and lands after it leaves the copy at what the save wrote', async () => {
    const me = await learner(a, await createStudent(a.db));
    const practice = await started(a, me, history.quiz.id);
    const [first] = practice.questions;
    const paused = pauseNextAttemptRead();
    try {
      const resumed = resume(a, me, practice);
      await paused.read; // it read revision 0 …
      paused.restore();
      await savePractice(a, me, practice, [{ qnId: first!._id, selectedOption: first!.choices[0]!, seq: 1 }]); // … a save here wrote revision 1 …
      paused.release();
      expect((await resumed).statusCode).toBe(200); // … and the resume lands after it
    } finally {
      paused.restore();
      paused.release();
    }
    const { statements, result } = await statementsOf(() => submitPractice(a, me, practice, []));
    // Held at the save's revision: one statement, the save counted.
    expect(statements).toEqual([expect.stringMatching(knownFinish)]);
    expect(result.result).toMatchObject({ correctCount: 1, totalQuestions: 3 });
  });

  it('an attempt id written in upper case is the same attempt to the copy: held, and forgotten once submitted', async () => {
    const me = await learner(a, await createStudent(a.db));
    const here = await startDrill(a, me, ['History']);
    const upper = { ...here, _id: here._id.toUpperCase() };
    const { statements: held, result: first } = await statementsOf(() =>
      submitRaw(me, upper, allRight(here)),
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(held).toEqual([expect.stringMatching(knownFinish)]);
    // Forgotten under either case: the next submission reads (and is refused), it tries no copy.
    const { statements: read, result: again } = await statementsOf(() => submitRaw(me, here, []));
    expect(again.statusCode, again.body).toBe(409);
    expect(read).toEqual([expect.stringMatching(attemptRead)]);
  });

  it('a resume that read before a submission here and lands after it keeps no copy of the finished attempt', async () => {
    const me = await learner(a, await createStudent(a.db));
    const practice = await started(a, me, history.quiz.id);
    const paused = pauseNextAttemptRead();
    try {
      const resumed = resume(a, me, practice);
      await paused.read; // it read the attempt running …
      paused.restore();
      await submitPractice(a, me, practice, allRight(practice)); // … a submission here finished it …
      paused.release();
      const res = await resumed; // … and the resume lands after that
      expect(res.statusCode, res.body).toBe(200);
      expect(practiceAttemptSchema.parse(res.json()).status).toBe('in_progress');
    } finally {
      paused.restore();
      paused.release();
    }
    // Nothing held: a second submission reads (and is refused), it does not try a copy first.
    const { statements, result: again } = await statementsOf(() => submitRaw(me, practice, []));
    expect(again.statusCode, again.body).toBe(409);
    expect(statements).toEqual([expect.stringMatching(attemptRead)]);
  });

  it('a key corrected after the start, even twice in one millisecond: scored by the newest key', async () => {
    // Through the admin's key correction, on a stopped clock: each correction must still give the
    // quiz a new version, or a copy held at the first one would score by a key no longer in force.
    const admin = await createStudent(a.db, { role: 'admin' });
    const target = geography.questions[0]!;
    const correct = async (ansIndex: number) => {
      const res = await a.app.inject({
        method: 'POST',
        url: `/api${analyticsPath.adminKeyCorrections(geography.quiz.id)}`,
        headers: await bearerFor(admin, a.clock),
        payload: { questionId: target.id, ansIndex, reason: 'The answer key was wrong' },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await correct(1);
    const me = await learner(a, await createStudent(a.db));
    const drill = await startDrill(a, me, ['Geography']); // held with the key at 1
    await correct(0); // the same instant: the key is back at the first choice
    const { statements, result } = await statementsOf(() => submitPractice(a, me, drill, allRight(drill)));
    expect(statements).toEqual([
      expect.stringMatching(knownFinish),
      expect.stringMatching(attemptRead),
      expect.stringMatching(finishing),
    ]);
    expect(result.result.feedback.find((f) => f.qnId === target.id)?.outcome).toBe('right');
    expect(result.result).toMatchObject({ correctCount: 3, wrongCount: 0 });
  });
});
