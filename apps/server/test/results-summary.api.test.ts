import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  latestResultResponseSchema,
  leaderboardResponseSchema,
  quizSummaryResponseSchema,
} from '@quizcast/contract/schemas/result';
import { attempts, quizzes } from '../src/db/schema';
import {
  buildQuestions,
  createAttempt,
  createQuiz,
  createStudent,
  type CreatedQuiz,
  type UserRow,
} from '../src/seed/factories';
import { inLearnerOrder } from '../src/modules/quizzes/learner-order';
import { bearerFor, testDatabaseKind } from './helpers';
import {
  MIN,
  HOUR,
  GRACE_MS,
  START,
  summaryUrl,
  leaderboardUrl,
  liveQuiz,
  submitted,
  expectContractBytes,
  sent,
  get,
  useResultsApp,
} from './support/results';
import { t } from './support/app';

describe(`results (${testDatabaseKind})`, () => {
  useResultsApp();

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
      expectContractBytes(res.body);
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
      const bobsRes = await get(t, summaryUrl(quiz.quiz.id), bob);
      expectContractBytes(bobsRes.body);
      const bobs = quizSummaryResponseSchema.parse(bobsRes.json()).data;
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

    it('gives each learner the questions and choices in their own order, over parts shared by the quiz', async () => {
      const seeds = buildQuestions(6).map((q, i) => ({
        ...q,
        choices: i === 5 ? ['One', 'Two', 'All of the above'] : q.choices,
        explanation: i === 2 ? null : q.explanation,
      }));
      for (const order of [
        { shuffleQuestions: true, shuffleChoices: false },
        { shuffleQuestions: true, shuffleChoices: true },
      ]) {
        const shuffled = await createQuiz(
          t.db,
          {
            ...order,
            durationMin: 15,
            startAt: new Date(START.getTime() - 3 * HOUR),
            endAt: new Date(START.getTime() - 20 * MIN),
          },
          seeds,
        );
        const learners = await Promise.all([0, 1, 2, 3].map(() => createStudent(t.db)));
        for (const [i, learner] of learners.entries())
          await submitted(t, shuffled, learner, i, (5 + i) * MIN);
        await t.app.sweeper.runOnce();
        const orders = new Set<string>();
        for (const learner of learners) {
          const res = await get(t, summaryUrl(shuffled.quiz.id), learner);
          expect(res.statusCode).toBe(200);
          expectContractBytes(res.body);
          const { data } = quizSummaryResponseSchema.parse(res.json());
          const mine = inLearnerOrder(shuffled.questions, shuffled.quiz.id, learner.id, order);
          expect(data.quizDetails.questions.map((q) => [q._id, q.choices, q.ansIndex])).toEqual(
            mine.map((q) => [q.id, q.choices, q.ansIndex]),
          );
          expect(data.quizzSummary.answers.map((a) => a.qnId)).toEqual(mine.map((q) => q.id));
          orders.add(JSON.stringify(data.quizDetails.questions.map((q) => [q._id, q.choices])));
        }
        // The learners did not all see one order (the shared parts are not one learner's copy).
        expect(orders.size).toBeGreaterThan(1);
      }
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
        // The learner's own attempt by one of its indexes (the planner picks either on a small table).
        expect(plan, read.query).toMatch(
          /Index Scan using (attempts_quiz_user_key|attempts_user_idx) on attempts/,
        );
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
});

describe(`latest result (${testDatabaseKind})`, () => {
  useResultsApp();

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
