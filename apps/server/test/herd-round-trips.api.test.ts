import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { quizAttemptSchema, submitQuizResponseSchema, type Answer } from '@quizcast/contract/schemas/quiz';
import { attempts, questions, quizzes } from '../src/db/schema';
import { createQuiz, createStudent, type CreatedQuiz } from '../src/seed/factories';
import { bearerFor, buildTestApp, testDatabaseKind, type TestApp } from './helpers';

/**
 * Issue 16 (ADR 012): the statements each exam-day call sends to the database. On the herd's
 * 2-core box most of the app's time went to sending statements (bench/README.md), so a change that
 * adds a round trip to start, autosave or submit should fail here, not only in a benchmark.
 */

let t: TestApp;
/** Every statement the app sent, in order. */
const sent: string[] = [];

beforeAll(async () => {
  // The session cache on, as in production (the other suites turn it off to edit users directly).
  t = await buildTestApp({
    now: '2026-11-22T10:00:00Z',
    env: { USER_CACHE_TTL_SECONDS: '60' },
    queryLog: (query) => sent.push(query),
  });
});
afterAll(async () => {
  await t.close();
});

async function learner() {
  const user = await createStudent(t.db);
  return { user, headers: await bearerFor(user, t.clock) };
}

/** A live quiz whose questions this instance already holds (one learner started it). */
async function liveQuiz(): Promise<CreatedQuiz> {
  const created = await createQuiz(t.db, {}, undefined, t.clock.now());
  const first = await learner();
  expect((await attend(created.quiz.id, first.headers)).statusCode).toBe(200);
  return created;
}

