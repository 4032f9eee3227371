import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { QuizInput } from '@quizcast/contract/schemas/quiz-input';
import { quizListResponseSchema, type QuizListResponse } from '@quizcast/contract/schemas/quiz';
import { buildApp } from '../src/app';
import { parseEnv, type AppConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { payments, quizzes } from '../src/db/schema';
import { ManualClock } from '../src/lib/clock';
import { QuizListRepository } from '../src/modules/quizzes/quiz-list.repository';
import { createAttempt, createQuiz, createStudent, type UserRow } from '../src/seed/factories';
import {
  bearerFor,
  openTestDatabase,
  rememberTestDatabase,
  TEST_JWT_SECRET,
  testDatabaseKind,
} from './helpers';

/**
 * Issue 16 (ADR 012, "The participant list"): each instance keeps the published quizzes and checks,
 * in the statement that reads the learner's own state, that its copy is of the committed version.
 * Two instances on one database: an admin's change through either, or a write straight to the
 * database, shows at the next list request on both; the order follows the clock; a learner's own
 * state is read fresh and never another learner's.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NOW = new Date('2026-11-22T10:00:00Z');
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);

let database: Database;
let clock: ManualClock;
let one: FastifyInstance;
let two: FastifyInstance;
let admin: Record<string, string>;
let learner: UserRow;
let auth: Record<string, string>;
/** Every statement either instance sent, in order. */
const sent: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase((query) => sent.push(query));
  clock = new ManualClock(NOW);
  rememberTestDatabase(clock, database.db);
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'quizcast-test-')),
    WEB_DIST: path.join(tmpdir(), 'quizcast-no-web-dist'),
    // The session cache on, as in production: a warm list request sends only its own statement.
    USER_CACHE_TTL_SECONDS: '60',
  });
  const config: AppConfig = { ...env, jwtSecret: TEST_JWT_SECRET };
  one = await buildApp(config, { database, clock, ownsDatabase: false });
  two = await buildApp(config, { database, clock, ownsDatabase: false });
  await Promise.all([one.ready(), two.ready()]);
  admin = await bearerFor(await createStudent(database.db, { role: 'admin' }), clock);
  learner = await createStudent(database.db);
  auth = await bearerFor(learner, clock);
  for (const [name, start, end] of [
    ['Live A', -HOUR, 2 * HOUR],
    ['Upcoming B', 30 * MINUTE, 3 * HOUR],
    ['Ended C', -3 * HOUR, -HOUR],
  ] as const)
    await createQuiz(database.db, { name, startAt: at(start), endAt: at(end) }, undefined, NOW);
});
afterAll(async () => {
  await Promise.all([one?.close(), two?.close()]);
  await database?.close();
});

