import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLogResponseSchema } from '@quizcast/contract/schemas/account';
import { quizAttemptSchema, quizIntroSchema, type Answer } from '@quizcast/contract/schemas/quiz';
import { extraTimeListSchema } from '@quizcast/contract/schemas/quiz-participants';
import { leaderboardResponseSchema, quizSummaryResponseSchema } from '@quizcast/contract/schemas/result';
import { userEnvelopeSchema } from '@quizcast/contract/schemas/student';
import { attempts } from '../src/db/schema';
import { createQuiz, createStudent, type CreatedQuiz, type UserRow } from '../src/seed/factories';
import { bearerFor, buildTestApp, testDatabaseKind, type TestApp } from './helpers';

/**
 * Compensatory time and an admin's extra minutes (issue 26, ADR 023): the server stretches the
 * deadline it stores at the start, the sweeper closes at that deadline, ranks compare time per
 * minute allowed. On PGlite and PostgreSQL, with the injected clock.
 */

const MIN = 60_000;
const START = new Date('2026-11-22T10:00:00Z');
let t: TestApp;
let grace: number;
let admin: UserRow;
let adminHeaders: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp({ now: START });
  grace = t.config.SUBMIT_GRACE_SECONDS * 1000;
  admin = await createStudent(t.db, { role: 'admin', name: 'Asha Admin' });
  adminHeaders = await bearerFor(admin, t.clock);
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  t.clock.set(START);
});

async function learner(compensatoryTime = false) {
  const user = await createStudent(t.db, { compensatoryTime });
  return { user, headers: await bearerFor(user, t.clock) };
}
/** 30 minutes, open for a day from START. */
const quiz = (): Promise<CreatedQuiz> => createQuiz(t.db, { durationMin: 30 }, undefined, START);
const at = (ms: number) => t.clock.set(new Date(START.getTime() + ms));

const inject = (method: 'GET' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload && { payload }) });
const attend = (quizId: string, headers: Record<string, string>) =>
  inject('GET', `/api/quizzes/participant/attend/${quizId}`, headers);
const save = (created: CreatedQuiz, headers: Record<string, string>, seq: number) => {
  const q = created.questions[0]!;
  const answers: Answer[] = [{ qnId: q.id, selectedOption: q.choices[0]!, seq }];
  return inject('PUT', `/api/quizzes/participant/attend/${created.quiz.id}/answers`, headers, { answers });
};
const grant = (quizId: string, phNo: string, extraMinutes: number, headers = adminHeaders) =>
  inject('PUT', `/api/quizzes/admin-extra-time/${quizId}`, headers, { phNo, extraMinutes });
async function attemptOf(quizId: string, userId: string) {
  const [row] = await t.db
    .select()
    .from(attempts)
    .where(and(eq(attempts.quizId, quizId), eq(attempts.userId, userId)));
  return row!;
}

