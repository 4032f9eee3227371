import { auditLogResponseSchema } from '@quizcast/contract/schemas/account';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { reviewQueueResponseSchema } from '@quizcast/contract/schemas/review';
import { markAttempt, type MarkingScheme } from '../src/modules/marking/marking';
import { percentileForRank } from '@quizcast/contract/domain/percentile';
import { adviseMarking } from '@quizcast/contract/domain/negative-marking';
import { errorBodySchema } from '@quizcast/contract/errors';
import {
  analyticsPath,
  itemAnalysisResponseSchema,
  keyCorrectionResponseSchema,
  progressResponseSchema,
  quizAnalysisResponseSchema,
  ANALYTICS_MESSAGES,
  TREND_POINTS,
  type ItemAnalysisResponse,
  type ProgressResponse,
} from '@quizcast/contract/schemas/analytics';
import { quizSummaryResponseSchema } from '@quizcast/contract/schemas/result';
import {
  attemptMarks,
  attempts,
  itemAnalysis,
  itemAnswers,
  keyCorrections,
  learnerProgress,
  questions,
  quizzes,
  reviewCards,
  reviewLogs,
  users,
  type SavedAnswer,
} from '../src/db/schema';
import {
  createAttempt,
  createQuiz,
  createStudent,
  type AttemptRow,
  type CreatedQuiz,
  type QuestionSeed,
  type UserRow,
} from '../src/seed/factories';
import { seedDemoData } from '../src/seed/demo';
import { analysePublished, analysisStep } from '../src/modules/results/publication';
import { ResultsRepository } from '../src/modules/results/results.repository';
import { PROGRESS_FORMAT } from '../src/modules/analytics/analytics.repository';
import { AuthoringRepository } from '../src/modules/authoring/authoring.repository';
import { rawRows } from '../src/db/raw-rows';
import { bearerFor, buildTestApp, testDatabaseKind, type TestApp } from './helpers';

const MIN = 60_000;
const HOUR = 60 * MIN;
const GRACE_MS = 30_000;
const START = new Date('2026-11-22T10:00:00Z');

function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const round2 = (n: number) => Math.round(n * 100) / 100;
const pct = (part: number, whole: number) => (whole > 0 ? round1((part / whole) * 100) : 0);

function seeds(count: number, topics: (string | null)[], rng: () => number): QuestionSeed[] {
  return Array.from({ length: count }, (_, i) => ({
    qn: `Question ${i + 1}?`,
    choices: ['alpha', 'beta', 'gamma', 'delta'].map((c) => `${c} ${i}`),
    ansIndex: Math.floor(rng() * 4),
    topic: topics[i % topics.length] ?? null,
  }));
}

/** Random answers: skips (entry missing or null), a skill-biased pick, time on screen for some attempts. */
function randomAnswers(quiz: CreatedQuiz, rng: () => number, skill: number, timed: boolean): SavedAnswer[] {
  const out: SavedAnswer[] = [];
  for (const q of quiz.questions) {
    const roll = rng();
    const time = timed ? { timeSpentMs: 1000 + Math.floor(rng() * 59) * 1000 } : {};
    if (roll < 0.1) continue; // never visited: no entry at all
    if (roll < 0.2) {
      out.push({ qnId: q.id, selectedOption: null, ...time });
      continue;
    }
    const pick = rng() < skill ? q.ansIndex : Math.floor(rng() * q.choices.length);
    out.push({ qnId: q.id, selectedOption: q.choices[pick]!, ...time });
  }
  return out;
}

function marking(quiz: CreatedQuiz): MarkingScheme {
  return { correct: quiz.quiz.markCorrect, wrong: quiz.quiz.markWrong };
}

async function submit(
  t: TestApp,
  quiz: CreatedQuiz,
  user: UserRow,
  answers: SavedAnswer[],
  elapsedMs: number,
) {
  const scored = markAttempt(quiz.questions, answers, marking(quiz));
  const startedAt = new Date(quiz.quiz.startAt.getTime() + 5 * MIN);
  return createAttempt(t.db, {
    quizId: quiz.quiz.id,
    userId: user.id,
    status: 'submitted',
    startedAt,
    deadlineAt: new Date(startedAt.getTime() + quiz.quiz.durationMin * MIN),
    submittedAt: new Date(startedAt.getTime() + elapsedMs),
    answers,
    score: scored.score,
    correctCount: scored.correctCount,
    elapsedMs,
  });
}

