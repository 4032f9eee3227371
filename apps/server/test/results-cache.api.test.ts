import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { latestResultResponseSchema } from '@quizcast/contract/schemas/result';
import { buildApp } from '../src/app';
import { attempts, quizzes } from '../src/db/schema';
import { createAttempt, createQuiz, createStudent } from '../src/seed/factories';
import { buildTestApp, type TestApp } from './helpers';

/**
 * Results day on several instances: the podium (GET /api/result/latest) is cached in Redis and
 * shared, and a publication on any instance replaces every copy at once. Two instances on one
 * database and the machine's Redis (TEST_REDIS_URL or 127.0.0.1:6379).
 */
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const START = new Date('2026-11-22T10:00:00Z');
const MIN = 60_000;

let a: TestApp;
let b: FastifyInstance;

beforeAll(async () => {
  const env = { REDIS_URL, RATE_LIMIT_NAMESPACE: `quizcast-test-${randomBytes(6).toString('hex')}:` };
  a = await buildTestApp({ env, now: START });
  b = await buildApp({ ...a.config }, { database: a.app.ctx.database, clock: a.clock });
  await b.ready();
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

async function endedQuiz(name: string, endAt: Date, people: number) {
  const quiz = await createQuiz(a.db, { name, startAt: new Date(endAt.getTime() - 60 * MIN), endAt });
  for (let i = 0; i < people; i++) {
    const user = await createStudent(a.db, { name: `${name} #${i + 1}` });
    const startedAt = new Date(endAt.getTime() - 50 * MIN);
    await createAttempt(a.db, {
      quizId: quiz.quiz.id,
      userId: user.id,
      status: 'submitted',
      startedAt,
      deadlineAt: new Date(startedAt.getTime() + 10 * MIN),
      submittedAt: new Date(startedAt.getTime() + 5 * MIN),
      answers: [],
      score: i,
      correctCount: i,
      elapsedMs: 5 * MIN,
    });
  }
  return quiz;
}

const podium = async (app: FastifyInstance) =>
  latestResultResponseSchema.parse((await app.inject({ method: 'GET', url: '/api/result/latest' })).json());

describe('the podium across instances', () => {
  it('one instance reads the database, the other answers from the shared copy', async () => {
    const first = await endedQuiz('First Quiz', new Date(START.getTime() - 30 * MIN), 3);
    await a.app.sweeper.runOnce();
    expect((await podium(a.app)).quiz?.name).toBe('First Quiz');
    // Renamed behind the caches' back: B has never read it, yet answers the copy A shared.
    await a.db.update(quizzes).set({ name: 'Renamed Quietly' }).where(eq(quizzes.id, first.quiz.id));
    expect((await podium(b)).quiz?.name).toBe('First Quiz');
  });

  it('a publication on one instance replaces the podium on every instance at once', async () => {
    expect((await podium(b)).quiz?.name).toBe('First Quiz');
    await endedQuiz('Second Quiz', new Date(START.getTime() - 10 * MIN), 2);
    await a.app.sweeper.runOnce(); // A publishes
    await expect.poll(async () => (await podium(b)).quiz?.name, { timeout: 2000 }).toBe('Second Quiz');
    expect((await podium(a.app)).quiz?.name).toBe('Second Quiz');
    const ranked = await a.db.select().from(attempts);
    expect(ranked.every((r) => r.rank !== null)).toBe(true);
  });
});
