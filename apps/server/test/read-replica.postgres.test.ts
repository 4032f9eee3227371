import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { leaderboardResponseSchema, quizSummaryResponseSchema } from '@quizcast/contract/schemas/result';
import { buildApp } from '../src/app';
import { parseEnv } from '../src/config';
import { openPostgres, type Database } from '../src/db/client';
import { createScratchDatabase, runOnServer } from '../src/db/scratch-database';
import { attempts, quizzes } from '../src/db/schema';
import { ManualClock } from '../src/lib/clock';
import { ResultsRepository } from '../src/modules/results/results.repository';
import { createAttempt, createQuiz, createStudent, type UserRow } from '../src/seed/factories';
import { bearerFor, rememberTestDatabase, TEST_JWT_SECRET } from './helpers';

/**
 * Issue 16: results-day reads on a read replica (DATABASE_READ_URL). The replica here is a byte-for-
 * byte copy of the primary taken after the first quiz was published (CREATE DATABASE … TEMPLATE), so
 * it behaves as a replica that stopped replaying there: whatever the primary did later is missing
 * from it. Its copy of one rank is then altered, so an answer shows which database gave it.
 * *.postgres.test.ts: runs only when TEST_DATABASE_URL is set (vitest.config.ts).
 */
const MIN = 60_000;
const T0 = new Date('2026-11-22T10:00:00Z');
const LAG_SECONDS = 120;

