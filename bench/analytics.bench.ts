/**
 * Issue 14: analytics at scale (figures in bench/README.md, "analytics").
 *
 * 1. Item analysis of one quiz with 100,000 submitted attempts × 100 questions (each answer with a
 *    time on screen): the statement publication runs (`refreshItemAnalysis`), timed on its own. It
 *    reads the attempts' narrow marks (`attempt_marks`, ADR 017), which the seeding generates directly
 *    in SQL (integer arrays, no jsonb), so seeding takes tens of seconds, not ten minutes.
 * 2. An answer-key correction of that quiz through `AnalyticsService.correctKey`: lock, change the key,
 *    re-score incrementally (only the corrected question's delta), re-rank, refresh the item analysis,
 *    record and audit, in one transaction.
 * 3. Publication's one jsonb pass (`materialiseAttemptMarks`) over BENCH_PARSE_ATTEMPTS attempts with
 *    real jsonb answers, so that cost is shown too.
 * 4. `GET /api/analytics/me` for a learner with 500 published attempts (500 quizzes × 20 questions,
 *    21 participants each): the app runs as a child process from compiled JS (apps/server/dist,
 *    NODE_ENV=production), the load generator (bench/load.mjs, autocannon) in a process of its own.
 *    Reports p50/p99 latency. BENCH_PROFILE=1 runs the app with --cpu-prof.
 *
 *   npm run bench -- analytics                                                            # PGlite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- analytics
 *   BENCH_EXPLAIN=1 …   # also prints EXPLAIN (ANALYZE, BUFFERS) of the item-analysis statement
 *
 * BENCH_ATTEMPTS (default 100000), BENCH_QUESTIONS (100), BENCH_PARSE_ATTEMPTS (10000),
 * BENCH_LEARNER_QUIZZES (500), BENCH_READS (2000), BENCH_CONNECTIONS (10), BENCH_PORT (4114),
 * BENCH_SKIP_BUILD=1 (use the existing apps/server/dist).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client';
import { rawRows } from '../apps/server/src/db/raw-rows';
import { AnalyticsRepository } from '../apps/server/src/modules/analytics/analytics.repository';
import { AnalyticsService } from '../apps/server/src/modules/analytics/analytics.service';
import {
  appendItemAnswers,
  ensureItemAnswers,
  materialiseAttemptMarks,
} from '../apps/server/src/modules/item-analysis/item-answers';
import { KeyCorrectionService } from '../apps/server/src/modules/analytics/key-correction.service';
import {
  rankQuizAttempts,
  rescoreQuestion,
  writeAttemptMarks,
} from '../apps/server/src/modules/marking/marking.repository';
import { analysisStep, ANALYSIS_BATCH, finishAnalysis } from '../apps/server/src/modules/results/publication';
import { createCardsAtPublication } from '../apps/server/src/modules/review/cards-at-publication';
import {
  itemAnalysisStatement,
  refreshItemAnalysis,
} from '../apps/server/src/modules/item-analysis/item-analysis';
import { ResultsRepository } from '../apps/server/src/modules/results/results.repository';
import { ManualClock } from '../apps/server/src/lib/clock';
import { TREND_POINTS } from '@quizcast/contract/schemas/analytics';
import { users } from '../apps/server/src/db/schema';
import { benchToken, openDatabase } from './database';

const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS ?? 100_000);
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 100);
const PARSE_ATTEMPTS = Number(process.env.BENCH_PARSE_ATTEMPTS ?? 10_000);
const LEARNER_QUIZZES = Number(process.env.BENCH_LEARNER_QUIZZES ?? 500);
const LEARNER_QUESTIONS = 20;
const OTHERS_PER_QUIZ = 20;
const READS = Number(process.env.BENCH_READS ?? 2000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 4114);
const PUBLISH_ATTEMPTS = Number(process.env.BENCH_PUBLISH_ATTEMPTS ?? 100_000);
/** Which steps run (comma-separated): items, parse, publish, me; default all. */
const STEPS = new Set((process.env.BENCH_STEPS ?? 'items,parse,publish,me').split(','));
const SECRET = randomBytes(32).toString('hex');
const CHUNK = 5000;
const root = path.resolve(import.meta.dirname, '..');
import { load, startApp, stop } from './analytics-app';
import { makeJsonAttempts, makeMarkedAttempts, makeQuizzes, makeUsers, scoreMarked } from './analytics-data';

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** 1–2: item analysis of a big quiz, then key corrections of it. */
async function itemsAndCorrection(db: Db, repo: AnalyticsRepository) {
  let t0 = performance.now();
  const [big] = await makeQuizzes(db, 'Big quiz', 1, QUESTIONS);
  for (let offset = 0; offset < ATTEMPTS; offset += CHUNK * 4) {
    await makeMarkedAttempts(db, 'Big quiz', QUESTIONS, 'B', offset, Math.min(CHUNK * 4, ATTEMPTS - offset));
  }
  await rankQuizAttempts(db, big!);
  // Publication builds the per-question answer strings from the marks (ensureItemAnswers).
  const t1 = performance.now();
  await ensureItemAnswers(db, big!, true);
  const itemAnswersMs = performance.now() - t1;
  await db.execute(sql`vacuum analyze attempts`);
  await db.execute(sql`vacuum analyze attempt_marks`);
  console.log(
    `Seeded ${ATTEMPTS.toLocaleString('en-IN')} attempts × ${QUESTIONS} questions (narrow marks in SQL) in ${seconds(performance.now() - t0)}, ` +
      `of which publication's item_answers build ${seconds(itemAnswersMs)} (load ${loadavg()})`,
  );

  if (process.env.BENCH_EXPLAIN) {
    const plan = rawRows<Record<string, string>>(
      await db.execute(sql`explain (analyze, buffers) ${itemAnalysisStatement(big!, new Date())}`),
    );
    console.log(plan.map((r) => Object.values(r)[0]).join('\n'));
    await db.execute(sql`delete from item_analysis`);
  }
  t0 = performance.now();
  await db.transaction((tx) => refreshItemAnalysis(tx, big!, new Date()));
  const itemMs = performance.now() - t0;
  console.log(
    `Item analysis: ${seconds(itemMs)} (${QUESTIONS} questions, ${ATTEMPTS.toLocaleString('en-IN')} attempts; load ${loadavg()})`,
  );

  // ── 2. key correction: incremental re-score + re-rank + refresh ──
  const [admin] = await db
    .insert(users)
    .values({ phNo: '7999999999', name: 'Bench Admin', place: 'Pune', class: 'Other', role: 'admin' })
    .returning();
  const [first] = rawRows<{ id: string }>(
    await db.execute(sql`select id from questions where quiz_id = ${big!} and position = 0`),
  );
  // Where a correction's time goes: its steps one by one, in a transaction that is rolled back.
  const steps: string[] = [];
  await db
    .transaction(async (tx) => {
      const r = new AnalyticsRepository(tx);
      let s = performance.now();
      const lap = (label: string) => {
        steps.push(`${label} ${seconds(performance.now() - s)}`);
        s = performance.now();
      };
      await r.lockQuiz(big!);
      await r.setKey(first!.id, 1, null);
      lap('lock + key');
      const { changed } = await rescoreQuestion(
        tx,
        big!,
        1,
        { ansIndex: 0, live: true },
        { ansIndex: 1, live: true },
        [],
      );
      lap(`re-score (${changed.toLocaleString('en-IN')} changed)`);
      await rankQuizAttempts(tx, big!);
      lap('re-rank');
      await r.refreshItems(big!, new Date());
      lap('item analysis');
      throw new Error('rollback');
    })
    .catch((err: Error) => {
      if (err.message !== 'rollback') throw err;
    });
  console.log(`Key correction, step by step (rolled back): ${steps.join(', ')} (load ${loadavg()})`);
  const clock = new ManualClock(new Date());
  const service = new KeyCorrectionService(repo, clock, new AnalyticsService(repo, clock), finishAnalysis);
  t0 = performance.now();
  const corrected = await service.correctKey(
    big!,
    { questionId: first!.id, ansIndex: 1, reason: 'bench' },
    admin!,
  );
  const correctionMs = performance.now() - t0;
  if (corrected.rescored !== ATTEMPTS)
    throw new Error(`re-scored ${corrected.rescored}, expected ${ATTEMPTS}`);
  console.log(
    `Key correction (re-score ${corrected.rescored.toLocaleString('en-IN')}, re-rank, refresh item analysis, record): ${seconds(correctionMs)} (load ${loadavg()})`,
  );
  t0 = performance.now();
  await service.correctKey(big!, { questionId: first!.id, drop: true, reason: 'bench drop' }, admin!);
  console.log(
    `Key correction (drop the same question): ${seconds(performance.now() - t0)} (load ${loadavg()})`,
  );
}