async function get(t: TestApp, url: string, user?: UserRow) {
  return t.app.inject({
    method: 'GET',
    url: `/api${url}`,
    headers: user ? await bearerFor(user, t.clock) : {},
  });
}

async function publishAll(t: TestApp, at: Date) {
  t.clock.set(at);
  await t.app.sweeper.runOnce();
}

async function attemptsOf(t: TestApp, quizId: string): Promise<AttemptRow[]> {
  return t.db.select().from(attempts).where(eq(attempts.quizId, quizId));
}

// ---- brute force -----------------------------------------------------------------------------

function median(values: number[]): number | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = (s.length - 1) / 2;
  return (s[Math.floor(mid)]! + s[Math.ceil(mid)]!) / 2;
}

/** Item analysis by definition, from every ranked attempt in memory. */
function bruteItems(quiz: CreatedQuiz, rows: AttemptRow[]) {
  const ranked = rows
    .filter((a) => a.rank !== null)
    .sort((a, b) => b.score! - a.score! || a.elapsedMs! - b.elapsedMs! || (a.id < b.id ? -1 : 1));
  const n = ranked.length;
  const gs = Math.max(1, Math.round(n * 0.27));
  const top = ranked.slice(0, gs);
  const bottom = n >= 2 ? ranked.slice(n - gs) : [];
  const top10 = ranked.slice(0, Math.max(1, Math.ceil(n * 0.1)));
  const pick = (a: AttemptRow, qnId: string) => a.answers.find((x) => x.qnId === qnId);
  return quiz.questions.map((q, i) => {
    const key = q.choices[q.ansIndex]!;
    const correctIn = (group: AttemptRow[]) =>
      group.filter((a) => pick(a, q.id)?.selectedOption === key).length;
    const chose = (group: AttemptRow[], c: string) =>
      group.filter((a) => pick(a, q.id)?.selectedOption === c).length;
    const answered = ranked.filter((a) => (pick(a, q.id)?.selectedOption ?? null) !== null).length;
    const times = ranked.flatMap((a) => {
      const ms = pick(a, q.id)?.timeSpentMs;
      return typeof ms === 'number' ? [ms] : [];
    });
    const topTimes = top10.flatMap((a) => {
      const ms = pick(a, q.id)?.timeSpentMs;
      return typeof ms === 'number' ? [ms] : [];
    });
    const discrimination = n >= 2 ? round2((correctIn(top) - correctIn(bottom)) / gs) : null;
    const topCounts = q.choices.map((c) => chose(top, c));
    const flags: string[] = [];
    if (n >= 2 && discrimination !== null && discrimination < 0) flags.push('negative-discrimination');
    if (n >= 2 && topCounts.some((c, j) => j !== q.ansIndex && c > topCounts[q.ansIndex]!))
      flags.push('distractor-beats-key');
    return {
      number: i + 1,
      facility: pct(correctIn(ranked), n),
      discrimination,
      options: q.choices.map((c, j) => ({
        choice: c,
        count: chose(ranked, c),
        share: pct(chose(ranked, c), n),
        topShare: pct(topCounts[j]!, gs),
      })),
      skipped: n - answered,
      skippedShare: pct(n - answered, n),
      avgTimeMs: times.length ? Math.round(times.reduce((s, x) => s + x, 0) / times.length) : null,
      top10MedianMs: median(topTimes),
      flags,
      participants: n,
      groupSize: gs,
    };
  });
}

/** The served item analysis equals the brute-force one, figure by figure (the group sizes aside). */
function expectItemsAsBruteForce(
  items: ItemAnalysisResponse['items'],
  expected: ReturnType<typeof bruteItems>,
) {
  expect(
    items.map(({ number, facility, discrimination, options, skipped, skippedShare, avgTimeMs, flags }) => ({
      number,
      facility,
      discrimination,
      options,
      skipped,
      skippedShare,
      avgTimeMs,
      flags,
    })),
  ).toEqual(expected.map(({ top10MedianMs: _m, participants: _p, groupSize: _g, ...rest }) => rest));
}

type ItemFigures = Pick<
  ItemAnalysisResponse['items'][number],
  'number' | 'facility' | 'discrimination' | 'options' | 'skipped' | 'avgTimeMs'
