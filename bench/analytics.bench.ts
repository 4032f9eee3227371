/**
 * Issue 14: analytics at scale.
 *
 * 1. Item analysis of one quiz with 100,000 submitted attempts × 100 questions (each answer with a
 *    time on screen): the statement publication runs (`refreshItemAnalysis`), timed on its own.
 * 2. An answer-key correction of that quiz: re-score every attempt, re-rank with the publication's
 *    statement, refresh the item analysis, record it, in one transaction (`AnalyticsService.correctKey`).
 * 3. `GET /api/analytics/me` for a learner with 500 published attempts (500 quizzes × 20 questions,
 *    their item analysis materialised), from 10 concurrent connections against the real app on
 *    127.0.0.1. Reports p50/p99 latency.
 *
 *   npm run bench -- analytics                                                            # PGlite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- analytics
 *
 * BENCH_ATTEMPTS (default 100000), BENCH_QUESTIONS (100), BENCH_LEARNER_QUIZZES (500),
 * BENCH_READS (2000) and BENCH_CONNECTIONS (10) tune it. The data is generated inside the database
 * (generate_series), so seeding does not measure the network.
 */
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { parseEnv, type AppConfig } from '../apps/server/src/config';
import type { Db } from '../apps/server/src/db/client';
import { rawRows } from '../apps/server/src/db/raw-rows';
import { signSessionToken } from '../apps/server/src/modules/auth/session-token';
import { AnalyticsRepository } from '../apps/server/src/modules/analytics/analytics.repository';
import { AnalyticsService } from '../apps/server/src/modules/analytics/analytics.service';
import {
  itemAnalysisStatement,
  refreshItemAnalysis,
} from '../apps/server/src/modules/analytics/item-analysis';
import { rankQuizAttempts } from '../apps/server/src/modules/results/results.repository';
import { ManualClock } from '../apps/server/src/lib/clock';
import { sessions, users } from '../apps/server/src/db/schema';
import { openDatabase } from './database';

