/**
 * The benchmark's checks (bench/fixture.ts verify): after a run, the database holds exactly what the
 * load generator saw acknowledged. Each returns the problems it found.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import { attempts, quizzes, reviewCards, reviewLogs } from '../apps/server/src/db/schema';
import { answersForRound, gradingOf, type AckFile, type Fixture, type ReviewAckFile } from './herd-shape.mjs';

/** Herd: every student's attempt exactly matches what was acknowledged. Returns the problems. */
export async function verifyHerd(database: Database, fixture: Fixture, acks: AckFile): Promise<string[]> {
  const problems: string[] = [];
  const rows = await database.db
    .select({ userId: attempts.userId, status: attempts.status, answers: attempts.answers })
    .from(attempts)
    .where(eq(attempts.quizId, fixture.quizId!));
  const byUser = new Map<string, (typeof rows)[number][]>();
  for (const r of rows) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r]);
  let checked = 0;
  fixture.userIds.forEach((userId, i) => {
    const mine = byUser.get(userId) ?? [];
    if (mine.length > 1) problems.push(`student ${i}: ${mine.length} attempts`);
    const row = mine[0];
    if (acks.started[i] && !row) problems.push(`student ${i}: start acknowledged, no attempt stored`);
    if (!row) return;
    if (acks.submitted[i] && row.status !== 'submitted')
      problems.push(`student ${i}: submit acknowledged, status ${row.status}`);
    const round = acks.savedRound[i] ?? 0;
    if (round > 0) {
      const expected = answersForRound(fixture.questions!, round);
      const stored = new Map(row.answers.map((a) => [a.qnId, a.selectedOption ?? null]));
      const same = expected.every((a) => stored.get(a.qnId) === a.selectedOption);
      if (!same) problems.push(`student ${i}: stored answers differ from acknowledged round ${round}`);
    }
    checked += 1;
  });
  const unexpected = rows.filter((r) => !fixture.userIds.includes(r.userId)).length;
  if (unexpected) problems.push(`${unexpected} attempts of unknown users`);
  console.log(
    `verify: ${rows.length} attempts for ${fixture.userIds.length} students; ${checked} checked against ` +
      `their acknowledged start/autosave/submit; ${problems.length} problems`,
  );
  return problems;
}

/**
 * Summary: publication ranked every seeded submitted attempt exactly once, with the standard
 * competition rank by score desc, elapsed time asc (ADR 009) recomputed here independently, and
 * the quiz's participant count is the number seeded.
 */
export async function verifySummary(database: Database, fixture: Fixture): Promise<string[]> {
  const problems: string[] = [];
  const seeded = fixture.attempts ?? 0;
  const [quiz] = await database.db
    .select({ published: quizzes.resultsPublishedAt, participants: quizzes.participantCount })
    .from(quizzes)
    .where(eq(quizzes.id, fixture.quizId!));
  if (!quiz?.published) problems.push('the quiz is not published');
  if (quiz?.participants !== seeded)
    problems.push(`participant count ${quiz?.participants}, ${seeded} attempts seeded`);
  const rows = await database.db
    .select({
      userId: attempts.userId,
      status: attempts.status,
      score: attempts.score,
      elapsedMs: attempts.elapsedMs,
      rank: attempts.rank,
    })
    .from(attempts)
    .where(eq(attempts.quizId, fixture.quizId!));
  if (rows.length !== seeded) problems.push(`${rows.length} attempts stored, ${seeded} seeded`);
  if (new Set(rows.map((r) => r.userId)).size !== rows.length) problems.push('a learner has two attempts');
  const unranked = rows.filter((r) => r.rank === null).length;
  if (unranked) problems.push(`${unranked} attempts without a rank`);
  const notSubmitted = rows.filter((r) => r.status !== 'submitted').length;
  if (notSubmitted) problems.push(`${notSubmitted} attempts not submitted`);
  // Standard competition rank: 1 + the number of attempts strictly ahead (higher score, or the same
  // score in less time); ties share a rank and the next rank skips.
  const key = (r: (typeof rows)[number]) => [-(r.score ?? 0), r.elapsedMs ?? 0] as const;
  const sorted = [...rows].sort((a, b) => key(a)[0] - key(b)[0] || key(a)[1] - key(b)[1]);
  let wrong = 0;
  let expected = 1;
  sorted.forEach((r, k) => {
    if (k > 0) {
      const [s0, e0] = key(sorted[k - 1]!);
      const [s1, e1] = key(r);
      if (s0 !== s1 || e0 !== e1) expected = k + 1;
    }
    if (r.rank !== null && r.rank !== expected) wrong += 1;
  });
  if (wrong) problems.push(`${wrong} attempts ranked other than by score desc, elapsed time asc`);
  const ranks = rows.filter((r) => r.rank !== null).map((r) => r.rank!);
  const first = ranks.reduce((m, r) => Math.min(m, r), Infinity);
  const last = ranks.reduce((m, r) => Math.max(m, r), 0);
  console.log(
    `verify: ${rows.length} attempts for ${seeded} seeded, ${ranks.length} ranked ` +
      `(${ranks.length ? `ranks ${first}–${last}` : 'none'}), participant count ` +
      `${quiz?.participants}; ${problems.length} problems`,
  );
  return problems;
}