async function list(app: FastifyInstance, headers = auth, query = ''): Promise<QuizListResponse> {
  const res = await app.inject({ method: 'GET', url: `/api/quizzes/participant${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return quizListResponseSchema.parse(res.json());
}
const names = (body: QuizListResponse) => body.quizzes.map((q) => q.name);

function quizBody(overrides: Partial<QuizInput> = {}): QuizInput {
  return {
    name: 'Admin made',
    desc: 'Made through the admin API.',
    exam: 'SSC',
    class: 'Preparing for Competitive exams',
    duration: 15,
    startTimeStamp: at(-10 * MINUTE).toISOString(),
    endTimeStamp: at(HOUR).toISOString(),
    price: 0,
    published: true,
    instructions: [],
    questions: [{ qn: 'Two plus two?', choices: ['3', '4'], ansIndex: 1 }],
    ...overrides,
  };
}

async function adminCall(
  app: FastifyInstance,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  const res = await app.inject({ method, url, headers: admin, ...(payload && { payload }) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as { _id: string };
}

/** Both instances answer the same list, the one the list query computes in SQL at the clock's now. */
async function expectBothMatchTheQuery(headers = auth, user = learner) {
  const [a, b] = [await list(one, headers), await list(two, headers)];
  expect(b).toEqual(a);
  const sql = await new QuizListRepository(database.db).listForParticipant({
    userId: user.id,
    now: clock.now(),
    page: 1,
    limit: 50,
  });
  expect(a.total).toBe(sql.total);
  expect(a.quizzes.map((q) => [q._id, q.name, q.startTimeStamp, q.endTimeStamp, q.price, q.isPaid])).toEqual(
    sql.rows.map((r) => [
      r.id,
      r.name,
      r.startAt.toISOString(),
      r.endAt.toISOString(),
      r.pricePaise / 100,
      r.isPaid,
    ]),
  );
  return a;
}

describe(`participant list from each instance's copy of the published quizzes (${testDatabaseKind})`, () => {
  it('a warm list request is one statement: the learner state on its page, with the list version', async () => {
    await list(one);
    sent.length = 0;
    await list(one);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('quiz_list_version');
  });

  it("an admin's create, edit, unpublish, republish and delete through one instance show on both at the next request", async () => {
    // Both instances hold a copy.
    expect(names(await expectBothMatchTheQuery())).toEqual(['Live A', 'Upcoming B', 'Ended C']);

    const created = await adminCall(one, 'POST', '/api/quizzes', quizBody());
    expect(names(await expectBothMatchTheQuery())).toEqual(['Admin made', 'Live A', 'Upcoming B', 'Ended C']);

    // Edited through the other instance: renamed, priced, and its window moved after Live A's end.
    await adminCall(
      two,
      'PUT',
      `/api/quizzes/${created._id}`,
      quizBody({ name: 'Admin edited', price: 10, endTimeStamp: at(2.5 * HOUR).toISOString() }),
    );
    const edited = await expectBothMatchTheQuery();
    expect(names(edited)).toEqual(['Live A', 'Admin edited', 'Upcoming B', 'Ended C']);
    expect(edited.quizzes[1]).toMatchObject({ price: 10, isPaid: false });

    await adminCall(
      one,
      'PUT',
      `/api/quizzes/${created._id}`,
      quizBody({ name: 'Admin edited', published: false }),
    );
    expect(await expectBothMatchTheQuery()).toMatchObject({ total: 3 });

    await adminCall(two, 'PUT', `/api/quizzes/${created._id}`, quizBody({ name: 'Admin republished' }));
    expect(names(await expectBothMatchTheQuery())).toContain('Admin republished');

    await adminCall(one, 'DELETE', `/api/quizzes/${created._id}`);
    const after = await expectBothMatchTheQuery();
    expect(names(after)).toEqual(['Live A', 'Upcoming B', 'Ended C']);
    expect(after.total).toBe(3);
  });

  it('a change written straight to the database (a script, another process) shows at once', async () => {
    await list(one);
    await list(two);
    await database.db.update(quizzes).set({ name: 'Renamed in SQL' }).where(eq(quizzes.name, 'Upcoming B'));
    expect(names(await expectBothMatchTheQuery())).toEqual(['Live A', 'Renamed in SQL', 'Ended C']);
    await database.db.update(quizzes).set({ name: 'Upcoming B' }).where(eq(quizzes.name, 'Renamed in SQL'));
    expect(names(await expectBothMatchTheQuery())).toEqual(['Live A', 'Upcoming B', 'Ended C']);
  });

  it('the order follows the clock: a quiz moves from upcoming to live to ended with nothing written', async () => {
    expect(names(await expectBothMatchTheQuery())).toEqual(['Live A', 'Upcoming B', 'Ended C']);
    const start = clock.now();
    try {
      clock.set(at(30 * MINUTE)); // Upcoming B starts: live, and it ends after Live A.
      expect(names(await expectBothMatchTheQuery())).toEqual(['Live A', 'Upcoming B', 'Ended C']);
      clock.set(at(2 * HOUR)); // Live A ends now: ended, the most recent of the ended.
      expect(names(await expectBothMatchTheQuery())).toEqual(['Upcoming B', 'Live A', 'Ended C']);
      clock.set(at(2 * HOUR - 1)); // one millisecond before: still live (a clock moved back is followed too)
      expect(names(await expectBothMatchTheQuery())).toEqual(['Live A', 'Upcoming B', 'Ended C']);
      clock.set(at(3 * HOUR)); // everything has ended
      expect(names(await expectBothMatchTheQuery())).toEqual(['Upcoming B', 'Live A', 'Ended C']);
      clock.set(at(-2 * HOUR)); // back before Live A began: Ended C is live, the others upcoming
      expect(names(await expectBothMatchTheQuery())).toEqual(['Ended C', 'Live A', 'Upcoming B']);
    } finally {
      clock.set(start);
    }
  });

  it("a learner's own submitted attempt and payment show at once, and no other learner's", async () => {
    const other = await createStudent(database.db);
    const otherAuth = await bearerFor(other, clock);
    const paid = await createQuiz(
      database.db,
      { name: 'Paid live', startAt: at(-HOUR), endAt: at(HOUR), pricePaise: 1000 },
      undefined,
      NOW,
    );
    const ended = (await list(one)).quizzes.find((q) => q.name === 'Ended C')!;
    await list(two, otherAuth);

    await createAttempt(database.db, {
      quizId: ended._id,
      userId: learner.id,
      status: 'submitted',
      startedAt: at(-2.5 * HOUR),
      deadlineAt: at(-2 * HOUR),
      submittedAt: at(-2.2 * HOUR),
      answers: [],
    });
    await database.db.insert(payments).values({
      userId: other.id,
      quizId: paid.quiz.id,
      provider: 'fake',
      orderId: 'order_list_cache_1',
      basePaise: 1000,
      gstPaise: 180,
      amountPaise: 1180,
      status: 'success',
    });

    for (const app of [one, two]) {
      const mine = await list(app);
      const theirs = await list(app, otherAuth);
      const row = (body: QuizListResponse, name: string) => body.quizzes.find((q) => q.name === name)!;
      expect(row(mine, 'Ended C').attendedDetails).toEqual({
        startedAt: at(-2.5 * HOUR).toISOString(),
        submittedAt: at(-2.2 * HOUR).toISOString(),
      });
      expect(row(theirs, 'Ended C').attendedDetails).toBeUndefined();
      expect(row(mine, 'Paid live').isPaid).toBe(false);
      expect(row(theirs, 'Paid live').isPaid).toBe(true);
    }
    await expectBothMatchTheQuery();
    await expectBothMatchTheQuery(otherAuth, other);
  });

  it('pages past the end answer no quizzes and the current total', async () => {
    const all = await list(one);
    expect(await list(two, auth, '?page=99&limit=10')).toEqual({ quizzes: [], total: all.total });
    const pageTwo = await list(one, auth, '?page=2&limit=2');
    expect(pageTwo.quizzes).toEqual(all.quizzes.slice(2, 4));
  });
});
