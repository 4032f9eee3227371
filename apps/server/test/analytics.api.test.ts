import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, isNotNull } from 'drizzle-orm';
import { markAttempt } from '../src/modules/marking/marking';
import { adviseMarking } from '@quizcast/contract/domain/negative-marking';
import { errorBodySchema } from '@quizcast/contract/errors';
import {
  analyticsPath,
  itemAnalysisResponseSchema,
  progressResponseSchema,
  quizAnalysisResponseSchema,
} from '@quizcast/contract/schemas/analytics';
import { attemptMarks, attempts, keyCorrections, reviewCards, reviewLogs, users } from '../src/db/schema';
import { createQuiz, createStudent, type CreatedQuiz, type UserRow } from '../src/seed/factories';
import { seedDemoData } from '../src/seed/demo';
import { bearerFor, buildTestApp, testDatabaseKind, type TestApp } from './helpers';
import {
  MIN,
  HOUR,
  GRACE_MS,
  START,
  mulberry32,
  round2,
  seeds,
  randomAnswers,
  marking,
  submit,
  get,
  publishAll,
  attemptsOf,
  bruteItems,
  expectItemsAsBruteForce,
  expectProgress,
} from './support/analytics';

describe(`analytics (${testDatabaseKind})`, () => {
  let t: TestApp;
  let admin: UserRow;
  let me: UserRow;
  let stranger: UserRow;
  let ssc: CreatedQuiz;
  let neet: CreatedQuiz;
  let open: CreatedQuiz;
  const others: UserRow[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ now: START });
    admin = await createStudent(t.db, { role: 'admin', name: 'Asha Admin' });
    me = await createStudent(t.db, { name: 'Me Learner' });
    stranger = await createStudent(t.db, { name: 'Never Attended' });
    const rng = mulberry32(20261124);
    const window = { startAt: new Date(START.getTime() - HOUR), endAt: new Date(START.getTime() + HOUR) };
    ssc = await createQuiz(
      t.db,
      { ...window, exam: 'SSC', markCorrect: 2, markWrong: 0.5 },
      seeds(8, ['Percentages', 'Algebra', null], rng),
    );
    neet = await createQuiz(
      t.db,
      { ...window, exam: 'NEET', markCorrect: 4, markWrong: 1, endAt: new Date(START.getTime() + 2 * HOUR) },
      seeds(6, ['Genetics', 'Percentages'], rng),
    );
    open = await createQuiz(
      t.db,
      { startAt: window.startAt, endAt: new Date(START.getTime() + 48 * HOUR), exam: 'JEE' },
      seeds(5, ['Calculus'], rng),
    );
    for (let i = 0; i < 36; i++) others.push(await createStudent(t.db));
    const skills = [0.2, 0.5, 0.8];
    const elapsed = [300_000, 420_000];
    for (const [i, user] of [me, ...others].entries()) {
      for (const quiz of [ssc, neet]) {
        // Not everyone takes every quiz (the untimed learner at index 3 and "me" take both).
        if (i !== 3 && user !== me && rng() < 0.15) continue;
        const answers = randomAnswers(quiz, rng, skills[i % 3]!, i % 4 !== 3);
        await submit(t, quiz, user, answers, elapsed[Math.floor(rng() * 2)]!);
      }
    }
    await submit(t, open, me, randomAnswers(open, rng, 0.9, true), 100_000);
    await publishAll(t, new Date(START.getTime() + 2 * HOUR + GRACE_MS));
  });

  afterAll(async () => {
    await t?.close();
  });

  it('item analysis matches a brute-force computation over every attempt (ties, skips, negative marking)', async () => {
    for (const quiz of [ssc, neet]) {
      const res = await get(t, analyticsPath.adminItems(quiz.quiz.id), admin);
      expect(res.statusCode).toBe(200);
      const body = itemAnalysisResponseSchema.parse(res.json());
      const expected = bruteItems(quiz, await attemptsOf(t, quiz.quiz.id));
      expect(body.participants).toBe(expected[0]!.participants);
      expect(body.groupSize).toBe(expected[0]!.groupSize);
      expectItemsAsBruteForce(body.items, expected);
    }
    // The random data really exercised ties, skips and both flags' inputs.
    const scores = (await attemptsOf(t, ssc.quiz.id)).map((a) => `${a.score}/${a.elapsedMs}`);
    expect(new Set(scores).size).toBeLessThan(scores.length);
    expect((await attemptsOf(t, ssc.quiz.id)).some((a) => a.score! < 0 || a.score! % 2 !== 0)).toBe(true);
  });

  it("GET /analytics/me matches a brute-force computation over the learner's published attempts only", async () => {
    // Trend: oldest publication first; the still-open quiz never appears.
    const body = await expectProgress(t, me, [ssc, neet]);
    expect(body.trend.map((p) => p.quizId)).toEqual([ssc.quiz.id, neet.quiz.id]);
    expect(body.byTopic.map((r) => r.label)).toContain('No topic');
  });

  it("the Analysis tab matches a brute-force computation of the learner's own attempt", async () => {
    const res = await get(t, analyticsPath.quiz(ssc.quiz.id), me);
    expect(res.statusCode).toBe(200);
    const body = quizAnalysisResponseSchema.parse(res.json());
    const rows = await attemptsOf(t, ssc.quiz.id);
    const row = rows.find((a) => a.userId === me.id)!;
    const items = bruteItems(ssc, rows);
    const scored = markAttempt(ssc.questions, row.answers, marking(ssc));
    const skipped = ssc.questions.length - scored.correctCount - scored.wrongCount;
    expect(body.advisor).toEqual({
      correct: scored.correctCount,
      wrong: scored.wrongCount,
      skipped,
      ...adviseMarking(marking(ssc), { correct: scored.correctCount, wrong: scored.wrongCount, skipped }),
    });
    expect(body.advisor.breakEvenProbability).toBe(0.2);
    expect(body.questions.map((q) => q.percentCorrect)).toEqual(items.map((i) => i.facility));
    const marksFor = (topic: string) => {
      let c = 0;
      let w = 0;
      let s = 0;
      ssc.questions.forEach((q, i) => {
        if ((q.topic ?? 'No topic') !== topic) return;
        const a = scored.answers[i]!;
        if (a.isCorrect) c += 1;
        else if (a.selectedOption === null) s += 1;
        else w += 1;
      });
      return { correct: c, wrong: w, skipped: s, marks: round2(c * 2 - w * 0.5), maxMarks: (c + w + s) * 2 };
    };
    for (const topic of body.byTopic) expect(topic).toMatchObject(marksFor(topic.label));
    expect(body.byTopic.map((r) => r.label).sort()).toEqual(['Algebra', 'No topic', 'Percentages']);
    const yourTimes = ssc.questions.map((q) => row.answers.find((a) => a.qnId === q.id)?.timeSpentMs ?? null);
    expect(body.timing.hasData).toBe(yourTimes.some((x) => x !== null));
    expect(body.timing.questions.map((q) => q.yourMs)).toEqual(yourTimes);
    expect(body.timing.questions.map((q) => q.top10MedianMs)).toEqual(
      items.map((i) => (i.top10MedianMs === null ? null : Math.round(i.top10MedianMs))),
    );
    const sinks = body.timing.questions
      .filter((q) => q.yourMs !== null)
      .sort((a, b) => b.yourMs! - a.yourMs! || a.number - b.number)
      .slice(0, 5);
    expect(body.timing.timeSinks).toEqual(sinks);
  });

  it('an attempt without time per question gets a plain "no timing data" state', async () => {
    // Every fourth learner (i % 4 === 3) saved no time per question.
    const untimed = others[2]!; // index 3 in [me, ...others]
    for (const quiz of [ssc, neet]) {
      const res = await get(t, analyticsPath.quiz(quiz.quiz.id), untimed);
      expect(res.statusCode).toBe(200);
      const body = quizAnalysisResponseSchema.parse(res.json());
      expect(body.timing.hasData).toBe(false);
      expect(body.timing.timeSinks).toEqual([]);
      expect(body.timing.questions.every((q) => q.yourMs === null)).toBe(true);
    }
  });

  it('nothing before publication: the open quiz has no analysis, no item analysis, no key correction', async () => {
    const mine = await get(t, analyticsPath.quiz(open.quiz.id), me);
    expect(mine.statusCode).toBe(403);
    expect(errorBodySchema.parse(mine.json()).message).toBe('Results are not published yet');
    const items = await get(t, analyticsPath.adminItems(open.quiz.id), admin);
    expect(items.statusCode).toBe(409);
    const fix = await t.app.inject({
      method: 'POST',
      url: `/api${analyticsPath.adminKeyCorrections(open.quiz.id)}`,
      headers: await bearerFor(admin, t.clock),
      payload: { questionId: open.questions[0]!.id, ansIndex: 1, reason: 'Typo in the key' },
    });
    expect(fix.statusCode).toBe(409);
    expect(errorBodySchema.parse(fix.json()).message).toMatch(/only after results are published/);
  });

  it("owner-only: another learner's analysis is never returned; a new learner gets an empty progress page", async () => {
    const res = await get(t, analyticsPath.quiz(ssc.quiz.id), stranger);
    expect(res.statusCode).toBe(404);
    expect(JSON.stringify(res.json())).not.toContain(me.id);
    const empty = progressResponseSchema.parse((await get(t, '/analytics/me', stranger)).json());
    expect(empty).toMatchObject({ trend: [], byExam: [], byTopic: [], strategy: { questions: 0 } });
    expect((await get(t, '/analytics/me')).statusCode).toBe(401);
    expect((await get(t, analyticsPath.quiz(ssc.quiz.id))).statusCode).toBe(401);
  });

  it('admin-only: learners get 403 and anonymous callers 401 on item analysis, CSV and key correction', async () => {
    for (const url of [analyticsPath.adminItems(ssc.quiz.id), analyticsPath.adminItemsCsv(ssc.quiz.id)]) {
      expect((await get(t, url, me)).statusCode).toBe(403);
      expect((await get(t, url)).statusCode).toBe(401);
    }
    const payload = { questionId: ssc.questions[0]!.id, ansIndex: 1, reason: 'x' };
    const url = `/api${analyticsPath.adminKeyCorrections(ssc.quiz.id)}`;
    const asLearner = await t.app.inject({
      method: 'POST',
      url,
      headers: await bearerFor(me, t.clock),
      payload,
    });
    expect(asLearner.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url, payload })).statusCode).toBe(401);
    expect(await t.db.select().from(keyCorrections)).toHaveLength(0);
  });

  it('the CSV download holds the whole table', async () => {
    const res = await get(t, analyticsPath.adminItemsCsv(ssc.quiz.id), admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Question,Topic,Key,Dropped,Facility %,Discrimination,Option A %,Option B %,Option C %,Option D %,Skipped %,Average time (s),Flags',
    );
    const json = itemAnalysisResponseSchema.parse(
      (await get(t, analyticsPath.adminItems(ssc.quiz.id), admin)).json(),
    );
    expect(lines).toHaveLength(1 + ssc.questions.length);
    const first = json.items[0]!;
    expect(lines[1]!.split(',').slice(0, 6)).toEqual([
      '1',
      first.topic ?? '',
      'ABCD'[first.ansIndex],
      'no',
      String(first.facility),
      String(first.discrimination),
    ]);
  });

  it("spaced-repetition figures come from the learner's own cards and reviews", async () => {
    const now = t.clock.now();
    const card = (userId: string, questionId: string, due: Date, lapses: number) => ({
      userId,
      questionId,
      source: 'wrong' as const,
      initialRating: 1,
      due,
      lapses,
      createdAt: now,
    });
    // Publication already made cards for these learners' mistakes (issue 13): start from none.
    await t.db.delete(reviewCards).where(inArray(reviewCards.userId, [me.id, stranger.id]));
    const [mine0, mine1] = await t.db
      .insert(reviewCards)
      .values([
        card(me.id, ssc.questions[0]!.id, new Date(now.getTime() - MIN), 3),
        card(me.id, ssc.questions[1]!.id, new Date(now.getTime() + HOUR), 1),
        card(stranger.id, ssc.questions[1]!.id, new Date(now.getTime() - HOUR), 9),
      ])
      .returning({ id: reviewCards.id });
    const log = (cardId: string, rating: number) => ({
      userId: me.id,
      cardId,
      reviewId: randomUUID(),
      rating,
      reviewedAt: now,
      durationMs: 5_000,
      createdAt: now,
    });
    await t.db.insert(reviewLogs).values([log(mine0!.id, 1), log(mine0!.id, 3), log(mine1!.id, 4)]);
    const body = progressResponseSchema.parse((await get(t, '/analytics/me', me)).json());
    const lapsing = new Map<string, number>();
    lapsing.set(ssc.questions[0]!.topic!, 3);
    if (ssc.questions[1]!.topic)
      lapsing.set(ssc.questions[1]!.topic, (lapsing.get(ssc.questions[1]!.topic) ?? 0) + 1);
    expect(body.recall).toEqual({
      cards: 2,
      due: 1,
      reviews: 3,
      retention: 66.7,
      lapsingTopics: [...lapsing.entries()]
        .map(([topic, lapses]) => ({ topic, lapses }))
        .sort((a, b) => b.lapses - a.lapses || a.topic.localeCompare(b.topic)),
    });
  });
});