describe(`compensatory time (${testDatabaseKind})`, () => {
  it('is off by default and the learner turns it on in the profile', async () => {
    const { headers } = await learner();
    const me = userEnvelopeSchema.parse((await inject('GET', '/api/students/me', headers)).json());
    expect(me.data.compensatoryTime).toBe(false);
    const res = await inject('PUT', '/api/students/compensatory-time', headers, { compensatoryTime: true });
    expect(res.statusCode).toBe(200);
    expect(userEnvelopeSchema.parse(res.json()).data.compensatoryTime).toBe(true);
    expect(
      (await inject('PUT', '/api/students/compensatory-time', headers, { compensatoryTime: 'yes' }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/students/compensatory-time',
          payload: { compensatoryTime: true },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('stretches the deadline 20 minutes per hour: saves until then, refused after, closed by the sweeper then', async () => {
    const created = await quiz();
    const comp = await learner(true);
    const plain = await learner();
    const intro = quizIntroSchema.parse(
      (await inject('GET', `/api/quizzes/participant/${created.quiz.id}`, comp.headers)).json(),
    );
    expect(intro.extraMinutes).toBe(10);
    const introPlain = quizIntroSchema.parse(
      (await inject('GET', `/api/quizzes/participant/${created.quiz.id}`, plain.headers)).json(),
    );
    expect(introPlain.extraMinutes).toBe(0);

    const started = quizAttemptSchema.parse((await attend(created.quiz.id, comp.headers)).json());
    expect(started.deadlineAt).toBe(new Date(START.getTime() + 40 * MIN).toISOString());
    expect(quizAttemptSchema.parse((await attend(created.quiz.id, plain.headers)).json()).deadlineAt).toBe(
      new Date(START.getTime() + 30 * MIN).toISOString(),
    );

    // Turning it off mid-attempt changes nothing: the deadline was stored at the start.
    await inject('PUT', '/api/students/compensatory-time', comp.headers, { compensatoryTime: false });
    at(39 * MIN + 59_000);
    expect(quizAttemptSchema.parse((await attend(created.quiz.id, comp.headers)).json()).deadlineAt).toBe(
      started.deadlineAt,
    );
    expect((await save(created, comp.headers, 1)).statusCode).toBe(200);
    expect((await save(created, plain.headers, 1)).statusCode).toBe(409);

    // The sweeper leaves it open up to the last millisecond of grace, and closes it then.
    at(40 * MIN + grace - 1);
    await t.app.sweeper.runOnce();
    expect((await attemptOf(created.quiz.id, comp.user.id)).status).toBe('in_progress');
    at(40 * MIN + grace);
    await t.app.sweeper.runOnce();
    const closed = await attemptOf(created.quiz.id, comp.user.id);
    expect(closed.status).toBe('auto_submitted');
    expect(closed.elapsedMs).toBe(40 * MIN);
    expect(closed.extraMs).toBe(10 * MIN);
    expect((await save(created, comp.headers, 2)).statusCode).toBe(409);
  });

  it('never runs past the quiz end', async () => {
    const created = await createQuiz(
      t.db,
      { durationMin: 30, endAt: new Date(START.getTime() + 35 * MIN) },
      undefined,
      START,
    );
    const comp = await learner(true);
    const started = quizAttemptSchema.parse((await attend(created.quiz.id, comp.headers)).json());
    expect(started.deadlineAt).toBe(new Date(START.getTime() + 35 * MIN).toISOString());
  });
});

describe(`an admin's extra minutes for one learner on one quiz (${testDatabaseKind})`, () => {
  it('extends only that learner on that quiz, adds to compensatory time, and is audited', async () => {
    const created = await quiz();
    const other = await quiz();
    const a = await learner();
    const b = await learner();
    const c = await learner(true);
    const res = await grant(created.quiz.id, a.user.phNo, 15);
    expect(res.statusCode).toBe(200);
    expect(extraTimeListSchema.parse(res.json()).entries).toEqual([
      { userId: a.user.id, name: a.user.name, phNo: a.user.phNo, extraMinutes: 15 },
    ]);
    expect((await grant(created.quiz.id, c.user.phNo, 5)).statusCode).toBe(200);

    const intro = quizIntroSchema.parse(
      (await inject('GET', `/api/quizzes/participant/${created.quiz.id}`, a.headers)).json(),
    );
    expect(intro.extraMinutes).toBe(15);
    const deadline = async (quizId: string, headers: Record<string, string>) =>
      quizAttemptSchema.parse((await attend(quizId, headers)).json()).deadlineAt;
    const after = (minutes: number) => new Date(START.getTime() + minutes * MIN).toISOString();
    expect(await deadline(created.quiz.id, a.headers)).toBe(after(45));
    expect(await deadline(other.quiz.id, a.headers)).toBe(after(30));
    expect(await deadline(created.quiz.id, b.headers)).toBe(after(30));
    expect(await deadline(created.quiz.id, c.headers)).toBe(after(45)); // 30 × 4/3 + 5

    const log = auditLogResponseSchema.parse(
      (await inject('GET', '/api/admin/audit-log', adminHeaders)).json(),
    );
    const entry = log.entries.find((e) => e.action === 'quiz.extra_time' && e.details.userId === a.user.id);
    expect(entry).toMatchObject({
      actorId: admin.id,
      targetType: 'quiz',
      targetId: created.quiz.id,
      details: { userId: a.user.id, extraMinutes: 15, previousExtraMinutes: 0 },
    });
  });

  it('is refused with 409 once the learner has started, and the running deadline stays', async () => {
    const created = await quiz();
    const a = await learner();
    const started = quizAttemptSchema.parse((await attend(created.quiz.id, a.headers)).json());
    const res = await grant(created.quiz.id, a.user.phNo, 20);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: expect.stringContaining('already started') });
    const list = extraTimeListSchema.parse(
      (await inject('GET', `/api/quizzes/admin-extra-time/${created.quiz.id}`, adminHeaders)).json(),
    );
    expect(list.entries).toEqual([]);
    expect((await attemptOf(created.quiz.id, a.user.id)).deadlineAt.toISOString()).toBe(started.deadlineAt);
  });

  it('is for admins only: a learner can neither grant nor read, and unknown ids answer 404', async () => {
    const created = await quiz();
    const a = await learner();
    const b = await learner();
    expect((await grant(created.quiz.id, a.user.phNo, 30, a.headers)).statusCode).toBe(403);
    expect((await grant(created.quiz.id, b.user.phNo, 30, a.headers)).statusCode).toBe(403);
    expect(
      (await inject('GET', `/api/quizzes/admin-extra-time/${created.quiz.id}`, a.headers)).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/quizzes/admin-extra-time/${created.quiz.id}` }))
        .statusCode,
    ).toBe(401);
    expect((await grant(created.quiz.id, '9000000000', 5)).statusCode).toBe(404);
    expect((await grant('00000000-0000-4000-8000-000000000000', a.user.phNo, 5)).statusCode).toBe(404);
    expect((await grant(created.quiz.id, a.user.phNo, -1)).statusCode).toBe(400);
    expect((await grant(created.quiz.id, a.user.phNo, 1.5)).statusCode).toBe(400);
    // Nothing was granted by the refused calls.
    const list = extraTimeListSchema.parse(
      (await inject('GET', `/api/quizzes/admin-extra-time/${created.quiz.id}`, adminHeaders)).json(),
    );
    expect(list.entries).toEqual([]);
  });
});

describe(`ranks with compensatory time (${testDatabaseKind})`, () => {
  it('compare time per minute allowed, and the leaderboard and summary say "with compensatory time"', async () => {
    const created = await createQuiz(
      t.db,
      { durationMin: 30, endAt: new Date(START.getTime() + 2 * 60 * MIN) },
      undefined,
      START,
    );
    const comp = await learner(true);
    const plain = await learner();
    const answers = created.questions.map((q) => ({ qnId: q.id, selectedOption: q.choices[q.ansIndex]! }));
    const submitAfter = async (headers: Record<string, string>, minutes: number) => {
      at(0);
      await attend(created.quiz.id, headers);
      at(minutes * MIN);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/quizzes/participant/submit',
        headers,
        payload: { quizId: created.quiz.id, answers },
      });
      expect(res.statusCode).toBe(201);
    };
    // Same score; 28 of 40 minutes (0.70) beats 22 of 30 (0.733…), though it took longer.
    await submitAfter(comp.headers, 28);
    await submitAfter(plain.headers, 22);
    at(2 * 60 * MIN + grace);
    await t.app.sweeper.runOnce();

    const board = leaderboardResponseSchema.parse(
      (await inject('GET', `/api/quizzes/participant/${created.quiz.id}/leaderboard`, plain.headers)).json(),
    );
    expect(board.results.map((r) => [r.rank, r.elapsedTime, r.withCompensatoryTime])).toEqual([
      [1, 28 * 60, true],
      [2, 22 * 60, false],
    ]);
    const summary = quizSummaryResponseSchema.parse(
      (await inject('GET', `/api/quizzes/participant/quiz-summary/${created.quiz.id}`, comp.headers)).json(),
    );
    expect(summary.data.rank).toBe(1);
    expect(summary.data.quizzSummary).toMatchObject({ allowedMinutes: 40, withCompensatoryTime: true });
  });
});