describe('results-day reads on a read replica (PostgreSQL)', () => {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  let app: FastifyInstance;
  let primary: Database;
  let replica: Database;
  let clock: ManualClock;
  let me: UserRow;
  let settledQuizId: string;
  let replicaName: string;
  const drops: (() => Promise<void>)[] = [];

  async function attempted(db: Database['db'], window: { startAt: Date; endAt: Date }, learners: UserRow[]) {
    const { quiz } = await createQuiz(db, window, undefined, T0);
    for (const [i, learner] of learners.entries()) {
      await createAttempt(db, {
        quizId: quiz.id,
        userId: learner.id,
        status: 'submitted',
        startedAt: new Date(window.startAt.getTime() + MIN),
        deadlineAt: window.endAt,
        submittedAt: new Date(window.startAt.getTime() + 2 * MIN),
        answers: [],
        score: i === 0 ? 5 : 8, // me first: rank 2 of 2
        correctCount: i === 0 ? 5 : 8,
        elapsedMs: MIN,
      });
    }
    return quiz.id;
  }

  beforeAll(async () => {
    const scratch = await createScratchDatabase(serverUrl, 'quizcast_replica');
    drops.push(scratch.drop);
    const seeding = await openPostgres(scratch.url, 2);
    await seeding.migrate();
    me = await createStudent(seeding.db, { name: 'Replica Learner' });
    const other = await createStudent(seeding.db, { name: 'Primary Learner' });
    settledQuizId = await attempted(
      seeding.db,
      { startAt: new Date(T0.getTime() - 3 * 60 * MIN), endAt: new Date(T0.getTime() - 2 * 60 * MIN) },
      [me, other],
    );
    await new ResultsRepository(seeding.db).publish(settledQuizId, T0, 30);
    await seeding.close();

    // The "replica": the primary as it stood after that publication.
    const primaryName = new URL(scratch.url).pathname.slice(1);
    replicaName = `${primaryName}_replica`;
    await runOnServer(serverUrl, `create database ${replicaName} template ${primaryName}`);
    drops.push(() => runOnServer(serverUrl, `drop database if exists ${replicaName} with (force)`));
    const replicaUrl = new URL(scratch.url);
    replicaUrl.pathname = `/${replicaName}`;

    primary = await openPostgres(scratch.url, 5);
    replica = await openPostgres(replicaUrl.toString(), 5);
    await replica.db
      .update(attempts)
      .set({ rank: 1 }) // the primary says 2: an answer of rank 1 came from the replica
      .where(and(eq(attempts.quizId, settledQuizId), eq(attempts.userId, me.id)));

    clock = new ManualClock(new Date(T0.getTime() + 10 * MIN));
    const env = parseEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'quizcast-test-')),
      WEB_DIST: path.join(tmpdir(), 'quizcast-no-web-dist'),
      USER_CACHE_TTL_SECONDS: '0',
      DATABASE_READ_LAG_SECONDS: String(LAG_SECONDS),
    });
    app = await buildApp(
      { ...env, jwtSecret: TEST_JWT_SECRET },
      { database: primary, readDatabase: replica, clock, ownsDatabase: true },
    );
    rememberTestDatabase(clock, primary.db);
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    for (const drop of drops.reverse()) await drop();
  });

  async function summaryRank(quizId: string): Promise<number> {
    const res = await app.inject({
      method: 'GET',
      url: `/api/quizzes/participant/quiz-summary/${quizId}`,
      headers: await bearerFor(me, clock),
    });
    expect(res.statusCode).toBe(200);
    return quizSummaryResponseSchema.parse(res.json()).data.rank;
  }

  it('a quiz whose results settled before the lag bound is read from the replica', async () => {
    expect(await summaryRank(settledQuizId)).toBe(1);
    const res = await app.inject({
      method: 'GET',
      url: `/api/quizzes/participant/${settledQuizId}/leaderboard?page=1&limit=10`,
      headers: await bearerFor(me, clock),
    });
    expect(res.statusCode).toBe(200);
    const mine = leaderboardResponseSchema.parse(res.json()).results.find((r) => r.isMe);
    expect(mine?.rank).toBe(1);
  });

  it('results published within the lag bound are read from the primary (the replica lacks them)', async () => {
    const other = await createStudent(primary.db);
    const fresh = await attempted(
      primary.db,
      {
        startAt: new Date(clock.now().getTime() - 60 * MIN),
        endAt: new Date(clock.now().getTime() - 5 * MIN),
      },
      [me, other],
    );
    await new ResultsRepository(primary.db).publish(fresh, clock.now(), 30);
    expect(await summaryRank(fresh)).toBe(2); // the replica has no such attempt: it would be a 404
  });

  it('a quiz stamped before the lag bound but missing from the replica (a long publication batch) is read from the primary', async () => {
    const other = await createStudent(primary.db);
    const late = await attempted(
      primary.db,
      { startAt: new Date(T0.getTime() - 4 * 60 * MIN), endAt: new Date(T0.getTime() - 3 * 60 * MIN) },
      [me, other],
    );
    // Stamped with a sweep's `now` older than the bound; the replica has not replayed it.
    await new ResultsRepository(primary.db).publish(
      late,
      new Date(clock.now().getTime() - 2 * LAG_SECONDS * 1000),
      30,
    );
    expect(await summaryRank(late)).toBe(2);
    const res = await app.inject({
      method: 'GET',
      url: `/api/quizzes/participant/${late}/leaderboard?page=1&limit=10`,
      headers: await bearerFor(me, clock),
    });
    expect(leaderboardResponseSchema.parse(res.json()).results.map((r) => r.rank)).toEqual([1, 2]);
  });

  it('a quiz changed within the lag bound (key correction, edit) is read from the primary until it settles', async () => {
    const changedAt = new Date(T0.getTime() + 20 * MIN);
    await primary.db.update(quizzes).set({ updatedAt: changedAt }).where(eq(quizzes.id, settledQuizId));
    clock.set(new Date(changedAt.getTime() + 61_000)); // past the instance's 60 s copy of the quiz row
    expect(await summaryRank(settledQuizId)).toBe(2);
    clock.set(new Date(changedAt.getTime() + LAG_SECONDS * 1000));
    expect(await summaryRank(settledQuizId)).toBe(1);
  });

  it('when the replica fails, the primary answers', async () => {
    await runOnServer(serverUrl, `drop database if exists ${replicaName} with (force)`);
    expect(await summaryRank(settledQuizId)).toBe(2);
  });
});
