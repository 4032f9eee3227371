import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { buffer } from 'node:stream/consumers';
import { errorBodySchema } from '@quizcast/contract/errors';
import {
  latestResultResponseSchema,
  leaderboardResponseSchema,
  quizSummaryResponseSchema,
} from '@quizcast/contract/schemas/result';
import { attempts, quizzes, users } from '../src/db/schema';
import { ResultsRepository } from '../src/modules/results/results.repository';
import { POSTER_TEMPLATE_KEY } from '../src/modules/results/poster-template';
import {
  buildQuestions,
  buildStudent,
  createAttempt,
  createQuiz,
  createStudent,
  type CreatedQuiz,
  type UserRow,
} from '../src/seed/factories';
import { bearerFor, buildTestApp, testDatabaseKind, type TestApp } from './helpers';

const MIN = 60_000;
const HOUR = 60 * MIN;
const GRACE_MS = 30_000; // SUBMIT_GRACE_SECONDS default
const START = new Date('2026-11-22T10:00:00Z');

const summaryUrl = (quizId: string) => `/api/quizzes/participant/quiz-summary/${quizId}`;
const leaderboardUrl = (quizId: string, query = '') =>
  `/api/quizzes/participant/${quizId}/leaderboard${query}`;

/** A quiz running 09:00–11:00 on the test day (the test clock starts at 10:00). */
async function liveQuiz(t: TestApp, overrides: Partial<typeof quizzes.$inferInsert> = {}) {
  return createQuiz(t.db, {
    startAt: new Date(START.getTime() - HOUR),
    endAt: new Date(START.getTime() + HOUR),
    durationMin: 10,
    ...overrides,
  });
}

/** The answers an attempt would save: `correct` right ones first, then wrong ones, rest unanswered. */
function answersFor(quiz: CreatedQuiz, correct: number, wrong = 0) {
  return quiz.questions.map((q, i) => ({
    qnId: q.id,
    selectedOption:
      i < correct ? q.choices[q.ansIndex]! : i < correct + wrong ? q.choices[(q.ansIndex + 1) % 4]! : null,
  }));
}

async function submitted(
  t: TestApp,
  quiz: CreatedQuiz,
  user: UserRow,
  score: number,
  elapsedMs: number,
  startedAt = new Date(START.getTime() - 30 * MIN),
) {
  return createAttempt(t.db, {
    quizId: quiz.quiz.id,
    userId: user.id,
    status: 'submitted',
    startedAt,
    deadlineAt: new Date(startedAt.getTime() + quiz.quiz.durationMin * MIN),
    submittedAt: new Date(startedAt.getTime() + elapsedMs),
    answers: answersFor(quiz, score),
    score,
    correctCount: score,
    elapsedMs,
  });
}

/** Statements the app sent (tests clear it, make a request, and read what the code really ran). */
const sent: { query: string; params: unknown[] }[] = [];

async function get(t: TestApp, url: string, user?: UserRow) {
  return t.app.inject({ method: 'GET', url, headers: user ? await bearerFor(user, t.clock) : {} });
}

