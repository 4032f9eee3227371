/**
 * Spaced repetition (issue 13), two parts:
 *
 * 1. Scheduling quality (pure, in this process): bench/review-schedule.ts, the app's real scheduling
 *    code on a simulated learner with 300 mistakes and 90 days to the exam, next to a fixed ladder.
 * 2. Speed (PostgreSQL only; skipped without BENCH_DATABASE_URL): the real server
 *    (apps/server/src/main.ts) runs in its own child process against a fresh database; the load
 *    generator (bench/load.mjs, autocannon) runs in a third process, one per phase, so neither
 *    shares a process with the app. A learner with 10,000 cards: GET /api/review/queue (p99), the
 *    offline copy (limit 200, next 24 h), then 10,000 gradings (POST .../reviews, one per card).
 *
 *   npm run bench -- review
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- review
 *
 * BENCH_CARDS (default 10000), BENCH_CONNECTIONS (default 50), BENCH_PORT (default 3194),
 * BENCH_WARM_UP (requests sent, not measured, before each read phase; default 300, 0 = none),
 * BENCH_APP_ROOT (run another checkout's app, for a before/after pair),
 * BENCH_DB_PREFIX (the scratch database name prefix, default quizcast_bench), BENCH_KEEP_DB=1 (keep it
 * and print its URL, for EXPLAIN ANALYZE), BENCH_SPEED_ONLY=1 (skip the deterministic quality part).
 * BENCH_PROFILE=<folder>: the app runs with --cpu-prof and is restarted for each phase, so each phase
 * leaves its own profile in <folder>/<phase>/ (summarise with `node bench/profile-summary.mjs <dir>`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, eq, gt } from 'drizzle-orm';
import { openPostgres } from '../apps/server/src/db/client';
import { createScratchDatabase } from '../apps/server/src/db/scratch-database';
import { benchToken } from './database';
import { questions, quizzes, reviewCards, reviewLogs, users } from '../apps/server/src/db/schema';
import { buildStudent } from '../apps/server/src/seed/factories';
import { simulateApp, simulateLadder, type Outcome } from './review-schedule';

const CARDS = Number(process.env.BENCH_CARDS ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Requests sent (not measured) before each read phase; 0 turns it off. */
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 300);
const PORT = Number(process.env.BENCH_PORT ?? 3194);
const SECRET = randomBytes(32).toString('hex');
/** The scratch database's name prefix (a shared server: each engineer keeps to their own names). */
const DB_PREFIX = process.env.BENCH_DB_PREFIX ?? 'quizcast_bench';
/** Keep the scratch database afterwards (its URL is printed) for EXPLAIN ANALYZE by hand. */
const KEEP_DB = process.env.BENCH_KEEP_DB === '1';
/** Only the speed part (the quality part is deterministic and takes ~17 s). */
const SPEED_ONLY = process.env.BENCH_SPEED_ONLY === '1';
const PROFILE = process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : null;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/**
 * BENCH_APP_ROOT: run the app of another checkout (e.g. a worktree of `main`, with its node_modules)
 * against the same seeded database, for a before/after pair minutes apart. The database is migrated
 * by this checkout.
 */
const appRoot = process.env.BENCH_APP_ROOT ? path.resolve(process.env.BENCH_APP_ROOT) : root;

const SEEDS = [42, 7, 1, 2, 3];
const EXTRA_SEEDS = [4, 5, 6, 8, 9, 10, 11, 12];

