/**
 * Benchmark data, outside the measurement: `seed` fills a database for one scenario and writes what
 * the load generator needs (tokens, ids) to a JSON file; `verify` checks, after the run, that the
 * database holds exactly what the load generator saw acknowledged.
 *
 *   tsx bench/fixture.ts seed <herd|list|summary> <fixture.json>
 *   tsx bench/fixture.ts verify <fixture.json> <acks.json>
 *
 * The database is BENCH_DB_URL (PostgreSQL) or BENCH_DB_DIR (a PGlite data dir); bench/run.mjs sets
 * one of them. Sizes: BENCH_STUDENTS (herd, summary), BENCH_READERS (tokens for list/summary).
 */
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { openPglite, openPostgres, type Database } from '../apps/server/src/db/client';
import { attempts, sessions, users } from '../apps/server/src/db/schema';
import { signSessionToken } from '../apps/server/src/modules/auth/session-token';
import { ResultsRepository } from '../apps/server/src/modules/results/results.repository';
import { buildStudent, createQuiz } from '../apps/server/src/seed/factories';
import { answersForRound, type AckFile, type Fixture } from './herd-shape.mjs';

const MIN = 60_000;
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
    publishMs,
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

async function verifySummary(database: Database, fixture: Fixture): Promise<string[]> {
  const [ranked] = await database.db
    .select({ n: count() })
    .from(attempts)
    .where(and(eq(attempts.quizId, fixture.quizId!), isNotNull(attempts.rank)));
  console.log(`verify: ${ranked?.n} ranked attempts`);
  return [];
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
            : await seedSummary(database, students, Math.min(readers, students));
      fixture.seedMs = performance.now() - started;
      writeFileSync(out, JSON.stringify(fixture));
    } else if (command === 'verify') {
      const [fixtureFile, acksFile] = args as [string, string];
      const fixture = JSON.parse(readFileSync(fixtureFile, 'utf8')) as Fixture;
      const acks: AckFile = existsSync(acksFile)
        ? (JSON.parse(readFileSync(acksFile, 'utf8')) as AckFile)
        : { started: [], savedRound: [], submitted: [] };
      const problems =
        fixture.scenario === 'herd'
          ? await verifyHerd(database, fixture, acks)
          : fixture.scenario === 'summary'
            ? await verifySummary(database, fixture)
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