> & { flags: string[] };

/** A quiz as the database has it now (keys and drops after corrections). */
async function current(t: TestApp, quiz: CreatedQuiz): Promise<CreatedQuiz> {
  const [row] = await t.db.select().from(quizzes).where(eq(quizzes.id, quiz.quiz.id));
  const rows = await t.db
    .select()
    .from(questions)
    .where(eq(questions.quizId, quiz.quiz.id))
    .orderBy(asc(questions.position));
  return { quiz: row!, questions: rows };
}

/**
 * GET /analytics/me for `user`, checked figure by figure against a brute-force computation over
 * their attempts of `published` (as the database has them now: keys, drops, ranks); returns the body.
 */
async function expectProgress(
  t: TestApp,
  user: UserRow,
  published: CreatedQuiz[],
): Promise<ProgressResponse> {
  const res = await get(t, '/analytics/me', user);
  expect(res.statusCode).toBe(200);
  const body = progressResponseSchema.parse(res.json());
  const quizzesNow = await Promise.all(published.map((q) => current(t, q)));
  const mine = new Map<string, AttemptRow>();
  for (const quiz of quizzesNow) {
    const row = (await attemptsOf(t, quiz.quiz.id)).find((a) => a.userId === user.id)!;
    mine.set(quiz.quiz.id, row);
  }
  expect(body.quizzes).toBe(published.length);
  expect(body.trend.map((p) => p.quizId).sort()).toEqual(published.map((q) => q.quiz.id).sort());
  for (const quiz of quizzesNow) {
    const row = mine.get(quiz.quiz.id)!;
    const live = quiz.questions.filter((q) => q.droppedAt === null);
    const max = round2(live.length * quiz.quiz.markCorrect);
    expect(body.trend.find((p) => p.quizId === quiz.quiz.id)).toMatchObject({
      score: row.score,
      maxScore: max,
      scorePercent: round1((row.score! / max) * 100),
      rank: row.rank,
      participants: quiz.quiz.participantCount,
      percentile: percentileForRank(row.rank!, quiz.quiz.participantCount!),
    });
  }

  // Accuracy, strategy and speed by definition.
  const tally = new Map<string, { questions: number; correct: number }>();
  const add = (label: string, correct: boolean) => {
    const s = tally.get(label) ?? { questions: 0, correct: 0 };
    s.questions += 1;
    if (correct) s.correct += 1;
    tally.set(label, s);
  };
  let questionCount = 0;
  let attempted = 0;
  let correct = 0;
  const yours: number[] = [];
  const compared: { yours: number; top: number }[] = [];
  for (const quiz of quizzesNow) {
    const row = mine.get(quiz.quiz.id)!;
    const items = bruteItems(quiz, await attemptsOf(t, quiz.quiz.id));
    quiz.questions.forEach((q, i) => {
      if (q.droppedAt !== null) return;
      const a = row.answers.find((x) => x.qnId === q.id);
      const sel = a?.selectedOption ?? null;
      const ok = sel === q.choices[q.ansIndex];
      questionCount += 1;
      if (sel !== null) attempted += 1;
      if (ok) correct += 1;
      add(`exam:${quiz.quiz.exam}`, ok);
      add(`topic:${q.topic ?? 'No topic'}`, ok);
      if (typeof a?.timeSpentMs === 'number') {
        yours.push(a.timeSpentMs);
        const top = items[i]!.top10MedianMs;
        if (top !== null) compared.push({ yours: a.timeSpentMs, top });
      }
    });
  }
  const rows = (prefix: string) =>
    [...tally.entries()]
      .filter(([k]) => k.startsWith(prefix))
      .map(([k, s]) => ({ label: k.slice(prefix.length), ...s, accuracy: pct(s.correct, s.questions) }))
      .sort((a, b) => a.accuracy - b.accuracy || b.questions - a.questions || a.label.localeCompare(b.label));
  expect(body.byExam).toEqual(rows('exam:'));
  expect(body.byTopic).toEqual(rows('topic:'));
  expect(body.strategy).toEqual({
    questions: questionCount,
    attempted,
    skipped: questionCount - attempted,
    correct,
    accuracyOnAttempted: attempted ? pct(correct, attempted) : null,
  });
  expect(body.speed.timedQuestions).toBe(yours.length);
  expect(body.speed.yourAvgMs).toBe(
    yours.length ? Math.round(yours.reduce((s, x) => s + x, 0) / yours.length) : null,
  );
  // The mean of the compared questions' top-10% medians, to within the response's rounding.
  const topAvg = compared.length ? compared.reduce((s, x) => s + x.top, 0) / compared.length : null;
  expect(
    body.speed.top10MedianMs === null || topAvg === null
      ? body.speed.top10MedianMs === topAvg
      : Math.abs(body.speed.top10MedianMs - topAvg) <= 0.5 + 1e-9,
  ).toBe(true);
  return body;
}

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