function quality() {
  const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(0)}%`;
  const rows: { run: Outcome; ladder: Outcome }[] = [];
  const withLadder = (run: Outcome, seed?: number) => rows.push({ run, ladder: simulateLadder({ seed }) });
  for (const seed of SEEDS) withLadder(simulateApp({ desiredRetention: 0.9, seed }), seed);
  withLadder(simulateApp({ desiredRetention: 0.9, withExam: false }));
  withLadder(simulateApp({ desiredRetention: 0.8 }));
  withLadder(simulateApp({ desiredRetention: 0.97 }));
  // Retention 0.97 without the review cap: what the cap costs at a high target (ADR 011).
  const strictUncapped = simulateApp({ desiredRetention: 0.97, dailyReviewCap: 2000 });
  withLadder({ ...strictUncapped, label: `${strictUncapped.label}, review cap 2000` });
  const uncapped = simulateApp({ desiredRetention: 0.9, dailyNewLimit: 500, dailyReviewCap: 2000 });
  withLadder({ ...uncapped, label: `${uncapped.label}, profile's maximum limits (500 new, cap 2000)` });
  console.log(
    'Scheduling quality: 300 mistakes, 90 days to the exam, simulated learner, default daily limits ' +
      '(20 new, 200 reviews) unless stated (bench/review-schedule.ts)',
  );
  console.log('');
  console.log(
    '| schedule | exam-day recall | reviews | vs ladder (same seed) | failed reviews | busiest day | never shown | ladder recall |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const { run: r, ladder } of rows) {
    console.log(
      `| ${r.label} | ${r.examRecall.toFixed(3)} | ${r.reviews} | ${pct(r.reviews, ladder.reviews)} | ${r.failed} (${pct(r.failed, r.reviews)}) | ${r.busiestDay} | ${r.neverShown} | ${ladder.examRecall.toFixed(3)} |`,
    );
  }
  const ladder = simulateLadder();
  console.log(
    `| ${ladder.label} (seed 42) | ${ladder.examRecall.toFixed(3)} | ${ladder.reviews} | 100% | ${ladder.failed} (${pct(ladder.failed, ladder.reviews)}) | ${ladder.busiestDay} | 0 | |`,
  );
  const defaults = rows.slice(0, SEEDS.length);
  const met = defaults.filter(
    ({ run, ladder: l }) => run.examRecall >= 0.92 && run.reviews <= 0.82 * l.reviews,
  );
  console.log('');
  console.log(
    `Target (recall ≥ 0.92 with ≤ 82% of the ladder's reviews) at retention 0.9 with an exam date and ` +
      `default limits: met on ${met.length} of ${SEEDS.length} seeds (${SEEDS.join(', ')}).`,
  );
  // More seeds, same settings, to show how far the result holds (one row each, compact).
  const extra = EXTRA_SEEDS.map((seed) => ({
    seed,
    run: simulateApp({ desiredRetention: 0.9, seed }),
    ladder: simulateLadder({ seed }),
  }));
  const extraMet = extra.filter(
    ({ run, ladder: l }) => run.examRecall >= 0.92 && run.reviews <= 0.82 * l.reviews,
  );
  console.log(
    `Other seeds: ${extra
      .map(
        ({ seed, run, ladder: l }) =>
          `${seed}: ${run.examRecall.toFixed(3)} / ${pct(run.reviews, l.reviews)}`,
      )
      .join('; ')} (met on ${extraMet.length} of ${extra.length}).`,
  );
}

interface PhaseResult {
  call: string;
  requests: number;
  non2xx: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
}

/** The load generator's job (bench/load.mjs), without the target and output it is given here. */
type LoadJob =
  | { kind: 'get'; path: string; token: string }
  | {
      kind: 'review-grade';
      token: string;
      cardIds: string[];
      reviewedAt: string;
    };

const jobDir = mkdtempSync(path.join(tmpdir(), 'quizcast-bench-review-jobs-'));
let jobNo = 0;

/** One phase: bench/load.mjs (autocannon) in its own process against the app on `url`. */
async function phase(
  call: string,
  url: string,
  amount: number,
  connections: number,
  job: LoadJob,
): Promise<PhaseResult> {
  const jobFile = path.join(jobDir, `job-${++jobNo}.json`);
  const out = path.join(jobDir, `result-${jobNo}.json`);
  writeFileSync(jobFile, JSON.stringify({ ...job, url, amount, connections, timeout: 60, out }));
  const child = spawn(process.execPath, [path.join(root, 'bench/load.mjs'), jobFile], { stdio: 'inherit' });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`load generator failed for ${call} (exit ${code})`);
  const r = JSON.parse(readFileSync(out, 'utf8')) as {
    requests: number;
    rps: number;
    p50: number;
    p99: number;
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  return {
    call,
    requests: r.requests,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    rps: r.rps,
    p50: r.p50,
    p99: r.p99,
  };
}

