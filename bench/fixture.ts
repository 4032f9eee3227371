/**
 * Benchmark data, outside the measurement: `seed` fills a database for one scenario and writes what
 * the load generator needs (tokens, ids) to a JSON file; `verify` checks, after the run, that the
 * database holds exactly what the load generator saw acknowledged.
 *
 *   tsx bench/fixture.ts seed <herd|list|summary|review> <fixture.json>
 *   tsx bench/fixture.ts verify <fixture.json> <acks.json>
 *
 * The database is BENCH_DB_URL (PostgreSQL) or BENCH_DB_DIR (a PGlite data dir); bench/run.mjs sets
 * one of them. Sizes: BENCH_STUDENTS (herd, summary), BENCH_READERS (tokens for list/summary),
 * BENCH_CARDS and BENCH_REVIEW_LEARNERS (review: that many learners with that many due cards each).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { openPglite, openPostgres, type Database } from '../apps/server/src/db/client';
import {
  attempts,
  questions,
  quizzes,
  reviewCards,
  reviewLogs,
  sessions,
  users,
} from '../apps/server/src/db/schema';
import { signSessionToken } from '../apps/server/src/modules/auth/session-token';
import { ResultsRepository } from '../apps/server/src/modules/results/results.repository';
import { buildStudent, createQuiz } from '../apps/server/src/seed/factories';
import { answersForRound, gradingOf, type AckFile, type Fixture, type ReviewAckFile } from './herd-shape.mjs';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const CHUNK = 2000;

function open(): Promise<Database> {
  if (process.env.BENCH_DB_URL) return openPostgres(process.env.BENCH_DB_URL, 4);
  if (process.env.BENCH_DB_DIR) return openPglite(process.env.BENCH_DB_DIR);
  throw new Error('set BENCH_DB_URL or BENCH_DB_DIR');
}

function jwtSecret(): string {
  const secret = process.env.BENCH_JWT_SECRET;
  if (!secret) throw new Error('set BENCH_JWT_SECRET');
  return secret;
}

/** `n` students, inserted in chunks; returns their ids with signed session tokens. */
async function createStudents(database: Database, n: number, prefix: string, now: Date) {
  const secret = jwtSecret();
  const dayLater = new Date(now.getTime() + 24 * 3_600_000);
  const out: { id: string; token: string }[] = [];
  for (let offset = 0; offset < n; offset += CHUNK) {
    const rows = await database.db
      .insert(users)
      .values(
        Array.from({ length: Math.min(CHUNK, n - offset) }, (_, i) =>
          buildStudent({
            phNo: `${prefix}${String(offset + i).padStart(9, '0')}`,
            name: `Bench ${offset + i}`,
          }),
        ),
      )
      .returning({ id: users.id, role: users.role });
    // A server-side session per student (ADR 015), as a login makes: the token names it.
    const made = await database.db
      .insert(sessions)
      .values(rows.map((r) => ({ userId: r.id, createdAt: now, lastUsedAt: now, expiresAt: dayLater })))
      .returning({ id: sessions.id, userId: sessions.userId });
    const roleOf = new Map(rows.map((r) => [r.id, r.role]));
    for (const m of made) {
      const token = await signSessionToken(
        secret,
        { sub: m.userId, role: roleOf.get(m.userId)!, sid: m.id },
        1,
        now,
      );
      out.push({ id: m.userId, token });
    }
  }
  return out;
}

async function seedHerd(database: Database, students: number): Promise<Fixture> {
  const now = new Date();
  const { quiz, questions } = await createQuiz(
    database.db,
    {
      name: 'Herd quiz',
      durationMin: 180,
      startAt: new Date(now.getTime() - MIN),
      endAt: new Date(now.getTime() + 6 * 60 * MIN),
    },
    Array.from({ length: 10 }, (_, i) => ({
      qn: `Question ${i + 1}: which option is correct?`,
      choices: ['Option A', 'Option B', 'Option C', 'Option D'],
      ansIndex: i % 4,
    })),
    now,
  );
  const people = await createStudents(database, students, '8', now);
  return {
    scenario: 'herd',
    quizId: quiz.id,
    questions: questions.map((q) => ({ id: q.id, choices: q.choices })),
    tokens: people.map((p) => p.token),
    userIds: people.map((p) => p.id),
  };
}