// Seeds the whole demo and analyses it. The demo grew on 2026-11-27 (practice sets, the sectional
// mock): 39–46 s in the gate with the three server suites side by side, and over 90 s once with a
// browser suite running beside them too. It runs once per database; 180 s.
describe(`analytics of the demo data (${testDatabaseKind})`, { timeout: 180_000 }, () => {
  it("the demo's published attempts have their narrow marks: a demo learner's progress counts their answers", async () => {
    const t = await buildTestApp({ now: START });
    try {
      await seedDemoData(t.db, START);
      const published = (await t.db.select().from(attempts).where(isNotNull(attempts.rank))).filter((a) =>
        a.answers.some((x) => x.selectedOption),
      );
      expect(published.length).toBeGreaterThan(0);
      const userId = published[0]!.userId;
      const mine = published.filter((a) => a.userId === userId);
      const [learner] = await t.db.select().from(users).where(eq(users.id, userId));
      const res = await get(t, '/analytics/me', learner!);
      expect(res.statusCode).toBe(200);
      const body = progressResponseSchema.parse(res.json());
      expect(body.strategy.attempted).toBe(
        mine.reduce((s, a) => s + a.answers.filter((x) => (x.selectedOption ?? null) !== null).length, 0),
      );
      expect(body.strategy.correct).toBe(mine.reduce((s, a) => s + (a.correctCount ?? 0), 0));
      expect(
        (
          await t.db
            .select()
            .from(attemptMarks)
            .where(
              inArray(
                attemptMarks.attemptId,
                mine.map((a) => a.id),
              ),
            )
        ).length,
      ).toBe(mine.length);
    } finally {
      await t.close();
    }
  });
});
