/** Fixtures and brute-force checks shared by the analytics API tests (analytics*.api.test.ts). */
import { expect } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { markAttempt, type MarkingScheme } from '../../src/modules/marking/marking';
import { percentileForRank } from '@quizcast/contract/domain/percentile';
import {
  progressResponseSchema,
  type ItemAnalysisResponse,
  type ProgressResponse,
} from '@quizcast/contract/schemas/analytics';
import { attempts, questions, quizzes, type SavedAnswer } from '../../src/db/schema';
import {
  createAttempt,
  type AttemptRow,
  type CreatedQuiz,
  type QuestionSeed,
  type UserRow,
} from '../../src/seed/factories';
import { bearerFor, type TestApp } from '../helpers';

export const MIN = 60_000;
export const HOUR = 60 * MIN;
export const GRACE_MS = 30_000;
export const START = new Date('2026-11-22T10:00:00Z');

export function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const round1 = (n: number) => Math.round(n * 10) / 10;
export const round2 = (n: number) => Math.round(n * 100) / 100;
export const pct = (part: number, whole: number) => (whole > 0 ? round1((part / whole) * 100) : 0);

export function seeds(count: number, topics: (string | null)[], rng: () => number): QuestionSeed[] {
  return Array.from({ length: count }, (_, i) => ({
    qn: `Question ${i + 1}?`,
    choices: ['alpha', 'beta', 'gamma', 'delta'].map((c) => `${c} ${i}`),
    ansIndex: Math.floor(rng() * 4),
    topic: topics[i % topics.length] ?? null,
  }));
}

/** Random answers: skips (entry missing or null), a skill-biased pick, time on screen for some attempts. */
export function randomAnswers(
  quiz: CreatedQuiz,
  rng: () => number,
  skill: number,
  timed: boolean,
): SavedAnswer[] {
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

export function marking(quiz: CreatedQuiz): MarkingScheme {
  return { correct: quiz.quiz.markCorrect, wrong: quiz.quiz.markWrong };
}

export async function submit(
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

export async function get(t: TestApp, url: string, user?: UserRow) {
  return t.app.inject({
    method: 'GET',
    url: `/api${url}`,
    headers: user ? await bearerFor(user, t.clock) : {},
  });
}

export async function publishAll(t: TestApp, at: Date) {
  t.clock.set(at);
  await t.app.sweeper.runOnce();
}

export async function attemptsOf(t: TestApp, quizId: string): Promise<AttemptRow[]> {
  return t.db.select().from(attempts).where(eq(attempts.quizId, quizId));
}

// ---- brute force -----------------------------------------------------------------------------

export function median(values: number[]): number | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = (s.length - 1) / 2;
  return (s[Math.floor(mid)]! + s[Math.ceil(mid)]!) / 2;
}

/** Item analysis by definition, from every ranked attempt in memory. */
export function bruteItems(quiz: CreatedQuiz, rows: AttemptRow[]) {
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
export function expectItemsAsBruteForce(
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

export type ItemFigures = Pick<
  ItemAnalysisResponse['items'][number],
  'number' | 'facility' | 'discrimination' | 'options' | 'skipped' | 'avgTimeMs'
> & { flags: string[] };

/** A quiz as the database has it now (keys and drops after corrections). */
export async function current(t: TestApp, quiz: CreatedQuiz): Promise<CreatedQuiz> {
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
export async function expectProgress(
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
