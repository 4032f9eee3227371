/**
 * 2,000 simulated students take one live quiz: each fetches the attempt (starts it), autosaves 10
 * times and submits. Drives the real app (started in-process on 127.0.0.1) with autocannon, one
 * phase per call, and reports requests/s and p50/p99 latency for each call.
 *
 *   npm run bench -- attempt                                   # PGlite (embedded, on disk)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- attempt
 *
 * With BENCH_DATABASE_URL a fresh database is created on that server and dropped afterwards.
 * BENCH_STUDENTS (default 2000), BENCH_CONNECTIONS (default 50) and BENCH_POOL (default 10) tune it.
 */
import autocannon from 'autocannon';
import { count, eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from './database';
import { parseEnv, type AppConfig } from '../apps/server/src/config';
import { attempts, users } from '../apps/server/src/db/schema';
import { signSessionToken } from '../apps/server/src/modules/auth/session-token';
import { buildStudent, createQuiz } from '../apps/server/src/seed/factories';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 2000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const POOL = Number(process.env.BENCH_POOL ?? 10);
const AUTOSAVES = 10;
const QUESTIONS = 10;
const SECRET = randomBytes(32).toString('hex');

interface PhaseResult {
  call: string;
  requests: number;
  non2xx: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
}

/** One autocannon run of exactly `amount` requests; `setup(i)` shapes request number i. */
async function phase(
  call: string,
  baseUrl: string,
  amount: number,
  setup: (i: number) => {
    method: 'GET' | 'PUT' | 'POST';
    path: string;
    headers: Record<string, string>;
    body?: string;
  },
): Promise<PhaseResult> {
  let next = 0;
  const started = performance.now();
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    pipelining: 1,
    amount,
    timeout: 60,
    requests: [
      {
        setupRequest: (req) => {
          const r = setup(next++ % amount);
          return { ...req, ...r };
        },
      },
    ],
  });
  const seconds = (performance.now() - started) / 1000;
  return {
    call,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    seconds,
    rps: result.requests.total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

async function main() {
  const { database, label, cleanup } = await openDatabase(POOL);
  try {
    await database.migrate();
    const now = new Date();
    const created = await createQuiz(
      database.db,
      {
        name: 'Bench quiz',
        durationMin: 120,
        startAt: new Date(now.getTime() - 60_000),
        endAt: new Date(now.getTime() + 6 * 3600_000),
      },
      Array.from({ length: QUESTIONS }, (_, i) => ({
        qn: `Question ${i + 1}: which option is correct?`,
        choices: ['Option A', 'Option B', 'Option C', 'Option D'],
        ansIndex: i % 4,
      })),
      now,
    );
    const quizId = created.quiz.id;
    const students: (typeof users.$inferSelect)[] = [];
    for (let i = 0; i < STUDENTS; i += 500) {
      const batch = Array.from({ length: Math.min(500, STUDENTS - i) }, (_, j) =>
        buildStudent({ phNo: `8${String(i + j).padStart(9, '0')}` }),
      );
      students.push(...(await database.db.insert(users).values(batch).returning()));
    }
    const auth = await Promise.all(
      students.map(async (s) => ({
        authorization: `Bearer ${await signSessionToken(SECRET, { sub: s.id, role: s.role, ver: s.tokenVersion }, 1, now)}`,
      })),
    );

    const env = parseEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'quizcast-bench-data-')),
      WEB_DIST: path.join(tmpdir(), 'quizcast-bench-no-web'),
    });
    const config: AppConfig = { ...env, jwtSecret: SECRET };
    const app = await buildApp(config, { database });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });

    const json = { 'content-type': 'application/json' };
    const answersUpTo = (k: number) =>
      created.questions.slice(0, k).map((q, i) => ({ qnId: q.id, selectedOption: q.choices[(i + k) % 4] }));
    const saveBodies = Array.from({ length: AUTOSAVES + 1 }, (_, k) =>
      JSON.stringify({ answers: answersUpTo(Math.min(k, QUESTIONS)) }),
    );
    const submitBody = JSON.stringify({ quizId, answers: answersUpTo(QUESTIONS) });

    console.log(
      `Database: ${label}; ${STUDENTS} students; ${CONNECTIONS} connections; Node ${process.version}`,
    );
    const results: PhaseResult[] = [];
    results.push(
      await phase('GET attempt (start)', address, STUDENTS, (i) => ({
        method: 'GET',
        path: `/api/quizzes/participant/attend/${quizId}`,
        headers: auth[i]!,
      })),
    );
    // Round r of autosaves: every student saves once per round, with one more answer each round.
    results.push(
      await phase('PUT answers (autosave)', address, STUDENTS * AUTOSAVES, (i) => ({
        method: 'PUT',
        path: `/api/quizzes/participant/attend/${quizId}/answers`,
        headers: { ...auth[i % STUDENTS]!, ...json },
        body: saveBodies[Math.floor(i / STUDENTS) + 1],
      })),
    );
    results.push(
      await phase('POST submit', address, STUDENTS, (i) => ({
        method: 'POST',
        path: '/api/quizzes/participant/submit',
        headers: { ...auth[i]!, ...json },
        body: submitBody,
      })),
    );

    const [stored] = await database.db
      .select({ n: count() })
      .from(attempts)
      .where(eq(attempts.quizId, quizId));
    const [submitted] = await database.db
      .select({ n: count() })
      .from(attempts)
      .where(eq(attempts.status, 'submitted'));

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
      `attempts stored: ${Number(stored?.n)}, submitted: ${Number(submitted?.n)} (expected ${STUDENTS})`,
    );
    await app.close();
    const failed =
      results.some((r) => r.non2xx > 0 || r.errors > 0) ||
      Number(stored?.n) !== STUDENTS ||
      Number(submitted?.n) !== STUDENTS;
    if (failed) {
      console.error('Benchmark saw failures (see the table).');
      process.exitCode = 1;
    }
  } finally {
    await database.close();
    await cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