describe(`answer-key correction (${testDatabaseKind})`, () => {
  let t: TestApp;
  let admin: UserRow;
  const learners: UserRow[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ now: START });
    admin = await createStudent(t.db, { role: 'admin', name: 'Key Keeper' });
    for (let i = 0; i < 25; i++) learners.push(await createStudent(t.db));
  });

  afterAll(async () => {
    await t?.close();
  });

  /** The same questions and the same attempts in several quizzes, differing only in their keys. */
  async function twins(keys: number[][], dropFromLast = -1) {
    const rng = mulberry32(99);
    const base = seeds(7, ['Ratio', 'Series'], rng);
    const window = { startAt: new Date(START.getTime() - HOUR), endAt: new Date(START.getTime() + HOUR) };
    const made: CreatedQuiz[] = [];
    for (const [k, key] of keys.entries()) {
      let questionSeeds = base.map((q, i) => ({ ...q, ansIndex: key[i]! }));
      if (k === keys.length - 1 && dropFromLast >= 0)
        questionSeeds = questionSeeds.filter((_, i) => i !== dropFromLast);
      made.push(await createQuiz(t.db, { ...window, markCorrect: 4, markWrong: 1 }, questionSeeds));
    }
    const answerRng = mulberry32(7);
    for (const learner of learners) {
      // Picks by choice text, identical across the twins (texts match position by position).
      const picks = base.map(() => (answerRng() < 0.15 ? null : Math.floor(answerRng() * 4)));
      const elapsed = [200_000, 250_000][Math.floor(answerRng() * 2)]!;
      for (const quiz of made) {
        const answers = base.flatMap((q, i) => {
          const question = quiz.questions.find((x) => x.qn === q.qn);
          return question
            ? [{ qnId: question.id, selectedOption: picks[i] === null ? null : q.choices[picks[i]!]! }]
            : [];
        });
        await submit(t, quiz, learner, answers, elapsed);
      }
    }
    await publishAll(t, new Date(START.getTime() + HOUR + GRACE_MS));
    return made;
  }

  const standings = async (quiz: CreatedQuiz) =>
    new Map(
      (await attemptsOf(t, quiz.quiz.id)).map((a) => [
        a.userId,
        { score: a.score, correct: a.correctCount, rank: a.rank },
      ]),
    );

  /** The admin's item analysis of a quiz, the figures a key changes. */
  const items = async (q: CreatedQuiz) =>
    itemAnalysisResponseSchema
      .parse((await get(t, analyticsPath.adminItems(q.quiz.id), admin)).json())
      .items.map(({ facility, discrimination, options, flags }: ItemAnalysisResponse['items'][number]) => ({
        facility,
        discrimination,
        options,
        flags,
      }));

  async function correct(quiz: CreatedQuiz, payload: Record<string, unknown>, user: UserRow = admin) {
    return t.app.inject({
      method: 'POST',
      url: `/api${analyticsPath.adminKeyCorrections(quiz.quiz.id)}`,
      headers: await bearerFor(user, t.clock),
      payload,
    });
  }

  it('re-scores and re-ranks exactly as a fresh publication with the right key would, and is idempotent', async () => {
    const right = [0, 1, 2, 3, 0, 1, 2];
    const wrong = [...right];
    wrong[2] = 3;
    const [corrected, fresh] = await twins([wrong, right]);
    const before = await standings(corrected!);
    const learner = learners.find((l) => {
      const a = before.get(l.id)!;
      return a !== undefined;
    })!;
    const summaryBefore = quizSummaryResponseSchema.parse(
      (await get(t, `/quizzes/participant/quiz-summary/${corrected!.quiz.id}`, learner)).json(),
    );

    const res = await correct(corrected!, {
      questionId: corrected!.questions[2]!.id,
      ansIndex: 2,
      reason: 'Provisional key was wrong',
    });
    expect(res.statusCode).toBe(200);
    const body = keyCorrectionResponseSchema.parse(res.json());
    expect(body).toMatchObject({ changed: true, rescored: 25, participants: 25 });
    expect(body.correction).toMatchObject({
      number: 3,
      oldAnsIndex: 3,
      newAnsIndex: 2,
      dropped: false,
      adminName: 'Key Keeper',
    });

    const after = await standings(corrected!);
    expect(after).toEqual(await standings(fresh!));
    expect(after).not.toEqual(before);
    const [a, b] = await Promise.all(
      [corrected!, fresh!].map(
        async (q) => (await t.db.select().from(quizzes).where(eq(quizzes.id, q.quiz.id)))[0]!,
      ),
    );
    expect(a!.participantCount).toBe(b!.participantCount);

    // The item analysis was refreshed with the new key and matches the fresh quiz's.
    expect(await items(corrected!)).toEqual(await items(fresh!));

    // The learner sees the new result at once, and the note.
    const summaryAfter = quizSummaryResponseSchema.parse(
      (await get(t, `/quizzes/participant/quiz-summary/${corrected!.quiz.id}`, learner)).json(),
    );
    expect(summaryAfter.data.quizzSummary.score).toBe(after.get(learner.id)!.score);
    expect(summaryAfter.data.rank).toBe(after.get(learner.id)!.rank);
    expect(summaryAfter.data.quizDetails.questions[2]!.ansIndex).toBe(2);
    expect(summaryBefore.data.quizDetails.questions[2]!.ansIndex).toBe(3);
    const analysis = quizAnalysisResponseSchema.parse(
      (await get(t, analyticsPath.quiz(corrected!.quiz.id), learner)).json(),
    );
    expect(analysis.corrections).toEqual([
      { number: 3, correctedAt: t.clock.now().toISOString(), dropped: false },
    ]);

    // Again: nothing changes and nothing more is recorded.
    const again = keyCorrectionResponseSchema.parse(
      (
        await correct(corrected!, { questionId: corrected!.questions[2]!.id, ansIndex: 2, reason: 'Twice' })
      ).json(),
    );
    expect(again).toMatchObject({ changed: false, correction: null });
    expect(await standings(corrected!)).toEqual(after);
    const recorded = await t.db
      .select()
      .from(keyCorrections)
      .where(eq(keyCorrections.quizId, corrected!.quiz.id));
    expect(recorded).toHaveLength(1);
    // One audit entry for the one real change (the repeat changed nothing and logged nothing).
    const audited = auditLogResponseSchema
      .parse((await get(t, '/admin/audit-log?limit=100', admin)).json())
      .entries.filter((e) => e.targetId === corrected!.quiz.id);
    expect(audited.map((e) => [e.action, e.details.oldAnsIndex, e.details.newAnsIndex])).toEqual([
      ['quiz.key_correction', 3, 2],
    ]);
    expect(recorded[0]).toMatchObject({
      adminId: admin.id,
      oldAnsIndex: 3,
      newAnsIndex: 2,
      reason: 'Provisional key was wrong',
    });
  });

  it('a quiz analysed before its answer bit strings existed (published before 0013) is corrected with whole figures', async () => {
    // The first test's keys and correction (its groups have no ties at the 27% boundaries, which
    // would split by attempt id differently in the two quizzes).
    const right = [0, 1, 2, 3, 0, 1, 2];
    const wrong = [...right];
    wrong[2] = 3;
    const [corrected, fresh] = await twins([wrong, right]);
    // Migration 0015 counts a quiz with an item analysis as analysed; one published before 0013 has
    // marks (backfilled) but no bit strings: the correction must build them, not read them empty.
    await t.db.delete(itemAnswers).where(eq(itemAnswers.quizId, corrected!.quiz.id));
    const res = await correct(corrected!, {
      questionId: corrected!.questions[2]!.id,
      ansIndex: 2,
      reason: 'Provisional key was wrong',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await items(corrected!);
    expect(after).toEqual(await items(fresh!));
    expect(after.some((item) => item.facility > 0)).toBe(true);
  });

  it('dropping a question scores it for no one, exactly as a quiz without it would rank', async () => {
    const key = [1, 1, 2, 2, 3, 3, 0];
    const [dropped, without] = await twins([key, key], 4);
    const res = await correct(dropped!, {
      questionId: dropped!.questions[4]!.id,
      drop: true,
      reason: 'Two right options',
    });
    expect(res.statusCode).toBe(200);
    expect(keyCorrectionResponseSchema.parse(res.json()).correction).toMatchObject({
      dropped: true,
      newAnsIndex: null,
    });
    expect(await standings(dropped!)).toEqual(await standings(without!));

    // The admin audit log has the drop, with who and why (issue 15 item 8).
    const log = auditLogResponseSchema
      .parse((await get(t, '/admin/audit-log?limit=100', admin)).json())
      .entries.filter((e) => e.targetId === dropped!.quiz.id);
    expect(log).toEqual([
      expect.objectContaining({
        action: 'quiz.key_correction',
        actor: 'Key Keeper',
        actorId: admin.id,
        targetType: 'quiz',
        details: expect.objectContaining({
          questionId: dropped!.questions[4]!.id,
          dropped: true,
          newAnsIndex: null,
          reason: 'Two right options',
        }),
      }),
    ]);
  });

  it('a chain of corrections (new key, drop, restore with another key) ends exactly where a fresh publication with the last key would', async () => {
    const last = [2, 0, 3, 1, 2, 0, 3];
    const provisional = [...last];
    provisional[3] = 0;
    const [chained, fresh] = await twins([provisional, last]);
    const q4 = chained!.questions[3]!.id;
    for (const payload of [
      { questionId: q4, ansIndex: 2, reason: 'Second thoughts' },
      { questionId: q4, drop: true, reason: 'Ambiguous' },
      { questionId: q4, ansIndex: 1, reason: 'Settled: B' },
    ]) {
      const res = await correct(chained!, payload);
      expect(res.statusCode).toBe(200);
      expect(keyCorrectionResponseSchema.parse(res.json())).toMatchObject({ changed: true, rescored: 25 });
    }
    expect(await standings(chained!)).toEqual(await standings(fresh!));
    // The refreshed item analysis equals the definition computed over the attempts with the last key
    // (not the fresh twin's: its attempt ids, the last tie-break, differ).
    const body = itemAnalysisResponseSchema.parse(
      (await get(t, analyticsPath.adminItems(chained!.quiz.id), admin)).json(),
    );
    const finalKey = {
      ...chained!,
      questions: chained!.questions.map((q, i) => ({ ...q, ansIndex: last[i]! })),
    };
    const expected = bruteItems(finalKey, await attemptsOf(t, chained!.quiz.id));
    expect(body.items.map((i) => i.dropped)).toEqual(last.map(() => false));
    expectItemsAsBruteForce(body.items, expected);
  });

  it("a dropped question's review cards leave every learner's queue (suspended), in the correction's transaction", async () => {
    const key = [0, 0, 1, 1, 2, 2, 3];
    const [quiz] = await twins([key]);
    const q2 = quiz!.questions[1]!.id;
    const cardsOf = async (questionId: string) =>
      t.db.select().from(reviewCards).where(eq(reviewCards.questionId, questionId));
    const before = await cardsOf(q2);
    // Publication made cards for the learners who got question 2 wrong or skipped it.
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((c) => c.suspendedAt === null)).toBe(true);
    const owner = learners.find((l) => l.id === before[0]!.userId)!;
    const queue = async () => {
      const res = await get(t, '/review/queue?limit=100', owner);
      expect(res.statusCode).toBe(200);
      return reviewQueueResponseSchema.parse(res.json());
    };
    const suspendedBefore = (await queue()).counts.suspended;

    const res = await correct(quiz!, { questionId: q2, drop: true, reason: 'Misprint' });
    expect(res.statusCode).toBe(200);
    const after = await cardsOf(q2);
    expect(after).toHaveLength(before.length);
    expect(after.every((c) => c.suspendedAt?.getTime() === t.clock.now().getTime())).toBe(true);
    const queued = await queue();
    expect(queued.cards.filter((c) => c.questionId === q2)).toEqual([]);
    expect(queued.counts.suspended).toBe(suspendedBefore + 1);
    // The other questions' cards are untouched.
    expect((await cardsOf(quiz!.questions[0]!.id)).every((c) => c.suspendedAt === null)).toBe(true);
  });

  it("migration 0013's backfill writes the same narrow marks as publication does", async () => {
    const [quiz] = await twins([[3, 1, 0, 2, 3, 1, 0]]);
    const marksOf = async () =>
      (await t.db.select().from(attemptMarks).where(eq(attemptMarks.quizId, quiz!.quiz.id))).sort((a, b) =>
        a.attemptId.localeCompare(b.attemptId),
      );
    const published = await marksOf();
    expect(published).toHaveLength(25);
    await t.db.delete(attemptMarks).where(eq(attemptMarks.quizId, quiz!.quiz.id));
    expect(await marksOf()).toEqual([]);
    const migration = readFileSync(
      new URL('../src/db/migrations/0013_analytics3_attempt_marks.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    expect(backfill).toContain('DO $$');
    await t.db.execute(sql.raw(backfill));
    expect(await marksOf()).toEqual(published);
  });

  it('bad input gets one 400 listing every problem', async () => {
    const [quiz] = await twins([[0, 0, 0, 0, 0, 0, 0]]);
    const unknown = await correct(quiz!, { questionId: '00000000-0000-4000-8000-000000000000', ansIndex: 9 });
    expect(unknown.statusCode).toBe(400);
    expect(errorBodySchema.parse(unknown.json()).message).toEqual([
      'questionId: no such question in this quiz',
      "ansIndex: the key must be one of the question's choices",
      'reason: A reason is required',
    ]);
    const outside = await correct(quiz!, { questionId: quiz!.questions[0]!.id, ansIndex: 4, reason: '  ' });
    expect(errorBodySchema.parse(outside.json()).message).toEqual([
      "ansIndex: the key must be one of the question's 4 choices (0–3)",
      'reason: A reason is required',
    ]);
    const neither = await correct(quiz!, { questionId: quiz!.questions[0]!.id, reason: 'x' });
    expect(neither.statusCode).toBe(400);
    expect(JSON.stringify(neither.json())).toContain('Give either a new answer or drop: true');
    expect(
      await t.db.select().from(keyCorrections).where(eq(keyCorrections.quizId, quiz!.quiz.id)),
    ).toHaveLength(0);
  });

  it('publication never fails on odd saved timings: a non-number time is ignored, not an error', async () => {
    const window = { startAt: new Date(START.getTime() - HOUR), endAt: new Date(START.getTime() + HOUR) };
    const quiz = await createQuiz(t.db, window, seeds(2, ['Odd'], mulberry32(5)));
    const odd = [
      { qnId: quiz.questions[0]!.id, selectedOption: quiz.questions[0]!.choices[0]!, timeSpentMs: 'soon' },
      { qnId: quiz.questions[1]!.id, selectedOption: null, timeSpentMs: 4000 },
    ] as unknown as SavedAnswer[];
    await submit(t, quiz, learners[0]!, odd, 100_000);
    await publishAll(t, new Date(START.getTime() + HOUR + GRACE_MS));
    const [row] = await t.db.select().from(quizzes).where(eq(quizzes.id, quiz.quiz.id));
    expect(row!.resultsPublishedAt).not.toBeNull();
    const items = itemAnalysisResponseSchema.parse(
      (await get(t, analyticsPath.adminItems(quiz.quiz.id), admin)).json(),
    );
    expect(items.items.map((i) => i.avgTimeMs)).toEqual([null, 4000]);
  });

  it('concurrent corrections of one quiz are serialised: both land, the result equals applying them in turn', async () => {
    const right = [3, 2, 1, 0, 3, 2, 1];
    const wrong = [0, 2, 1, 0, 3, 2, 2];
    const [corrected, fresh] = await twins([wrong, right]);
    const results = await Promise.all([
      correct(corrected!, { questionId: corrected!.questions[0]!.id, ansIndex: 3, reason: 'Q1 key' }),
      correct(corrected!, { questionId: corrected!.questions[6]!.id, ansIndex: 1, reason: 'Q7 key' }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await standings(corrected!)).toEqual(await standings(fresh!));
  });
});

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

// Seeds the whole demo and analyses it (~11 s on PGlite beside the browser tests; 30 s was passed
// with the machine loaded by a benchmark).
describe(`analytics of the demo data (${testDatabaseKind})`, { timeout: 90_000 }, () => {
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