/**
 * Review: every acknowledged grading is stored exactly once as a review log (its review id, rating and
 * time) and moved its card on (review count 2 → 3, last review = the grading's time, due after it);
 * no card has more than one log, and no card that was not graded changed.
 */
export async function verifyReview(
  database: Database,
  fixture: Fixture,
  acks: ReviewAckFile,
): Promise<string[]> {
  const problems: string[] = [];
  const db = database.db;
  const reviewedAt = new Date(acks.reviewedAt).getTime();
  const logs = await db
    .select({
      cardId: reviewLogs.cardId,
      userId: reviewLogs.userId,
      reviewId: reviewLogs.reviewId,
      rating: reviewLogs.rating,
      reviewedAt: reviewLogs.reviewedAt,
    })
    .from(reviewLogs)
    .where(inArray(reviewLogs.userId, fixture.userIds));
  const cards = await db
    .select({
      id: reviewCards.id,
      reviewCount: reviewCards.reviewCount,
      lastReview: reviewCards.lastReview,
      due: reviewCards.due,
    })
    .from(reviewCards)
    .where(inArray(reviewCards.userId, fixture.userIds));
  const logsOf = new Map<string, (typeof logs)[number][]>();
  for (const l of logs) logsOf.set(l.cardId, [...(logsOf.get(l.cardId) ?? []), l]);
  const cardOf = new Map(cards.map((c) => [c.id, c]));
  const seeded = fixture.cards!.reduce((n, mine) => n + mine.length, 0);
  if (cards.length !== seeded) problems.push(`${cards.length} cards stored, ${seeded} seeded`);
  const sent = new Set<string>();
  let acknowledged = 0;
  acks.graded.forEach((reviewId, i) => {
    const { learner, cardId, rating } = gradingOf(fixture, i);
    sent.add(cardId);
    if (!reviewId) return;
    acknowledged += 1;
    const mine = (logsOf.get(cardId) ?? []).filter((l) => l.reviewId === reviewId);
    if (mine.length !== 1) {
      problems.push(`grading ${i}: acknowledged, ${mine.length} logs stored`);
      return;
    }
    const log = mine[0]!;
    if (log.rating !== rating) problems.push(`grading ${i}: rating ${log.rating} stored, ${rating} sent`);
    if (log.userId !== fixture.userIds[learner]) problems.push(`grading ${i}: log of another learner`);
    if (log.reviewedAt.getTime() !== reviewedAt) problems.push(`grading ${i}: review time differs`);
    const card = cardOf.get(cardId);
    if (!card) problems.push(`grading ${i}: card missing`);
    else if (
      card.reviewCount !== 3 ||
      card.lastReview?.getTime() !== reviewedAt ||
      card.due.getTime() <= reviewedAt
    )
      problems.push(
        `grading ${i}: card not rescheduled (review count ${card.reviewCount}, due ${card.due.toISOString()})`,
      );
  });
  // The load generator sends each card at most once: more than one log, or a log of a card never
  // sent, is a write the run did not ask for. A sent grading that was not acknowledged (a timeout)
  // may still have landed; its card then has one log.
  const acknowledgedIds = new Set(acks.graded.filter((id): id is string => Boolean(id)));
  let landedUnacknowledged = 0;
  for (const [cardId, mine] of logsOf) {
    if (mine.length > 1) problems.push(`card ${cardId}: ${mine.length} logs`);
    if (!sent.has(cardId)) problems.push(`card ${cardId}: a log, never graded`);
    else if (!acknowledgedIds.has(mine[0]!.reviewId)) landedUnacknowledged += 1;
  }
  const changed = cards.filter((c) => !sent.has(c.id) && c.reviewCount !== 2).length;
  if (changed) problems.push(`${changed} cards that were not graded changed`);
  console.log(
    `verify: ${logs.length} review logs for ${acknowledged} acknowledged gradings (${sent.size} sent` +
      `${landedUnacknowledged ? `, ${landedUnacknowledged} unacknowledged that landed` : ''}); ` +
      `${cards.length} cards of ${fixture.userIds.length} learners; ${problems.length} problems`,
  );
  return problems;
}
