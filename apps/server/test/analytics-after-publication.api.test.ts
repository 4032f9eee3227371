import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  analyticsPath,
  itemAnalysisResponseSchema,
  ANALYTICS_MESSAGES,
  TREND_POINTS,
} from '@quizcast/contract/schemas/analytics';
import { attemptMarks, attempts, itemAnalysis, learnerProgress, quizzes } from '../src/db/schema';
import { createQuiz, createStudent, type CreatedQuiz, type UserRow } from '../src/seed/factories';
import { analysePublished, analysisStep } from '../src/modules/results/publication';
import { ResultsRepository } from '../src/modules/results/results.repository';
import { PROGRESS_FORMAT } from '../src/modules/analytics/analytics.repository';
import { AuthoringRepository } from '../src/modules/authoring/authoring.repository';
import { rawRows } from '../src/db/raw-rows';
import { bearerFor, buildTestApp, testDatabaseKind, type TestApp } from './helpers';
import {
  MIN,
  HOUR,
  GRACE_MS,
  START,
  mulberry32,
  seeds,
  randomAnswers,
  submit,
  get,
  publishAll,
  attemptsOf,
  bruteItems,
  type ItemFigures,
  current,
  expectProgress,
} from './support/analytics';

describe(`progress cache and the analysis after publication (${testDatabaseKind})`, () => {
  let t: TestApp;
  let admin: UserRow;
  let me: UserRow;
  const others: UserRow[] = [];
  const rng = mulberry32(20261125);

  beforeAll(async () => {
    t = await buildTestApp({ now: START });
    admin = await createStudent(t.db, { role: 'admin', name: 'Cache Admin' });
    me = await createStudent(t.db, { name: 'Cached Learner' });
    for (let i = 0; i < 14; i++) others.push(await createStudent(t.db));
  });

  afterAll(async () => {
    await t?.close();
  });

  /** A quiz ending `endHours` after START, attempted by me and every other learner. */
  async function attempted(exam: string, endHours: number, topics: (string | null)[]) {
    const quiz = await createQuiz(
      t.db,
      {
        startAt: new Date(START.getTime() - HOUR),
        endAt: new Date(START.getTime() + endHours * HOUR),
        exam,
        markCorrect: 4,
        markWrong: 1,
      },
      seeds(6, topics, rng),
    );
    for (const [i, user] of [me, ...others].entries()) {
      await submit(
        t,
        quiz,
        user,
        randomAnswers(quiz, rng, [0.3, 0.6, 0.9][i % 3]!, i % 5 !== 4),
        200_000 + i,
      );
    }
    return quiz;
  }

  const cachedAt = async () =>
    (await t.db.select().from(learnerProgress).where(eq(learnerProgress.userId, me.id)))[0]?.computedAt ??
    null;

  async function correct(quiz: CreatedQuiz, payload: Record<string, unknown>) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api${analyticsPath.adminKeyCorrections(quiz.quiz.id)}`,
      headers: await bearerFor(admin, t.clock),
      payload: { reason: 'provisional key revised', ...payload },
    });
    expect(res.statusCode).toBe(200);
  }

  it('the cached page equals a fresh computation on a repeat read, after key corrections and after a second publication; a repeat read gets 304', async () => {
    const first = await attempted('SSC', 1, ['Percentages', 'Algebra']);
    const second = await attempted('NEET', 2, ['Genetics', null]);
    await publishAll(t, new Date(START.getTime() + 2 * HOUR + GRACE_MS));

    const computed = await expectProgress(t, me, [first, second]);
    const savedAt = await cachedAt();
    expect(savedAt).toEqual(t.clock.now());
    // A repeat read is the cached page (not recomputed: its time is unchanged), and equals it.
    t.clock.set(new Date(t.clock.now().getTime() + MIN));
    expect(await expectProgress(t, me, [first, second])).toEqual(computed);
    expect(await cachedAt()).toEqual(savedAt);

    const res = await get(t, '/analytics/me', me);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const etag = String(res.headers.etag);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/analytics/me',
      headers: { ...(await bearerFor(me, t.clock)), 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // A key correction of one of my quizzes: recomputed, and right by brute force.
    t.clock.set(new Date(t.clock.now().getTime() + MIN));
    const q = first.questions[1]!;
    await correct(first, { questionId: q.id, ansIndex: (q.ansIndex + 1) % q.choices.length });
    const afterKey = await expectProgress(t, me, [first, second]);
    expect(afterKey).not.toEqual(computed);
    expect(await cachedAt()).toEqual(t.clock.now());
    // A drop, at the same instant (the stamp counts versions, not times).
    await correct(second, { questionId: second.questions[0]!.id, drop: true });
    await expectProgress(t, me, [first, second]);
    expect((await get(t, '/analytics/me', me)).headers.etag).not.toBe(etag);

    // A second publication adds its quiz.
    const third = await attempted('JEE', 3, ['Calculus']);
    await publishAll(t, new Date(START.getTime() + 3 * HOUR + GRACE_MS));
    const body = await expectProgress(t, me, [first, second, third]);
    expect(body.trend.map((p) => p.quizId)).toEqual([first.quiz.id, second.quiz.id, third.quiz.id]);
    expect(TREND_POINTS).toBeGreaterThanOrEqual(3);

    // An admin's edit of a published quiz's topics (allowed after attempts: the admin service
    // updates the question and the quiz row in one transaction) shows at once.
    await t.db.transaction(async (tx) => {
      const repo = new AuthoringRepository(tx);
      await repo.updateQuestion(third.quiz.id, third.questions[0]!.id, { topic: 'Limits' });
      await repo.updateQuiz(third.quiz.id, {});
    });
    expect((await expectProgress(t, me, [first, second, third])).byTopic.map((r) => r.label)).toContain(
      'Limits',
    );

    // A page an older deploy cached (another format, same data) is never served: it is recomputed.
    const [saved] = await t.db.select().from(learnerProgress).where(eq(learnerProgress.userId, me.id));
    expect(saved!.stamp.startsWith(`${PROGRESS_FORMAT}.`)).toBe(true);
    await t.db
      .update(learnerProgress)
      .set({ stamp: saved!.stamp.replace(PROGRESS_FORMAT, 'p0'), body: '{"stale":true}' })
      .where(eq(learnerProgress.userId, me.id));
    await expectProgress(t, me, [first, second, third]);
  });

  it('publication commits the ranks first; the analysis follows in steps and is never half-built', async () => {
    const quiz = await attempted('UPSC', 4, ['Polity', 'Economy']);
    const before = await expectProgress(t, me, await publishedOf(me));
    const at = new Date(START.getTime() + 4 * HOUR + GRACE_MS);
    t.clock.set(at);
    const outcome = await new ResultsRepository(t.db).publish(quiz.quiz.id, at, GRACE_MS / 1000);
    expect(outcome).toMatchObject({ published: true, participants: others.length + 1 });

    // Results are out: the learner's own summary is served, ranks are set.
    const summary = await get(t, `/quizzes/participant/quiz-summary/${quiz.quiz.id}`, me);
    expect(summary.statusCode).toBe(200);
    expect((await attemptsOf(t, quiz.quiz.id)).every((a) => a.rank !== null)).toBe(true);
    // The analysis is not whole yet: "being prepared", never a partial table; progress leaves the quiz out.
    const preparing = async () => {
      const items = await get(t, analyticsPath.adminItems(quiz.quiz.id), admin);
      const mine = await get(t, analyticsPath.quiz(quiz.quiz.id), me);
      return [items.statusCode, items.json().message, mine.statusCode, mine.json().message];
    };
    const busy = [409, ANALYTICS_MESSAGES.preparing, 409, ANALYTICS_MESSAGES.preparing];
    expect(await preparing()).toEqual(busy);
    expect(await expectProgress(t, me, await publishedOf(me))).toEqual(before);

    // One step of 4 attempts (as if the process stopped after it): still being prepared.
    expect(await t.db.transaction((tx) => analysisStep(tx, quiz.quiz.id, at, 4))).toBe('more');
    expect(await t.db.select().from(attemptMarks).where(eq(attemptMarks.quizId, quiz.quiz.id))).toHaveLength(
      4,
    );
    expect(await t.db.select().from(itemAnalysis).where(eq(itemAnalysis.quizId, quiz.quiz.id))).toHaveLength(
      0,
    );
    expect(await preparing()).toEqual(busy);

    // The rest in steps of 3, two callers at once (instances racing): every attempt marked exactly once.
    const done = await Promise.all([
      analysePublished(t.db, quiz.quiz.id, at, 3),
      analysePublished(t.db, quiz.quiz.id, at, 3),
    ]);
    expect(done).toEqual([true, true]);
    const marks = await t.db.select().from(attemptMarks).where(eq(attemptMarks.quizId, quiz.quiz.id));
    expect(marks.map((m) => m.ord).sort((a, b) => a - b)).toEqual(
      Array.from({ length: others.length + 1 }, (_, i) => i + 1),
    );

    // Whole now, and every figure right by brute force (the bit strings were appended step by step).
    const res = await get(t, analyticsPath.adminItems(quiz.quiz.id), admin);
    expect(res.statusCode).toBe(200);
    const body = itemAnalysisResponseSchema.parse(res.json());
    const expected = bruteItems(quiz, await attemptsOf(t, quiz.quiz.id));
    const keys = [
      'number',
      'facility',
      'discrimination',
      'options',
      'skipped',
      'avgTimeMs',
      'flags',
    ] as const;
    const figures = (item: ItemFigures) => Object.fromEntries(keys.map((k) => [k, item[k]]));
    expect(body.items.map(figures)).toEqual(expected.map(figures));
    expect((await get(t, analyticsPath.quiz(quiz.quiz.id), me)).statusCode).toBe(200);
    const published = await publishedOf(me);
    expect(published.map((q) => q.quiz.id)).toContain(quiz.quiz.id);
    await expectProgress(t, me, published);
    // Review cards were made for the learners' mistakes, once each.
    const [cards] = rawRows<{ n: number; d: number }>(
      await t.db.execute(sql`
        select count(*)::int as n, count(distinct (c.user_id, c.question_id))::int as d
        from review_cards c join questions q on q.id = c.question_id where q.quiz_id = ${quiz.quiz.id}
      `),
    );
    expect(cards!.n).toBeGreaterThan(0);
    expect(cards!.n).toBe(cards!.d);
  });

  it('the sweeper finishes an analysis that a step left unfinished', async () => {
    const quiz = await attempted('SSC', 5, ['Ratio']);
    const at = new Date(START.getTime() + 5 * HOUR + GRACE_MS);
    t.clock.set(at);
    await new ResultsRepository(t.db).publish(quiz.quiz.id, at, GRACE_MS / 1000);
    await t.db.transaction((tx) => analysisStep(tx, quiz.quiz.id, at, 5));
    await t.app.sweeper.runOnce();
    const [row] = await t.db.select().from(quizzes).where(eq(quizzes.id, quiz.quiz.id));
    expect(row!.analysedAt).toEqual(at);
    const body = itemAnalysisResponseSchema.parse(
      (await get(t, analyticsPath.adminItems(quiz.quiz.id), admin)).json(),
    );
    expect(body.items.map((i) => i.facility)).toEqual(
      bruteItems(quiz, await attemptsOf(t, quiz.quiz.id)).map((i) => i.facility),
    );
    await expectProgress(t, me, await publishedOf(me));
  });

  /** My analysed published quizzes, as created. */
  async function publishedOf(user: UserRow): Promise<CreatedQuiz[]> {
    const rows = await t.db
      .select({ quiz: quizzes })
      .from(attempts)
      .innerJoin(quizzes, eq(quizzes.id, attempts.quizId))
      .where(eq(attempts.userId, user.id));
    return Promise.all(
      rows.filter((r) => r.quiz.analysedAt !== null).map((r) => current(t, { quiz: r.quiz, questions: [] })),
    );
  }
});

describe(`the analysis after publication, when one keeps failing (${testDatabaseKind})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ now: START });
  });

  afterAll(async () => {
    await t?.close();
  });

  const pendingNamed = async (prefix: string) =>
    (
      await t.db
        .select({ name: quizzes.name, analysedAt: quizzes.analysedAt })
        .from(quizzes)
        .where(sql`${quizzes.name} like ${`${prefix}%`}`)
    ).filter((q) => q.analysedAt === null).length;

  it('quizzes that fail on every sweep wait, doubling, and take no turn from a newer one', async () => {
    // Twenty published quizzes whose analysis always fails (a trigger refuses to mark them
    // analysed), all published before a healthy one: as many as one sweep analyses.
    await t.db.execute(sql`
      create function refuse_analysis() returns trigger language plpgsql as $$
      begin raise exception 'analysis refused for %', new.name; end $$`);
    await t.db.execute(sql`
      create trigger refuse_analysis before update of analysed_at on quizzes for each row
      when (new.analysed_at is not null and new.name like 'Broken analysis%')
      execute function refuse_analysis()`);
    const window = {
      startAt: new Date(START.getTime() - 3 * HOUR),
      endAt: new Date(START.getTime() - 2 * HOUR),
    };
    for (let i = 0; i < 20; i++) {
      await createQuiz(
        t.db,
        {
          ...window,
          name: `Broken analysis ${i}`,
          resultsPublishedAt: new Date(START.getTime() - HOUR + i * 1000),
        },
        [],
        START,
      );
    }
    await createQuiz(t.db, { ...window, name: 'Healthy analysis', resultsPublishedAt: START }, [], START);

    await t.app.sweeper.runOnce();
    expect(await pendingNamed('Broken analysis')).toBe(20);
    expect(await pendingNamed('Healthy analysis')).toBe(1); // the twenty oldest took this sweep

    // The next sweep, a moment later, passes over the twenty failures: the newer quiz is analysed.
    t.clock.set(new Date(START.getTime() + 1000));
    await t.app.sweeper.runOnce();
    expect(await pendingNamed('Healthy analysis')).toBe(0);

    // A failure waits a minute before its next try; a second failure, two more.
    t.clock.set(new Date(START.getTime() + 59_000));
    await t.app.sweeper.runOnce();
    t.clock.set(new Date(START.getTime() + 60_000));
    await t.app.sweeper.runOnce(); // the second failure of each: next try at 60 s + 2 min
    await t.db.execute(sql`drop trigger refuse_analysis on quizzes`);
    t.clock.set(new Date(START.getTime() + 179_000));
    await t.app.sweeper.runOnce();
    expect(await pendingNamed('Broken analysis')).toBe(20);
    t.clock.set(new Date(START.getTime() + 180_000));
    await t.app.sweeper.runOnce();
    expect(await pendingNamed('Broken analysis')).toBe(0);
  });
});