const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS ?? 100_000);
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 100);
const LEARNER_QUIZZES = Number(process.env.BENCH_LEARNER_QUIZZES ?? 500);
const LEARNER_QUESTIONS = 20;
const OTHERS_PER_QUIZ = 20;
const READS = Number(process.env.BENCH_READS ?? 2000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SECRET = randomBytes(32).toString('hex');
const CHUNK = 5000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** A published quiz with `questions` questions (key = position mod 4) and no attempts yet. */
async function makeQuiz(db: Db, name: string, questions: number, exam: string): Promise<string> {
  const [quiz] = rawRows<{ id: string }>(
    await db.execute(sql`
      insert into quizzes (name, exam, class, duration_min, start_at, end_at, mark_correct, mark_wrong, results_published_at)
      values (${name}, ${exam}, 'Preparing for Competitive exams', 60, now() - interval '2 days', now() - interval '1 day', 4, 1, now())
      returning id
    `),
  );
  await db.execute(sql`
    insert into questions (quiz_id, position, qn, choices, ans_index, topic)
    select ${quiz!.id}, p, 'Question ' || p, '["A","B","C","D"]'::jsonb, p % 4, 'Topic ' || (p % 7)
    from generate_series(0, ${questions - 1}) p
  `);
  return quiz!.id;
}

/**
 * Attempts for users `firstUser…firstUser+count-1` (by row number over users whose name starts
 * with `prefix`): answers generated in SQL, right with a per-user skill, ~10% skipped, 5–65 s each.
 */
async function makeAttempts(db: Db, quizId: string, prefix: string, offset: number, count: number) {
  await db.execute(sql`
    with people as (
      select id, row_number() over (order by name) as n from users where name like ${prefix + '%'}::text
    ), chosen as (
      select id, n from people where n > ${offset} and n <= ${offset + count}
    ), qs as (
      select id, position, ans_index from questions where quiz_id = ${quizId}
    ), answered as (
      select c.id as user_id,
             jsonb_agg(jsonb_build_object(
               'qnId', q.id,
               'selectedOption', case
                  when ((c.n * 31 + q.position * 17) % 10) = 0 then null
                  when ((c.n * 7 + q.position * 13) % 100) < 30 + (c.n % 60)
                    then jsonb_build_array('A','B','C','D')->>q.ans_index
                  else jsonb_build_array('A','B','C','D')->>(((q.ans_index + 1 + (c.n + q.position) % 3) % 4)::int) end,
               'timeSpentMs', 5000 + ((c.n * 37 + q.position * 101) % 60000)
             ) order by q.position) as answers
      from chosen c cross join qs q
      group by c.id
    )
    insert into attempts (quiz_id, user_id, status, started_at, deadline_at, submitted_at, answers, elapsed_ms)
    select ${quizId}, a.user_id, 'submitted', now() - interval '2 days', now() - interval '1 day',
           now() - interval '1 day', a.answers, 600000 + (abs(hashtext(a.user_id::text)) % 3000000)
    from answered a
  `);
}

async function makeUsers(db: Db, prefix: string, count: number) {
  for (let offset = 0; offset < count; offset += CHUNK * 4) {
    const size = Math.min(CHUNK * 4, count - offset);
    const base = (prefix === 'B' ? 100_000_000 : 200_000_000) + offset;
    await db.execute(sql`
      insert into users (ph_no, name, place, class)
      select lpad((${base}::bigint + g)::text, 10, '8'),
             ${prefix}::text || lpad((${offset}::int + g)::text, 7, '0'), 'Pune', 'Preparing for Competitive exams'
      from generate_series(1, ${size}) g
    `);
  }
}

async function main() {
  const { database, label, cleanup } = await openDatabase(10);
  const db = database.db;
  try {
    await database.migrate();
    console.log(`Database: ${label}`);

    // ── 1. item analysis of a big quiz ──
    let t0 = performance.now();
    const big = await makeQuiz(db, 'Big quiz', QUESTIONS, 'NEET');
    await makeUsers(db, 'B', ATTEMPTS);
    for (let offset = 0; offset < ATTEMPTS; offset += CHUNK) {
      await makeAttempts(db, big, 'B', offset, Math.min(CHUNK, ATTEMPTS - offset));
    }
    // Scores as submission would store them, then the publication's ranking.
    const repo = new AnalyticsRepository(db);
    await repo.rescore(big);
    await rankQuizAttempts(db, big);
    console.log(
      `Seeded ${ATTEMPTS.toLocaleString('en-IN')} attempts × ${QUESTIONS} questions in ${seconds(performance.now() - t0)}`,
    );
    await db.execute(sql`analyze`);

    if (process.env.BENCH_EXPLAIN) {
      const plan = rawRows<Record<string, string>>(
        await db.execute(sql`explain (analyze, buffers) ${itemAnalysisStatement(big, new Date())}`),
      );
      console.log(plan.map((r) => Object.values(r)[0]).join('\n'));
      await db.execute(sql`delete from item_analysis`);
    }
    t0 = performance.now();
    await db.transaction((tx) => refreshItemAnalysis(tx as unknown as Db, big, new Date()));
    const itemMs = performance.now() - t0;
    console.log(
      `Item analysis: ${seconds(itemMs)} (${QUESTIONS} questions, ${ATTEMPTS.toLocaleString('en-IN')} attempts)`,
    );

    // ── 2. key correction: re-score + re-rank + refresh ──
    const [admin] = await db
      .insert(users)
      .values({ phNo: '7999999999', name: 'Bench Admin', place: 'Pune', class: 'Other', role: 'admin' })
      .returning();
    const [first] = rawRows<{ id: string }>(
      await db.execute(sql`select id from questions where quiz_id = ${big} and position = 0`),
    );
    const service = new AnalyticsService(repo, new ManualClock(new Date()));
    t0 = performance.now();
    const corrected = await service.correctKey(
      big,
      { questionId: first!.id, ansIndex: 1, reason: 'bench' },
      admin!,
    );
    const correctionMs = performance.now() - t0;
    if (corrected.rescored !== ATTEMPTS)
      throw new Error(`re-scored ${corrected.rescored}, expected ${ATTEMPTS}`);
    console.log(
      `Key correction (re-score ${corrected.rescored.toLocaleString('en-IN')}, re-rank, refresh item analysis, record): ${seconds(correctionMs)}`,
    );

    // ── 3. GET /analytics/me for a learner with LEARNER_QUIZZES published attempts ──
    t0 = performance.now();
    await makeUsers(db, 'L', OTHERS_PER_QUIZ + 1);
    const [learner] = rawRows<{ id: string }>(
      await db.execute(sql`select id from users where name = 'L0000001'`),
    );
    for (let i = 0; i < LEARNER_QUIZZES; i++) {
      const quizId = await makeQuiz(
        db,
        `Learner quiz ${i}`,
        LEARNER_QUESTIONS,
        ['SSC', 'UPSC', 'NEET', 'JEE', 'Banking'][i % 5]!,
      );
      await makeAttempts(db, quizId, 'L', 0, OTHERS_PER_QUIZ + 1);
      await repo.rescore(quizId);
      await rankQuizAttempts(db, quizId);
      await refreshItemAnalysis(db, quizId, new Date());
    }
    await db.execute(sql`analyze`);
    console.log(
      `Seeded a learner with ${LEARNER_QUIZZES} published attempts in ${seconds(performance.now() - t0)}`,
    );

    const config: AppConfig = {
      ...parseEnv({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'quizcast-bench-data-')),
        WEB_DIST: path.join(tmpdir(), 'quizcast-no-web-dist'),
      }),
      jwtSecret: SECRET,
    };
    const app = await buildApp(config, { database });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    // A server-side session (ADR 015), as a login makes: the token names it.
    const [session] = await db
      .insert(sessions)
      .values({ userId: learner!.id, expiresAt: new Date(Date.now() + 86_400_000) })
      .returning({ id: sessions.id });
    const token = await signSessionToken(
      SECRET,
      { sub: learner!.id, role: 'participant', sid: session!.id },
      1,
      new Date(),
    );
    const check = await fetch(`${address}/api/analytics/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await check.json()) as { trend: unknown[] };
    if (check.status !== 200 || body.trend.length !== LEARNER_QUIZZES) {
      throw new Error(`GET /analytics/me: ${check.status}, ${body.trend?.length} trend points`);
    }
    const result = await autocannon({
      url: `${address}/api/analytics/me`,
      connections: CONNECTIONS,
      amount: READS,
      timeout: 30,
      headers: { authorization: `Bearer ${token}` },
    });
    await app.close();
    console.log(
      `GET /analytics/me (${LEARNER_QUIZZES} published attempts): ${CONNECTIONS} connections, ` +
        `${result.requests.total.toLocaleString('en-IN')} requests (${result['2xx']} 2xx, ${result.non2xx} non-2xx, ${result.errors} errors), ` +
        `${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
    );
    if (result.non2xx || result.errors) process.exitCode = 1;
  } finally {
    await database.close().catch(() => undefined);
    await cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
