/**
 * The benchmark's seeders (bench/fixture.ts seed): each fills a fresh database for one scenario and
 * returns what the load generator needs (tokens, ids). Outside the measurement.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import { attempts, questions, quizzes, reviewCards, sessions, users } from '../apps/server/src/db/schema';
import { signSessionToken } from '../apps/server/src/modules/auth/session-token';
import { ResultsRepository } from '../apps/server/src/modules/results/results.repository';
import { buildStudent, createQuiz } from '../apps/server/src/seed/factories';
import type { Fixture } from './herd-shape.mjs';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const CHUNK = 2000;

function jwtSecret(): string {
  const secret = process.env.BENCH_JWT_SECRET;
  if (!secret) throw new Error('set BENCH_JWT_SECRET');
  return secret;
}

/** `n` students, inserted in chunks; returns their ids with signed session tokens. */
export async function createStudents(database: Database, n: number, prefix: string, now: Date) {
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

export async function seedHerd(database: Database, students: number): Promise<Fixture> {
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

export async function seedList(database: Database, readers: number): Promise<Fixture> {
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
export async function seedSummary(database: Database, n: number, readers: number): Promise<Fixture> {
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
export async function seedReview(database: Database, learners: number, cards: number): Promise<Fixture> {
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