/** The real server in its own process; resolves once /api/health answers. */
async function startServer(databaseUrl: string, profileAs?: string): Promise<ChildProcess> {
  const profile =
    PROFILE && profileAs ? ['--cpu-prof', `--cpu-prof-dir=${path.join(PROFILE, profileAs)}`] : [];
  const args = [...profile, '--import', 'tsx', path.join(appRoot, 'apps/server/src/main.ts')];
  const child = spawn(process.execPath, args, {
    cwd: appRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      DATABASE_URL: databaseUrl,
      JWT_SECRET: SECRET,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'quizcast-bench-review-')),
      WEB_DIST: path.join(tmpdir(), 'quizcast-bench-no-web'),
      SEED_DEMO: 'false',
    },
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) return child;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGTERM');
  throw new Error('server did not start');
}

async function speed(adminUrl: string) {
  const scratch = await createScratchDatabase(adminUrl, DB_PREFIX);
  const database = await openPostgres(scratch.url, 5);
  let server: ChildProcess | undefined;
  try {
    await database.migrate();
    const db = database.db;
    const now = new Date();
    const [learner] = await db
      .insert(users)
      .values(buildStudent({ phNo: '8000000001' }))
      .returning();
    const [quiz] = await db
      .insert(quizzes)
      .values({
        name: 'Bench review quiz',
        exam: 'SSC',
        class: 'Preparing for Competitive exams',
        durationMin: 60,
        startAt: new Date(now.getTime() - 40 * 86_400_000),
        endAt: new Date(now.getTime() - 39 * 86_400_000),
        resultsPublishedAt: new Date(now.getTime() - 39 * 86_400_000),
      })
      .returning();
    const createdAt = new Date(now.getTime() - 30 * 86_400_000);
    const cardIds: string[] = [];
    for (let i = 0; i < CARDS; i += 1000) {
      const batch = Array.from({ length: Math.min(1000, CARDS - i) }, (_, j) => ({
        quizId: quiz!.id,
        position: i + j,
        qn: `Question ${i + j + 1}: which option is correct?\nRead carefully.`,
        choices: ['Option A', 'Option B', 'Option C', 'None of the above'],
        ansIndex: (i + j) % 4,
        explanation: 'Because the bench says so.',
      }));
      const qs = await db.insert(questions).values(batch).returning({ id: questions.id });
      const cards = await db
        .insert(reviewCards)
        .values(
          qs.map((q, j) => ({
            userId: learner!.id,
            questionId: q.id,
            source: 'wrong' as const,
            initialRating: 1,
            // Seen cards in the Review state, due over the last few days (all due now).
            due: new Date(now.getTime() - ((i + j) % 5) * 86_400_000 - 60_000),
            stability: 3 + ((i + j) % 7),
            difficulty: 5,
            scheduledDays: 3,
            learningSteps: 0,
            reps: 3,
            lapses: 0,
            state: 2,
            lastReview: new Date(now.getTime() - 8 * 86_400_000),
            reviewCount: 2,
            createdAt,
          })),
        )
        .returning({ id: reviewCards.id });
      cardIds.push(...cards.map((c) => c.id));
    }
    // What autovacuum does after a bulk insert (statistics and the visibility map, which the
    // queue's index-only count relies on); run here so the figure does not depend on its timing.
    await db.execute('vacuum analyze review_cards');
    await db.execute('analyze');
    const token = await benchToken(db, SECRET, learner!, now);

    const url = `http://127.0.0.1:${PORT}`;
    const stopServer = async () => {
      if (!server || server.exitCode !== null) return;
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    };
    /** With BENCH_PROFILE, a fresh profiled app per phase (its profile is written when it stops). */
    const onServer = async (name: string, run: () => Promise<PhaseResult>, warmUp?: LoadJob) => {
      if (PROFILE) {
        await stopServer();
        server = await startServer(scratch.url, name);
      } else {
        server ??= await startServer(scratch.url);
      }
      // A long-running server is warm: the route's code compiled by V8 and its prepared statements
      // planned on each pooled connection (PostgreSQL plans the first 5 runs of each one). Without
      // this, those first calls are the slowest 1–3% of a 2,000-request phase, i.e. its p99.
      if (WARM_UP > 0 && warmUp) await phase(`${name} (warm-up)`, url, WARM_UP, 10, warmUp);
      return run();
    };
    console.log('');
    console.log(
      `Speed: PostgreSQL; one learner with ${CARDS} cards; server in its own process (apps/server/src/main.ts), ` +
        `load generator (bench/load.mjs) in another; Node ${process.version}; app ${appRoot}; load average at start ` +
        `${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}${PROFILE ? `; profiling into ${PROFILE}` : ''}`,
    );
    const results: PhaseResult[] = [];
    // Baseline in the same run: the cheapest signed-in call (session check + one user read).
    results.push(
      await onServer(
        'baseline',
        () =>
          phase('baseline: GET /students/me', url, 2000, 10, {
            kind: 'get',
            path: '/api/students/me',
            token,
          }),
        { kind: 'get', path: '/api/students/me', token },
      ),
    );
    results.push(
      await onServer(
        'queue',
        () =>
          phase('GET /review/queue (limit 50)', url, 2000, 10, {
            kind: 'get',
            path: '/api/review/queue',
            token,
          }),
        { kind: 'get', path: '/api/review/queue', token },
      ),
    );
    results.push(
      await onServer(
        'offline',
        () =>
          phase('GET /review/queue?limit=200&ahead=true (offline copy)', url, 500, 10, {
            kind: 'get',
            path: '/api/review/queue?limit=200&ahead=true',
            token,
          }),
        { kind: 'get', path: '/api/review/queue?limit=200&ahead=true', token },
      ),
    );
    const reviewedAt = new Date().toISOString();
    results.push(
      await onServer('grade', () =>
        phase('POST /review/cards/:id/reviews (grade)', url, cardIds.length, CONNECTIONS, {
          kind: 'review-grade',
          token,
          cardIds,
          reviewedAt,
        }),
      ),
    );
    await stopServer();
    const loadAtEnd = loadavg();
    const [logged] = await db
      .select({ n: count() })
      .from(reviewLogs)
      .where(eq(reviewLogs.userId, learner!.id));
    const [moved] = await db
      .select({ n: count() })
      .from(reviewCards)
      .where(gt(reviewCards.due, new Date(reviewedAt)));

    console.log('');
    console.log('| call | requests | non-2xx | errors | req/s | p50 ms | p99 ms |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const r of results) {
      console.log(
        `| ${r.call} | ${r.requests} | ${r.non2xx} | ${r.errors} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} |`,
      );
    }
    console.log('');
    console.log(
      `review logs stored: ${Number(logged?.n)} (expected ${cardIds.length}); cards rescheduled: ${Number(moved?.n)}`,
    );
    const base = results[0]!;
    console.log(
      `vs the baseline (req/s): ${results
        .slice(1)
        .map((r) => `${r.call.split(' (')[0]} ${(r.rps / base.rps).toFixed(2)}×`)
        .join('; ')}; load average at the end ${loadAtEnd.map((l) => l.toFixed(1)).join(' ')}`,
    );
    if (results.some((r) => r.non2xx || r.errors) || Number(logged?.n) !== cardIds.length) {
      console.error('Benchmark saw failures (see the table).');
      process.exitCode = 1;
    }
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    await database.close();
    if (KEEP_DB) console.log(`kept the scratch database: ${scratch.url}`);
    else await scratch.drop();
  }
}

async function main() {
  if (!SPEED_ONLY) quality();
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    console.log('\nSpeed part skipped: set BENCH_DATABASE_URL (the figures are for PostgreSQL).');
    return;
  }
  await speed(url);
}

await main();