describe(`results (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ now: START, queryLog: (query, params) => sent.push({ query, params }) });
  });
  afterAll(async () => {
    await t?.close();
  });

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

  describe('summary', () => {
    let quiz: CreatedQuiz;
    let alice: UserRow;
    let bob: UserRow;
    let outsider: UserRow;

    beforeAll(async () => {
      t.clock.set(START);
      quiz = await createQuiz(
        t.db,
        {
          name: 'Indian Polity Basics',
          desc: 'Ten questions on the Constitution.',
          class: 'Higher Secondary',
          durationMin: 15,
          startAt: new Date(START.getTime() - 3 * HOUR),
          endAt: new Date(START.getTime() - 20 * MIN),
        },
        buildQuestions(5).map((q, i) => ({ ...q, explanation: i === 0 ? null : q.explanation })),
      );
      [alice, bob, outsider] = await Promise.all([
        createStudent(t.db, { name: 'Alice' }),
        createStudent(t.db, { name: 'Bob' }),
        createStudent(t.db, { name: 'Outsider' }),
      ]);
      const startedAt = new Date(START.getTime() - 2 * HOUR);
      await createAttempt(t.db, {
        quizId: quiz.quiz.id,
        userId: alice.id,
        status: 'submitted',
        startedAt,
        deadlineAt: new Date(startedAt.getTime() + 15 * MIN),
        submittedAt: new Date(startedAt.getTime() + 9 * MIN),
        // right, wrong, unanswered, right, right
        answers: [
          { qnId: quiz.questions[0]!.id, selectedOption: quiz.questions[0]!.choices[0]! },
          { qnId: quiz.questions[1]!.id, selectedOption: quiz.questions[1]!.choices[2]! },
          { qnId: quiz.questions[3]!.id, selectedOption: quiz.questions[3]!.choices[0]! },
          { qnId: quiz.questions[4]!.id, selectedOption: quiz.questions[4]!.choices[0]! },
        ],
        score: 3,
        correctCount: 3,
        elapsedMs: 9 * MIN,
      });
      await submitted(t, quiz, bob, 5, 12 * MIN, startedAt);
    });

    it('answers 403 before publication, then the full summary of the caller only', async () => {
      expect((await get(t, summaryUrl(quiz.quiz.id), alice)).statusCode).toBe(403);
      await t.app.sweeper.runOnce();

      const res = await get(t, summaryUrl(quiz.quiz.id), alice);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      const { data } = quizSummaryResponseSchema.parse(res.json());
      expect(data.quizDetails).toMatchObject({
        _id: quiz.quiz.id,
        name: 'Indian Polity Basics',
        desc: 'Ten questions on the Constitution.',
        duration: 15,
        class: 'Higher Secondary',
      });
      expect(data.quizDetails.questions.map((q) => q._id)).toEqual(quiz.questions.map((q) => q.id));
      expect(data.quizDetails.questions[1]).toEqual({
        _id: quiz.questions[1]!.id,
        qn: quiz.questions[1]!.qn,
        choices: quiz.questions[1]!.choices,
        ansIndex: 0,
        explanation: quiz.questions[1]!.explanation,
        lang: 'en',
        audioUrl: null,
      });
      expect(data.quizDetails.questions[0]!.explanation).toBeNull();
      expect(data.quizzSummary.score).toBe(3);
      expect(data.quizzSummary.startedAt).toBe(new Date(START.getTime() - 2 * HOUR).toISOString());
      expect(data.quizzSummary.submittedAt).toBe(
        new Date(START.getTime() - 2 * HOUR + 9 * MIN).toISOString(),
      );
      expect(data.quizzSummary.answers).toEqual([
        { qnId: quiz.questions[0]!.id, selectedOption: quiz.questions[0]!.choices[0], isCorrect: true },
        { qnId: quiz.questions[1]!.id, selectedOption: quiz.questions[1]!.choices[2], isCorrect: false },
        { qnId: quiz.questions[2]!.id, selectedOption: null, isCorrect: false },
        { qnId: quiz.questions[3]!.id, selectedOption: quiz.questions[3]!.choices[0], isCorrect: true },
        { qnId: quiz.questions[4]!.id, selectedOption: quiz.questions[4]!.choices[0], isCorrect: true },
      ]);
      expect(data.rank).toBe(2);
      expect(data.totalParticipants).toBe(2);
      expect(data.percentile).toBe(50);

      // Bob sees his own numbers, never Alice's.
      const bobs = quizSummaryResponseSchema.parse((await get(t, summaryUrl(quiz.quiz.id), bob)).json()).data;
      expect(bobs.quizzSummary.score).toBe(5);
      expect(bobs.rank).toBe(1);
      expect(bobs.quizzSummary.answers.every((a) => a.isCorrect)).toBe(true);
    });

    it('carries an ETag; a repeat read with it is a 304 without a body, per participant', async () => {
      await t.app.sweeper.runOnce();
      const first = await get(t, summaryUrl(quiz.quiz.id), alice);
      expect(first.statusCode).toBe(200);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
      const again = (headers: Record<string, string>, user = alice) =>
        bearerFor(user, t.clock).then((auth) =>
          t.app.inject({ method: 'GET', url: summaryUrl(quiz.quiz.id), headers: { ...auth, ...headers } }),
        );
      const repeat = await again({ 'if-none-match': etag });
      expect(repeat.statusCode).toBe(304);
      expect(repeat.body).toBe('');
      expect(repeat.headers.etag).toBe(etag);
      expect((await again({ 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
      // A stale tag, or another participant's request with Alice's tag, gets the full body.
      expect((await again({ 'if-none-match': '"stale"' })).statusCode).toBe(200);
      const bobs = await again({ 'if-none-match': etag }, bob);
      expect(bobs.statusCode).toBe(200);
      expect(bobs.headers.etag).not.toBe(etag);
    });

    it('refuses someone who did not attend, strangers, bad ids and unknown quizzes', async () => {
      const outsiderRes = await get(t, summaryUrl(quiz.quiz.id), outsider);
      expect(outsiderRes.statusCode).toBe(404);
      expect(outsiderRes.json()).toEqual({
        statusCode: 404,
        message: 'You did not attend this quiz',
        error: 'Not Found',
      });
      expect(JSON.stringify(outsiderRes.json())).not.toContain('score');

      expect((await get(t, summaryUrl(quiz.quiz.id))).statusCode).toBe(401);
      expect((await get(t, summaryUrl('not-a-uuid'), alice)).statusCode).toBe(400);
      const unknown = await get(t, summaryUrl('00000000-0000-4000-8000-000000000000'), alice);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('Quiz not found');
    });

    it('reads the summary with indexed lookups, not a scan of the quiz attempts', async () => {
      // The statements the summary request really sends (captured from the app's database client),
      // each explained with its own parameters: every one that reads attempts uses an index.
      sent.length = 0;
      expect((await get(t, summaryUrl(quiz.quiz.id), alice)).statusCode).toBe(200);
      const reads = sent.filter((s) => /from "attempts"/i.test(s.query) && /^\s*select/i.test(s.query));
      expect(reads.length).toBeGreaterThan(0);
      const literal = (v: unknown) =>
        v === null ? 'null' : typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
      for (const read of reads) {
        const inlined = read.query.replace(/\$(\d+)/g, (_, n: string) => literal(read.params[Number(n) - 1]));
        const plan = await t.db.transaction(async (tx) => {
          await tx.execute(sql`set local enable_seqscan = off`);
          const result = await tx.execute(sql.raw(`explain ${inlined}`));
          const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
            string,
            string
          >[];
          return rows.map((r) => Object.values(r)[0]).join('\n');
        });
        expect(plan, read.query).not.toMatch(/Seq Scan on attempts/);
        expect(plan, read.query).toContain('attempts_quiz_user_key');
      }
    });

    it('serves the leaderboard after publication only, paged, with names and never phone numbers', async () => {
      const fresh = await liveQuiz(t);
      expect((await get(t, leaderboardUrl(fresh.quiz.id), alice)).statusCode).toBe(403);

      const res = await get(t, leaderboardUrl(quiz.quiz.id, '?page=1&limit=1'), alice);
      expect(res.statusCode).toBe(200);
      const page1 = leaderboardResponseSchema.parse(res.json());
      expect(page1).toMatchObject({ total: 2, page: 1, limit: 1 });
      expect(page1.results).toEqual([
        expect.objectContaining({
          rank: 1,
          score: 5,
          elapsedTime: 720,
          userId: { name: 'Bob', profilePicUrl: null },
          isMe: false,
        }),
      ]);
      const page2 = leaderboardResponseSchema.parse(
        (await get(t, leaderboardUrl(quiz.quiz.id, '?page=2&limit=1'), alice)).json(),
      );
      expect(page2.results).toEqual([
        expect.objectContaining({ rank: 2, score: 3, elapsedTime: 540, isMe: true }),
      ]);
      expect(res.body).not.toContain(alice.phNo);
      expect(res.body).not.toContain(bob.phNo);
      expect(res.body).not.toMatch(/phNo/);
      expect((await get(t, leaderboardUrl(quiz.quiz.id, '?page=0'), alice)).statusCode).toBe(400);
      expect((await get(t, leaderboardUrl(quiz.quiz.id))).statusCode).toBe(401);
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

describe(`latest result (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ now: START, queryLog: (query, params) => sent.push({ query, params }) });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is {results: [], quiz: null} when nothing is published', async () => {
    const res = await get(t, '/api/result/latest');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ results: [], quiz: null });
  });

  it('picks the most recently published quiz, top 3 in rank order, no phone numbers, cached', async () => {
    async function endedQuizWith(name: string, endAt: Date, scores: number[]) {
      const quiz = await createQuiz(t.db, {
        name,
        class: 'High School',
        startAt: new Date(endAt.getTime() - 2 * HOUR),
        endAt,
        markCorrect: 2,
      });
      const people: UserRow[] = [];
      for (const [i, score] of scores.entries()) {
        const p = await createStudent(t.db, { name: `${name} #${i + 1}` });
        people.push(p);
        await submitted(t, quiz, p, score, (3 + i) * MIN, new Date(endAt.getTime() - HOUR));
      }
      return { quiz, people };
    }
    // Later window, published first…
    const older = await endedQuizWith('Older Quiz', new Date(START.getTime() - 1 * HOUR), [4, 9, 6, 1]);
    t.clock.set(new Date(START.getTime() - 1 * HOUR + GRACE_MS));
    await t.app.sweeper.runOnce();
    // …then one published more recently.
    const newer = await endedQuizWith('Newer Quiz', new Date(START.getTime() - 30 * MIN), [6, 20, 8, 20]);
    t.clock.set(START);
    // The first read before it is published fills the cache with the older quiz.
    expect(latestResultResponseSchema.parse((await get(t, '/api/result/latest')).json()).quiz?.name).toBe(
      'Older Quiz',
    );
    await t.app.sweeper.runOnce(); // publishing on this instance refreshes its cache

    const res = await get(t, '/api/result/latest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=(1[0-9]|[2-9][0-9])$/);
    const body = latestResultResponseSchema.parse(res.json());
    expect(body.quiz).toEqual({
      _id: newer.quiz.quiz.id,
      name: 'Newer Quiz',
      class: 'High School',
      maxScore: 20,
    });
    expect(body.results.map((r) => [r.userId.name, r.score, r.elapsedTime])).toEqual([
      ['Newer Quiz #2', 20, 240],
      ['Newer Quiz #4', 20, 360],
      ['Newer Quiz #3', 8, 300],
    ]);
    expect(body.results.every((r) => r.userId.profilePicUrl === null)).toBe(true);
    for (const p of [...older.people, ...newer.people]) expect(res.body).not.toContain(p.phNo);
    expect(res.body).not.toMatch(/phNo|"\d{10}"/);

    // Another instance publishes something newer: this instance keeps answering from memory for ≥ 10 s.
    const newest = await endedQuizWith('Newest Quiz', new Date(START.getTime() - 10 * MIN), [3]);
    await t.db
      .update(quizzes)
      .set({ resultsPublishedAt: new Date(START.getTime() + 1000), participantCount: 1 })
      .where(eq(quizzes.id, newest.quiz.quiz.id));
    await t.db.update(attempts).set({ rank: 1 }).where(eq(attempts.quizId, newest.quiz.quiz.id));
    t.clock.advance(10_000);
    expect(latestResultResponseSchema.parse((await get(t, '/api/result/latest')).json()).quiz?.name).toBe(
      'Newer Quiz',
    );
    t.clock.advance(6_000);
    const fresh = latestResultResponseSchema.parse((await get(t, '/api/result/latest')).json());
    expect(fresh.quiz?.name).toBe('Newest Quiz');
    expect(fresh.results).toHaveLength(1);
  });
});