function attend(quizId: string, headers: Record<string, string>) {
  return t.app.inject({ method: 'GET', url: `/api/quizzes/participant/attend/${quizId}`, headers });
}
function save(quizId: string, headers: Record<string, string>, answers: Answer[]) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/quizzes/participant/attend/${quizId}/answers`,
    headers,
    payload: { answers },
  });
}

/** The statements `action` sends. */
async function statementsOf(action: () => Promise<unknown>): Promise<string[]> {
  sent.length = 0;
  await action();
  return [...sent];
}

const compact = (query: string) => query.replace(/\s+/g, ' ').trim();

describe(`exam-day calls: statements per request (${testDatabaseKind})`, () => {
  it('a first fetch is two statements: the session with its user, and the quiz read that starts the attempt', async () => {
    const created = await liveQuiz();
    const { user, headers } = await learner();
    let res: Awaited<ReturnType<typeof attend>> | undefined;
    const statements = await statementsOf(async () => {
      res = await attend(created.quiz.id, headers);
    });
    expect(res!.statusCode).toBe(200);
    expect(statements.map(compact)).toEqual([
      expect.stringMatching(/from "sessions" left join "users" on "users"\."id" = "sessions"\."user_id"/),
      expect.stringMatching(
        /^with "started" as \( insert into "attempts" .* on conflict \(quiz_id, user_id\) do nothing/,
      ),
    ]);
    const body = quizAttemptSchema.parse(res!.json());
    expect(body.startedAt).toBe(t.clock.now().toISOString());
    const rows = await t.db
      .select()
      .from(attempts)
      .where(and(eq(attempts.quizId, created.quiz.id), eq(attempts.userId, user.id)));
    expect(rows.map((r) => [r.status, r.startedAt.toISOString(), r.deadlineAt.toISOString()])).toEqual([
      ['in_progress', body.startedAt, body.deadlineAt],
    ]);

    // A resume (reload) is one statement: the session and its user are cached, the insert does nothing.
    t.clock.advance(60_000);
    try {
      let again: Awaited<ReturnType<typeof attend>> | undefined;
      const resume = await statementsOf(async () => {
        again = await attend(created.quiz.id, headers);
      });
      expect(resume).toHaveLength(1);
      expect(quizAttemptSchema.parse(again!.json()).startedAt).toBe(body.startedAt);
    } finally {
      t.clock.advance(-60_000);
    }
  });

  it('an autosave is one statement and a submission one, each a compare-and-swap on what this instance wrote', async () => {
    const created = await liveQuiz();
    const { headers } = await learner();
    await attend(created.quiz.id, headers);
    const q = created.questions[0]!;
    const saved = await statementsOf(async () => {
      expect(
        (await save(created.quiz.id, headers, [{ qnId: q.id, selectedOption: q.choices[q.ansIndex]! }]))
          .statusCode,
      ).toBe(200);
    });
    expect(saved.map(compact)).toEqual([
      expect.stringMatching(/^update "attempts" set "answers" = .* "attempts"\."answers" = \$\d+::jsonb/),
    ]);
    let res: Awaited<ReturnType<typeof attend>> | undefined;
    const submitted = await statementsOf(async () => {
      res = await t.app.inject({
        method: 'POST',
        url: '/api/quizzes/participant/submit',
        headers,
        payload: { quizId: created.quiz.id, answers: [] },
      });
    });
    expect(res!.statusCode).toBe(201);
    expect(submitted.map(compact)).toEqual([
      expect.stringMatching(
        /^update "attempts" set "status" = .* date_trunc\('milliseconds', "quizzes"\."updated_at"\) = .* returning "id"$/,
      ),
    ]);
    const body = submitQuizResponseSchema.parse(res!.json());
    expect(body.submittedAt).toBe(t.clock.now().toISOString());
    expect(body.totalQuestions).toBe(created.questions.length);
  });

  it('a session renewed on use (every 5 minutes) is kept from the renewal: the next request reads no session', async () => {
    const created = await liveQuiz();
    const { headers } = await learner();
    expect((await attend(created.quiz.id, headers)).statusCode).toBe(200);
    t.clock.advance(6 * 60_000);
    try {
      const renewing = await statementsOf(async () => {
        expect((await attend(created.quiz.id, headers)).statusCode).toBe(200);
      });
      expect(renewing.map(compact)).toContainEqual(
        expect.stringMatching(/^update "sessions" set "expires_at" = .*"last_used_at" <= .* returning/),
      );
      const next = await statementsOf(async () => {
        expect((await attend(created.quiz.id, headers)).statusCode).toBe(200);
      });
      expect(next.map(compact)).toEqual([expect.stringMatching(/^with "started" as/)]);
    } finally {
      t.clock.advance(-6 * 60_000);
    }
  });

  it('concurrent first fetches of one learner start exactly one attempt and all answer its times', async () => {
    const created = await liveQuiz();
    const { user, headers } = await learner();
    const responses = await Promise.all(Array.from({ length: 6 }, () => attend(created.quiz.id, headers)));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const started = new Set(responses.map((r) => quizAttemptSchema.parse(r.json()).startedAt));
    expect([...started]).toEqual([t.clock.now().toISOString()]);
    const rows = await t.db
      .select()
      .from(attempts)
      .where(and(eq(attempts.quizId, created.quiz.id), eq(attempts.userId, user.id)));
    expect(rows).toHaveLength(1);
  });
});

describe(`a submission from this instance's copy never scores with a stale key or stale answers (${testDatabaseKind})`, () => {
  function submit(quizId: string, headers: Record<string, string>) {
    return t.app.inject({
      method: 'POST',
      url: '/api/quizzes/participant/submit',
      headers,
      payload: { quizId, answers: [] },
    });
  }
  async function storedAttempt(quizId: string, userId: string) {
    const [row] = await t.db
      .select()
      .from(attempts)
      .where(and(eq(attempts.quizId, quizId), eq(attempts.userId, userId)));
    return row!;
  }

  it('a key corrected after this instance cached the quiz: the swap misses and the new key scores', async () => {
    const created = await liveQuiz();
    const { user, headers } = await learner();
    await attend(created.quiz.id, headers);
    const q = created.questions[0]!;
    // Right by the key this instance holds.
    expect(
      (await save(created.quiz.id, headers, [{ qnId: q.id, selectedOption: q.choices[q.ansIndex]!, seq: 1 }]))
        .statusCode,
    ).toBe(200);
    // The key changes, as a correction does (issue 14): the question, and the quiz's version.
    const newKey = (q.ansIndex + 1) % q.choices.length;
    await t.db.update(questions).set({ ansIndex: newKey }).where(eq(questions.id, q.id));
    await t.db
      .update(quizzes)
      .set({ updatedAt: sql`now()` })
      .where(eq(quizzes.id, created.quiz.id));

    let res: Awaited<ReturnType<typeof submit>> | undefined;
    const statements = await statementsOf(async () => {
      res = await submit(created.quiz.id, headers);
    });
    expect(res!.statusCode).toBe(201);
    expect(statements.map(compact)).toEqual([
      expect.stringMatching(/^update "attempts" set "status" = .* date_trunc\('milliseconds'/),
      expect.stringMatching(/^select .* from "quizzes" left join "attempts"/),
      expect.stringMatching(/^select .* from "questions"/),
      expect.stringMatching(/^update "attempts" set "status" = .* returning "id"$/),
    ]);
    const row = await storedAttempt(created.quiz.id, user.id);
    expect([row.status, row.correctCount, row.score]).toEqual(['submitted', 0, 0]);
  });

  it('with the key unchanged, the same submission scores in one statement (the control)', async () => {
    const created = await liveQuiz();
    const { user, headers } = await learner();
    await attend(created.quiz.id, headers);
    const q = created.questions[0]!;
    await save(created.quiz.id, headers, [{ qnId: q.id, selectedOption: q.choices[q.ansIndex]!, seq: 1 }]);
    const statements = await statementsOf(async () => {
      expect((await submit(created.quiz.id, headers)).statusCode).toBe(201);
    });
    expect(statements).toHaveLength(1);
    const row = await storedAttempt(created.quiz.id, user.id);
    expect([row.status, row.correctCount, row.score]).toEqual(['submitted', 1, created.quiz.markCorrect]);
  });

  it('answers another instance saved after this one: the swap misses and they are scored', async () => {
    const created = await liveQuiz();
    const { user, headers } = await learner();
    await attend(created.quiz.id, headers);
    const [q0, q1] = [created.questions[0]!, created.questions[1]!];
    await save(created.quiz.id, headers, [{ qnId: q0.id, selectedOption: q0.choices[q0.ansIndex]!, seq: 1 }]);
    // Another instance's autosave (this one's copy does not have it).
    const other = [
      { qnId: q0.id, selectedOption: q0.choices[q0.ansIndex]!, seq: 1 },
      { qnId: q1.id, selectedOption: q1.choices[q1.ansIndex]!, seq: 2 },
    ];
    await t.db
      .update(attempts)
      .set({ answers: other })
      .where(and(eq(attempts.quizId, created.quiz.id), eq(attempts.userId, user.id)));
    const statements = await statementsOf(async () => {
      expect((await submit(created.quiz.id, headers)).statusCode).toBe(201);
    });
    expect(statements.length).toBeGreaterThan(1);
    const row = await storedAttempt(created.quiz.id, user.id);
    expect([row.status, row.correctCount, row.score]).toEqual(['submitted', 2, 2 * created.quiz.markCorrect]);
  });
});