/**
 * 5. Publication of one quiz with PUBLISH_ATTEMPTS submitted attempts × QUESTIONS questions, each with
 * real jsonb answers (what submission stores): first its steps one by one in a transaction that is
 * `ResultsRepository.publish` (the time until the ranks commit: learners see their results from then
 * on), then the analysis after it (ADR 017), step by step as the sweeper runs it.
 */
async function publication(db: Db) {
  const [quizId] = await makeQuizzes(db, 'Publish quiz', 1, QUESTIONS);
  await db.execute(
    sql`update quizzes set results_published_at = null, analysed_at = null where id = ${quizId!}`,
  );
  let t0 = performance.now();
  for (let done = 0; done < PUBLISH_ATTEMPTS; done += 20_000) {
    await makeJsonAttempts(db, quizId!, 'B', Math.min(PUBLISH_ATTEMPTS, done + 20_000), done);
  }
  await db.execute(sql`vacuum analyze attempts`);
  console.log(
    `Seeded ${PUBLISH_ATTEMPTS.toLocaleString('en-IN')} attempts × ${QUESTIONS} questions with jsonb answers for publication in ${seconds(performance.now() - t0)} (load ${loadavg()})`,
  );
  const now = new Date();
  const results = new ResultsRepository(db);
  t0 = performance.now();
  const outcome = await results.publish(quizId!, now, 0);
  const publishMs = performance.now() - t0;
  if (!outcome.published || outcome.participants !== PUBLISH_ATTEMPTS)
    throw new Error(`publication: ${JSON.stringify(outcome)}`);
  console.log(
    `Publication of ${PUBLISH_ATTEMPTS.toLocaleString('en-IN')} attempts: the ranks committed after ${seconds(publishMs)} (load ${loadavg()})`,
  );
  // Where one step's time goes: its statements one by one, in a transaction that is rolled back.
  const parts: string[] = [];
  await db
    .transaction(async (tx) => {
      const t = tx;
      let s = performance.now();
      const lap = (label: string) => {
        parts.push(`${label} ${seconds(performance.now() - s)}`);
        s = performance.now();
      };
      await ensureItemAnswers(t, quizId!, false);
      lap('empty bit strings');
      const made = await writeAttemptMarks(t, quizId!, ANALYSIS_BATCH);
      lap(`marks (${made} attempts, the jsonb pass)`);
      await appendItemAnswers(t, quizId!, 0);
      lap('bit-string append');
      const cards = await createCardsAtPublication(
        t,
        quizId!,
        now,
        sql`select attempt_id from attempt_marks where quiz_id = ${quizId!}`,
      );
      lap(`review cards (${cards.toLocaleString('en-IN')})`);
      throw new Error('rollback');
    })
    .catch((err: Error) => {
      if (err.message !== 'rollback') throw err;
    });
  console.log(
    `One analysis step, statement by statement (rolled back): ${parts.join(', ')} (load ${loadavg()})`,
  );
  // The analysis after it, step by step as analysePublished runs it (each step its own transaction:
  // the longest is how long PGlite's one connection is held at once).
  const batches: number[] = [];
  t0 = performance.now();
  for (;;) {
    const s = performance.now();
    const state = await db.transaction((tx) => analysisStep(tx, quizId!, now, ANALYSIS_BATCH));
    batches.push(performance.now() - s);
    if (state !== 'more') break;
  }
  const analysisMs = performance.now() - t0;
  const [check] = rawRows<{ marks: number; items: number; cards: number }>(
    await db.execute(sql`
      select (select count(*)::int from attempt_marks where quiz_id = ${quizId!}) as marks,
             (select count(*)::int from item_analysis where quiz_id = ${quizId!}) as items,
             (select count(*)::int from review_cards c join questions q on q.id = c.question_id where q.quiz_id = ${quizId!}) as cards
    `),
  );
  if (check?.marks !== PUBLISH_ATTEMPTS || check.items !== QUESTIONS)
    throw new Error(`analysis incomplete: ${JSON.stringify(check)}`);
  const sorted = [...batches].sort((a, b) => a - b);
  console.log(
    `Analysis after publication: ${seconds(analysisMs)} in ${batches.length} steps of ≤ ${ANALYSIS_BATCH.toLocaleString('en-IN')} attempts ` +
      `(median step ${seconds(sorted[Math.floor(sorted.length / 2)]!)}, longest ${seconds(sorted.at(-1)!)}, last with the item analysis ${seconds(batches.at(-1)!)}); ` +
      `${check.cards.toLocaleString('en-IN')} review cards (load ${loadavg()})`,
  );
}

