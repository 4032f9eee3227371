import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { buffer } from 'node:stream/consumers';
import { errorBodySchema } from '@quizcast/contract/errors';
import { quizSummaryResponseSchema } from '@quizcast/contract/schemas/result';
import { attempts, quizzes, users } from '../src/db/schema';
import { ResultsRepository } from '../src/modules/results/results.repository';
import { POSTER_TEMPLATE_KEY } from '../src/modules/results/poster-template';
import { buildStudent, createAttempt, createStudent } from '../src/seed/factories';
import { testDatabaseKind } from './helpers';
import {
  MIN,
  HOUR,
  GRACE_MS,
  START,
  summaryUrl,
  liveQuiz,
  answersFor,
  submitted,
  get,
  useResultsApp,
} from './support/results';
import { t } from './support/app';

describe(`results (${testDatabaseKind})`, () => {
  useResultsApp();

  describe('publication', () => {
    it('happens only once end + grace has passed, auto-submits open attempts, and only once', async () => {
      t.clock.set(START);
      const quiz = await liveQuiz(t);
      const [fast, slow, tied, open] = await Promise.all([
        createStudent(t.db, { name: 'Fast Finisher' }),
        createStudent(t.db, { name: 'Slow Finisher' }),
        createStudent(t.db, { name: 'Tied Finisher' }),
        createStudent(t.db, { name: 'Never Submitted' }),
      ]);
      await submitted(t, quiz, fast!, 8, 4 * MIN);
      await submitted(t, quiz, slow!, 8, 6 * MIN);
      await submitted(t, quiz, tied!, 8, 4 * MIN);
      // Started at 10:50 with 10 minutes: its deadline is the quiz's end (11:00); saved 7 right, 1 wrong.
      const openStarted = new Date(START.getTime() + 50 * MIN);
      await createAttempt(t.db, {
        quizId: quiz.quiz.id,
        userId: open!.id,
        status: 'in_progress',
        startedAt: openStarted,
        deadlineAt: new Date(START.getTime() + HOUR),
        answers: answersFor(quiz, 7, 1),
      });

      const before = await get(t, summaryUrl(quiz.quiz.id), fast);
      expect(before.statusCode).toBe(403);
      expect(errorBodySchema.parse(before.json())).toEqual({
        statusCode: 403,
        message: 'Results will be available after the quiz ends',
        error: 'Forbidden',
      });

      // At the end and up to the last millisecond of grace: nothing is published.
      t.clock.set(new Date(START.getTime() + HOUR));
      await t.app.sweeper.runOnce();
      t.clock.set(new Date(START.getTime() + HOUR + GRACE_MS - 1));
      await t.app.sweeper.runOnce();
      expect((await get(t, summaryUrl(quiz.quiz.id), fast)).statusCode).toBe(403);
      const [unpublished] = await t.db.select().from(quizzes).where(eq(quizzes.id, quiz.quiz.id));
      expect(unpublished!.resultsPublishedAt).toBeNull();

      // End + grace: published by the sweeper.
      const publishedAt = new Date(START.getTime() + HOUR + GRACE_MS);
      t.clock.set(publishedAt);
      await t.app.sweeper.runOnce();
      const [published] = await t.db.select().from(quizzes).where(eq(quizzes.id, quiz.quiz.id));
      expect(published!.resultsPublishedAt?.toISOString()).toBe(publishedAt.toISOString());
      expect(published!.participantCount).toBe(4);

      const rows = await t.db.select().from(attempts).where(eq(attempts.quizId, quiz.quiz.id));
      const byUser = new Map(rows.map((r) => [r.userId, r]));
      expect(byUser.get(fast!.id)!.rank).toBe(1);
      expect(byUser.get(tied!.id)!.rank).toBe(1);
      expect(byUser.get(slow!.id)!.rank).toBe(3);
      const auto = byUser.get(open!.id)!;
      expect(auto.status).toBe('auto_submitted');
      expect(auto.score).toBe(7);
      expect(auto.correctCount).toBe(7);
      expect(auto.elapsedMs).toBe(10 * MIN);
      expect(auto.submittedAt?.toISOString()).toBe(new Date(START.getTime() + HOUR).toISOString());
      expect(auto.rank).toBe(4);

      // Later sweeps never publish again: tamper with a score and see that ranks are not recomputed.
      await t.db
        .update(attempts)
        .set({ score: 10 })
        .where(eq(attempts.id, byUser.get(slow!.id)!.id));
      t.clock.set(new Date(publishedAt.getTime() + HOUR));
      await t.app.sweeper.runOnce();
      const [again] = await t.db.select().from(quizzes).where(eq(quizzes.id, quiz.quiz.id));
      expect(again!.resultsPublishedAt?.toISOString()).toBe(publishedAt.toISOString());
      const [slowAfter] = await t.db
        .select()
        .from(attempts)
        .where(eq(attempts.id, byUser.get(slow!.id)!.id));
      expect(slowAfter!.rank).toBe(3);
      await t.db
        .update(attempts)
        .set({ score: 8 })
        .where(eq(attempts.id, byUser.get(slow!.id)!.id));

      const summary = await get(t, summaryUrl(quiz.quiz.id), open);
      expect(summary.statusCode).toBe(200);
      expect(quizSummaryResponseSchema.parse(summary.json()).data.rank).toBe(4);
    });

    it('publishes exactly once when several instances race for the same quiz', async () => {
      t.clock.set(START);
      const quiz = await liveQuiz(t, { endAt: new Date(START.getTime() - 5 * MIN) });
      const people = await Promise.all([1, 2, 3].map(() => createStudent(t.db)));
      for (const [i, p] of people.entries())
        await submitted(t, quiz, p, 5 + i, 3 * MIN, new Date(START.getTime() - 40 * MIN));

      // Five "instances" (independent repositories on the same database) claim at once.
      const instances = Array.from({ length: 5 }, () => new ResultsRepository(t.db));
      const outcomes = await Promise.all(instances.map((r) => r.publish(quiz.quiz.id, START, 30)));
      expect(outcomes.filter((o) => o.published)).toHaveLength(1);
      expect(outcomes.find((o) => o.published)!.participants).toBe(3);
      const ranks = await t.db
        .select({ rank: attempts.rank, score: attempts.score })
        .from(attempts)
        .where(eq(attempts.quizId, quiz.quiz.id))
        .orderBy(attempts.rank);
      expect(ranks).toEqual([
        { rank: 1, score: 7 },
        { rank: 2, score: 6 },
        { rank: 3, score: 5 },
      ]);
    });

    it('ranks equal a brute-force competition ranking over a few hundred random attempts, ties included', async () => {
      t.clock.set(START);
      const quiz = await liveQuiz(t, { endAt: new Date(START.getTime() - 10 * MIN) });
      const count = 320;
      const people = await t.db
        .insert(users)
        .values(Array.from({ length: count }, () => buildStudent()))
        .returning();
      // Few distinct scores and times, so many exact ties on both.
      let seed = 7;
      const rand = (n: number) => {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        return seed % n;
      };
      const startedAt = new Date(START.getTime() - 50 * MIN);
      const values = people.map((p) => {
        const score = rand(6);
        const elapsedMs = (2 + rand(4)) * MIN;
        return {
          quizId: quiz.quiz.id,
          userId: p.id,
          status: 'submitted' as const,
          startedAt,
          deadlineAt: new Date(startedAt.getTime() + 10 * MIN),
          submittedAt: new Date(startedAt.getTime() + elapsedMs),
          answers: answersFor(quiz, score),
          score,
          correctCount: score,
          elapsedMs,
        };
      });
      await t.db.insert(attempts).values(values);

      await t.app.sweeper.runOnce();
      const rows = await t.db.select().from(attempts).where(eq(attempts.quizId, quiz.quiz.id));
      expect(rows).toHaveLength(count);
      for (const row of rows) {
        const strictlyBetter = rows.filter(
          (o) => o.score! > row.score! || (o.score === row.score && o.elapsedMs! < row.elapsedMs!),
        ).length;
        expect(row.rank, `attempt ${row.id}`).toBe(strictlyBetter + 1);
      }
      expect(new Set(rows.map((r) => r.rank)).size).toBeLessThan(count); // ties happened
    });

    it('gives tied attempts the same rank and skips the next ones ("1, 2, 2, 4")', async () => {
      t.clock.set(START);
      const quiz = await liveQuiz(t, { endAt: new Date(START.getTime() - 10 * MIN) });
      const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => createStudent(t.db)));
      await submitted(t, quiz, a!, 9, 5 * MIN);
      await submitted(t, quiz, b!, 7, 5 * MIN);
      await submitted(t, quiz, c!, 7, 5 * MIN);
      await submitted(t, quiz, d!, 7, 6 * MIN);
      await t.app.sweeper.runOnce();
      const ranks = await Promise.all(
        [a, b, c, d].map(
          async (u) =>
            quizSummaryResponseSchema.parse((await get(t, summaryUrl(quiz.quiz.id), u)).json()).data,
        ),
      );
      expect(ranks.map((r) => r.rank)).toEqual([1, 2, 2, 4]);
      expect(ranks.map((r) => r.totalParticipants)).toEqual([4, 4, 4, 4]);
      expect(ranks.map((r) => r.percentile)).toEqual([100, 75, 75, 25]);
    });
  });

  describe('poster template', () => {
    it('is served from storage as a WebP with cache headers, seeded from the committed design', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/assets/poster-template' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toMatch(/public, max-age=\d+/);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 1220, height: 1920 });
      expect(res.rawPayload.length).toBeLessThan(120 * 1024);
      // It went into storage, and what storage holds is what is served.
      const stored = await buffer(await t.app.ctx.storage.read(POSTER_TEMPLATE_KEY));
      expect(stored.equals(res.rawPayload)).toBe(true);
      const replacement = await sharp({
        create: { width: 40, height: 30, channels: 3, background: '#123456' },
      })
        .png()
        .toBuffer();
      await t.app.ctx.storage.put(POSTER_TEMPLATE_KEY, replacement, 'image/png');
      const again = await t.app.inject({ method: 'GET', url: '/api/assets/poster-template' });
      expect(again.rawPayload.equals(replacement)).toBe(true);
    });
  });
});