async function seedList(database: Database, readers: number): Promise<Fixture> {
  const now = new Date();
  // 30 published quizzes in every state (live, upcoming, ended), like a busy catalogue.
  for (let i = 0; i < 30; i++) {
    const start = now.getTime() + (i % 3 === 0 ? -2 : i % 3 === 1 ? 24 : -72) * 60 * MIN + i * MIN;
    await createQuiz(
      database.db,
      {
        name: `List quiz ${i + 1}`,
        startAt: new Date(start),
        endAt: new Date(start + 48 * 60 * MIN),
        pricePaise: i % 4 === 0 ? 1000 : 0,
      },
      undefined,
      now,
    );
  }
  const people = await createStudents(database, readers, '7', now);
  return { scenario: 'list', tokens: people.map((p) => p.token), userIds: [] };
}

/** A closed quiz with `n` submitted attempts, published by the sweeper's own code; readers' tokens. */
async function seedSummary(database: Database, n: number, readers: number): Promise<Fixture> {
  const db = database.db;
  const now = new Date();
  const endAt = new Date(now.getTime() - 5 * MIN);
  const { quiz, questions } = await createQuiz(
    db,
    { name: 'Results quiz', durationMin: 30, startAt: new Date(endAt.getTime() - 24 * 60 * MIN), endAt },
    Array.from({ length: 20 }, (_, i) => ({
      qn: `Question ${i + 1}`,
      choices: ['A', 'B', 'C', 'D'],
      ansIndex: i % 4,
      explanation: `Explanation ${i + 1}`,
    })),
  );
  const people = await createStudents(database, n, '6', now);
  let rng = 12345;
  const rand = (k: number) => {
    rng = (rng * 1103515245 + 12345) % 2147483648;
    return rng % k;
  };
  for (let offset = 0; offset < people.length; offset += CHUNK) {
    await db.insert(attempts).values(
      people.slice(offset, offset + CHUNK).map((person) => {
        const startedAt = new Date(endAt.getTime() - (60 + rand(600)) * MIN);
        const correct = rand(21);
        const elapsedMs = (5 + rand(25)) * MIN + rand(60) * 1000;
        return {
          quizId: quiz.id,
          userId: person.id,
          status: 'submitted' as const,
          startedAt,
          deadlineAt: new Date(startedAt.getTime() + 30 * MIN),
          submittedAt: new Date(startedAt.getTime() + elapsedMs),
          answers: questions.map((q, k) => ({
            qnId: q.id,
            selectedOption: k < correct ? q.choices[q.ansIndex]! : q.choices[(q.ansIndex + 1) % 4]!,
          })),
          score: correct,
          correctCount: correct,
          elapsedMs,
        };
      }),
    );
  }
  const started = performance.now();
  const outcome = await new ResultsRepository(db).publish(quiz.id, now, 30);
  const publishMs = performance.now() - started;
  if (!outcome.published) throw new Error('publication failed');
  return {
    scenario: 'summary',
    quizId: quiz.id,
    tokens: people.slice(0, readers).map((p) => p.token),
    userIds: [],
    attempts: people.length,
    publishMs,
  };
}

/**
 * Review: `learners` learners, each with the same `cards` questions as review cards (a published quiz
 * they got wrong), every card seen before (the Review state, two reviews applied) and due over the
 * last five days, so all are due now: the shape issue 13's targets were set on (one learner, 10,000
 * cards), several times over so the queue is read by different learners in turn.
 */
