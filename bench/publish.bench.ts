/**
 * Results publication at scale, then summary reads under load.
 *
 * 1. A quiz whose window has closed with 100,000 submitted attempts (plus a few still open, which
 *    publication auto-submits) is published through the same code the sweeper runs: claim, auto-submit,
 *    one set-based ranking statement. Reports the time.
 * 2. 1,000 concurrent connections read summaries (`GET /api/quizzes/participant/quiz-summary/:quizId`),
 *    each request as a different participant, against the real app started in-process on 127.0.0.1.
 *    Reports requests/s and p50/p99 latency.
 *
 *   npm run bench -- publish                                   # PGlite (embedded, on disk)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- publish
 *
 * With BENCH_DATABASE_URL a fresh database is created on that server and dropped afterwards.
 * BENCH_ATTEMPTS (default 100000), BENCH_READS (default 20000), BENCH_CONNECTIONS (default 1000)
 * and BENCH_POOL (default 10) tune it.
 */
import autocannon from 'autocannon';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from './database';
import { parseEnv, type AppConfig } from '../apps/server/src/config';
import { attempts, users } from '../apps/server/src/db/schema';
import { signSessionToken } from '../apps/server/src/modules/auth/session-token';
import { ResultsRepository } from '../apps/server/src/modules/results/results.repository';
import { buildStudent, createQuiz } from '../apps/server/src/seed/factories';

const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS ?? 100_000);
const OPEN_ATTEMPTS = Math.min(500, Math.floor(ATTEMPTS / 100));
const READS = Number(process.env.BENCH_READS ?? 20_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 1000);
const POOL = Number(process.env.BENCH_POOL ?? 10);
const READERS = Math.min(ATTEMPTS, 5000);
const QUESTIONS = 20;
const CHUNK = 2000;
const GRACE_SECONDS = 30;
const SECRET = randomBytes(32).toString('hex');
const MIN = 60_000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  const { database, label, cleanup } = await openDatabase(POOL);
  const db = database.db;
  try {
    await database.migrate();
    console.log(`Database: ${label}`);
    const now = new Date();
    const endAt = new Date(now.getTime() - 5 * MIN);
    const { quiz, questions } = await createQuiz(
      db,
      {
        name: 'Benchmark quiz',
        durationMin: 30,
        startAt: new Date(endAt.getTime() - 24 * 60 * MIN),
        endAt,
      },
      Array.from({ length: QUESTIONS }, (_, i) => ({
        qn: `Question ${i + 1}`,
        choices: ['A', 'B', 'C', 'D'],
        ansIndex: i % 4,
        explanation: `Explanation ${i + 1}`,
      })),
    );

    // ── data: ATTEMPTS students, each with one attempt (a few left open) ──
    const seeding = performance.now();
    let rng = 12345;
    const rand = (n: number) => {
      rng = (rng * 1103515245 + 12345) % 2147483648;
      return rng % n;
    };
    const readers: { id: string; tokenVersion: number; role: 'participant' | 'admin' }[] = [];
    for (let offset = 0; offset < ATTEMPTS; offset += CHUNK) {
      const size = Math.min(CHUNK, ATTEMPTS - offset);
      const people = await db
        .insert(users)
        .values(
          Array.from({ length: size }, (_, i) =>
            buildStudent({ phNo: `8${String(offset + i).padStart(9, '0')}`, name: `Bench ${offset + i}` }),
          ),
        )
        .returning({ id: users.id, tokenVersion: users.tokenVersion, role: users.role });
      if (readers.length < READERS) readers.push(...people.slice(0, READERS - readers.length));
      await db.insert(attempts).values(
        people.map((person, i) => {
          const open = offset + i < OPEN_ATTEMPTS;
          const startedAt = new Date(endAt.getTime() - (60 + rand(600)) * MIN);
          const correct = rand(QUESTIONS + 1);
          const answers = questions.map((q, k) => ({
            qnId: q.id,
            selectedOption: k < correct ? q.choices[q.ansIndex]! : q.choices[(q.ansIndex + 1) % 4]!,
          }));
          const elapsedMs = (5 + rand(25)) * MIN + rand(60) * 1000;
          return {
            quizId: quiz.id,
            userId: person.id,
            status: open ? ('in_progress' as const) : ('submitted' as const),
            startedAt,
            deadlineAt: new Date(startedAt.getTime() + 30 * MIN),
            submittedAt: open ? null : new Date(startedAt.getTime() + elapsedMs),
            answers,
            score: open ? null : correct,
            correctCount: open ? null : correct,
            elapsedMs: open ? null : elapsedMs,
          };
        }),
      );
    }
    console.log(
      `Seeded ${ATTEMPTS.toLocaleString('en-IN')} attempts (${OPEN_ATTEMPTS} still open) in ${seconds(performance.now() - seeding)}`,
    );

    // ── 1. publication ──
    const repo = new ResultsRepository(db);
    const publishing = performance.now();
    const outcome = await repo.publish(quiz.id, now, GRACE_SECONDS);
    const publishMs = performance.now() - publishing;
    const [ranked] = await db
      .select({ n: count() })
      .from(attempts)
      .where(and(eq(attempts.quizId, quiz.id), isNotNull(attempts.rank)));
    if (!outcome.published || ranked?.n !== ATTEMPTS) {
      throw new Error(`publication did not rank every attempt: ${JSON.stringify({ outcome, ranked })}`);
    }
    console.log(
      `Publish: ${seconds(publishMs)} for ${outcome.participants.toLocaleString('en-IN')} ranked attempts ` +
        `(${outcome.autoSubmitted} auto-submitted in the same transaction)`,
    );

    // ── 2. concurrent summary reads ──
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
    const tokens = await Promise.all(
      readers.map((r) => signSessionToken(SECRET, { sub: r.id, role: r.role, ver: r.tokenVersion }, 1, now)),
    );
    let next = 0;
    const result = await autocannon({
      url: address,
      connections: CONNECTIONS,
      amount: READS,
      timeout: 60,
      requests: [
        {
          method: 'GET',
          path: `/api/quizzes/participant/quiz-summary/${quiz.id}`,
          setupRequest: (req) => {
            const token = tokens[next++ % tokens.length]!;
            return { ...req, headers: { ...req.headers, authorization: `Bearer ${token}` } };
          },
        },
      ],
    });
    await app.close();
    const ok = result['2xx'];
    console.log(
      `Summary reads: ${CONNECTIONS} connections, ${result.requests.total.toLocaleString('en-IN')} requests ` +
        `(${ok.toLocaleString('en-IN')} 2xx, ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts), ` +
        `${Math.round(result.requests.average).toLocaleString('en-IN')} req/s, ` +
        `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
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