async function main() {
  if (!process.env.BENCH_SKIP_BUILD) {
    const res = spawnSync('npm', ['--workspace', '@quizcast/server', 'run', 'build'], {
      stdio: 'inherit',
      cwd: root,
    });
    if (res.status !== 0) throw new Error('build failed');
  }
  const runDir = mkdtempSync(path.join(tmpdir(), 'quizcast-analytics-bench-'));
  const { database, label, appEnv, cleanup } = await openDatabase(10);
  const db = database.db;
  let open = true;
  try {
    await database.migrate();
    console.log(`Database: ${label}; load average at start ${loadavg()}`);

    let t0 = performance.now();
    await makeUsers(db, 'B', Math.max(ATTEMPTS, PUBLISH_ATTEMPTS, PARSE_ATTEMPTS));
    const repo = new AnalyticsRepository(db);
    if (STEPS.has('items')) await itemsAndCorrection(db, repo);

    // ── 3. publication's one jsonb pass ──
    if (STEPS.has('parse') && PARSE_ATTEMPTS > 0) {
      const [sample] = await makeQuizzes(db, 'Parse sample', 1, QUESTIONS);
      await makeJsonAttempts(db, sample!, 'B', PARSE_ATTEMPTS);
      t0 = performance.now();
      const made = await materialiseAttemptMarks(db, sample!);
      console.log(
        `Publication's jsonb → attempt_marks pass: ${made.toLocaleString('en-IN')} attempts × ${QUESTIONS} questions in ${seconds(performance.now() - t0)} (load ${loadavg()})`,
      );
    }

    // ── 5. publication of a quiz with PUBLISH_ATTEMPTS attempts (real jsonb answers) ──
    if (STEPS.has('publish') && PUBLISH_ATTEMPTS > 0) await publication(db);

    if (!STEPS.has('me')) return;
    // ── 4. GET /analytics/me for a learner with LEARNER_QUIZZES published attempts ──
    t0 = performance.now();
    await makeUsers(db, 'L', OTHERS_PER_QUIZ + 1);
    const learnerQuizzes = await makeQuizzes(db, 'Learner quiz', LEARNER_QUIZZES, LEARNER_QUESTIONS);
    await makeMarkedAttempts(db, 'Learner quiz', LEARNER_QUESTIONS, 'L', 0, OTHERS_PER_QUIZ + 1);
    await scoreMarked(db, 'Learner quiz');
    for (const quizId of learnerQuizzes) {
      await rankQuizAttempts(db, quizId);
      await ensureItemAnswers(db, quizId, true);
      await refreshItemAnalysis(db, quizId, new Date());
    }
    await db.execute(sql`analyze`);
    const [learner] = rawRows<{ id: string }>(
      await db.execute(sql`select id from users where name = 'L0000001'`),
    );
    const token = await benchToken(db, SECRET, { id: learner!.id, role: 'participant' }, new Date());
    console.log(
      `Seeded a learner with ${LEARNER_QUIZZES} published attempts in ${seconds(performance.now() - t0)}`,
    );
    // Where a progress read's database time goes: each of its statements alone, 20 times in turn. A
    // cached read runs progressState and recall; a miss (first read after a change) also trend,
    // answerGroups and the save; "miss, whole" is the service's whole miss (cache row deleted first).
    const timings: string[] = [];
    const progressService = new AnalyticsService(repo, new ManualClock(new Date()));
    const parts: [string, () => Promise<unknown>][] = [
      ['progressState', () => repo.progressState(learner!.id)],
      ['recall', () => repo.recall(learner!.id, new Date(), 3)],
      ['trend', () => repo.trend(learner!.id, TREND_POINTS)],
      ['answerGroups', () => repo.answerGroups(learner!.id)],
      [
        'miss, whole',
        async () => {
          await db.execute(sql`delete from learner_progress`);
          return progressService.progress(learner!.id);
        },
      ],
      ['hit, whole', () => progressService.progress(learner!.id)],
    ];
    for (const [name, run] of parts) {
      await run();
      const s = performance.now();
      for (let i = 0; i < 20; i++) await run();
      timings.push(`${name} ${((performance.now() - s) / 20).toFixed(1)} ms`);
    }
    console.log(
      `/analytics/me statements, mean of 20 sequential runs: ${timings.join(', ')} (load ${loadavg()})`,
    );
    await progressService.progress(learner!.id);

    await database.close();
    open = false;

    const { child, log } = await startApp(appEnv, runDir, { PORT, SECRET });
    try {
      const url = `http://127.0.0.1:${PORT}`;
      const check = await fetch(`${url}/api/analytics/me`, { headers: { authorization: `Bearer ${token}` } });
      const text = await check.text();
      const body = JSON.parse(text) as { trend: unknown[]; quizzes: number };
      if (check.status !== 200 || body.quizzes !== LEARNER_QUIZZES) {
        throw new Error(`GET /analytics/me: ${check.status}, ${body.quizzes} quizzes`);
      }
      console.log(
        `GET /analytics/me body: ${(Buffer.byteLength(text) / 1024).toFixed(1)} KB, ${body.trend.length} trend points of ${body.quizzes} quizzes`,
      );
      // Warm-up (JIT, pool), then the measured run.
      load({ kind: 'get', url, path: '/api/analytics/me', token, connections: CONNECTIONS, amount: 200 });
      const before = loadavg();
      const r = load({
        kind: 'get',
        url,
        path: '/api/analytics/me',
        token,
        connections: CONNECTIONS,
        amount: READS,
      });
      console.log(
        `GET /analytics/me (${LEARNER_QUIZZES} published attempts; app: compiled, own process; load generator: own process): ` +
          `${CONNECTIONS} connections, ${r.requests} requests (${r.non2xx} non-2xx, ${r.errors} errors), ` +
          `${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms (load ${before} → ${loadavg()})`,
      );
      if (r.non2xx || r.errors) process.exitCode = 1;
    } finally {
      await stop(child);
      console.log(`app log: ${log}`);
      if (process.env.BENCH_PROFILE) console.log(`CPU profiles: ${path.join(runDir, 'profiles')}`);
    }
  } finally {
    if (open) await database.close().catch(() => undefined);
    await cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