async function seedReview(database: Database, learners: number, cards: number): Promise<Fixture> {
  const db = database.db;
  const now = new Date();
  const [quiz] = await db
    .insert(quizzes)
    .values({
      name: 'Bench review quiz',
      exam: 'SSC',
      class: 'Preparing for Competitive exams',
      durationMin: 60,
      startAt: new Date(now.getTime() - 40 * DAY),
      endAt: new Date(now.getTime() - 39 * DAY),
      resultsPublishedAt: new Date(now.getTime() - 39 * DAY),
    })
    .returning({ id: quizzes.id });
  const questionIds: string[] = [];
  for (let offset = 0; offset < cards; offset += CHUNK) {
    const rows = await db
      .insert(questions)
      .values(
        Array.from({ length: Math.min(CHUNK, cards - offset) }, (_, j) => ({
          quizId: quiz!.id,
          position: offset + j,
          qn: `Question ${offset + j + 1}: which option is correct?\nRead carefully.`,
          choices: ['Option A', 'Option B', 'Option C', 'None of the above'],
          ansIndex: (offset + j) % 4,
          explanation: 'Because the bench says so.',
        })),
      )
      .returning({ id: questions.id });
    questionIds.push(...rows.map((r) => r.id));
  }
  const people = await createStudents(database, learners, '5', now);
  const createdAt = new Date(now.getTime() - 30 * DAY);
  const cardIds: string[][] = [];
  for (const person of people) {
    const mine: string[] = [];
    for (let offset = 0; offset < cards; offset += CHUNK) {
      const rows = await db
        .insert(reviewCards)
        .values(
          questionIds.slice(offset, offset + CHUNK).map((questionId, j) => {
            const k = offset + j;
            return {
              userId: person.id,
              questionId,
              source: 'wrong' as const,
              initialRating: 1,
              due: new Date(now.getTime() - (k % 5) * DAY - MIN),
              stability: 3 + (k % 7),
              difficulty: 5,
              scheduledDays: 3,
              learningSteps: 0,
              reps: 3,
              lapses: 0,
              state: 2,
              lastReview: new Date(now.getTime() - 8 * DAY),
              reviewCount: 2,
              createdAt,
            };
          }),
        )
        .returning({ id: reviewCards.id });
      mine.push(...rows.map((r) => r.id));
    }
    cardIds.push(mine);
  }
  // What autovacuum does after a bulk insert (statistics, and the visibility map the queue's
  // index-only counts rely on), done here so the figures do not depend on its timing.
  await db.execute(sql.raw('vacuum analyze review_cards'));
  await db.execute(sql.raw('analyze'));
  return {
    scenario: 'review',
    tokens: people.map((p) => p.token),
    userIds: people.map((p) => p.id),
    cards: cardIds,
  };
}

/** Herd: every student's attempt exactly matches what was acknowledged. Returns the problems. */
async function verifyHerd(database: Database, fixture: Fixture, acks: AckFile): Promise<string[]> {
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
async function verifySummary(database: Database, fixture: Fixture): Promise<string[]> {
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
async function verifyReview(database: Database, fixture: Fixture, acks: ReviewAckFile): Promise<string[]> {
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

async function main() {
  const [command, ...args] = process.argv.slice(2);
  const database = await open();
  try {
    if (command === 'seed') {
      const [scenario, out] = args as [string, string];
      await database.migrate();
      const students = Number(process.env.BENCH_STUDENTS ?? 2000);
      const readers = Number(process.env.BENCH_READERS ?? 5000);
      const started = performance.now();
      const fixture =
        scenario === 'herd'
          ? await seedHerd(database, students)
          : scenario === 'list'
            ? await seedList(database, readers)
            : scenario === 'review'
              ? await seedReview(
                  database,
                  Number(process.env.BENCH_REVIEW_LEARNERS ?? 5),
                  Number(process.env.BENCH_CARDS ?? 10_000),
                )
              : await seedSummary(database, students, Math.min(readers, students));
      fixture.seedMs = performance.now() - started;
      writeFileSync(out, JSON.stringify(fixture));
    } else if (command === 'verify') {
      const [fixtureFile, acksFile] = args as [string, string];
      const fixture = JSON.parse(readFileSync(fixtureFile, 'utf8')) as Fixture;
      const acked: unknown = existsSync(acksFile) ? JSON.parse(readFileSync(acksFile, 'utf8')) : null;
      const problems =
        fixture.scenario === 'herd'
          ? await verifyHerd(
              database,
              fixture,
              (acked as AckFile | null) ?? { started: [], savedRound: [], submitted: [] },
            )
          : fixture.scenario === 'summary'
            ? await verifySummary(database, fixture)
            : fixture.scenario === 'review'
              ? acked
                ? await verifyReview(database, fixture, acked as ReviewAckFile)
                : ['no gradings were recorded']
              : [];
      for (const p of problems.slice(0, 20)) console.error(`  ${p}`);
      if (problems.length) process.exitCode = 1;
    } else {
      throw new Error(`unknown command ${command}`);
    }
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
