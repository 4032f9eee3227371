/**
 * In-process look at one review route (no HTTP load, no other process): the app built on an
 * existing database (a scratch database kept by `BENCH_KEEP_DB=1 BENCH_DATABASE_URL=… npm run bench --
 * review`; the first learner found is used), N sequential `app.inject` calls, the statements each call
 * sends, the response size, and the app's mean wall time per call. Run under `node --cpu-prof` for a
 * profile without start-up noise.
 *
 *   DATABASE_URL=<kept database> npx tsx bench/review-inprocess.ts queue|offline|me|grade [N]
 *
 * `grade` changes the cards: grade at most as many as the learner has, and reset the database between
 * runs (docs/performance-history.md, "Speed, third pass", gives the statement).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { parseEnv, type AppConfig } from '../apps/server/src/config';
import { openPostgres } from '../apps/server/src/db/client';
import { benchToken } from './database';
import { reviewCards, users } from '../apps/server/src/db/schema';
import { systemClock } from '../apps/server/src/lib/clock';

const SECRET = 'in-process-review-look-secret-0123456789abcdef';
const [kind = 'queue', nArg = '300'] = process.argv.slice(2);
const N = Number(nArg);
const statements: string[] = [];
let logging = false;
const database = await openPostgres(process.env.DATABASE_URL!, 5, (q) => {
  if (logging) statements.push(q);
});
const env = parseEnv({
  NODE_ENV: 'development',
  LOG_LEVEL: 'silent',
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'quizcast-inproc-')),
  WEB_DIST: path.join(tmpdir(), 'quizcast-no-web-dist'),
  JWT_SECRET: SECRET,
  DATABASE_URL: process.env.DATABASE_URL,
});
const config: AppConfig = { ...env, jwtSecret: SECRET };
const app = await buildApp(config, { database, clock: systemClock, ownsDatabase: true });
await app.ready();
const [learner] = await database.db.select().from(users).where(eq(users.role, 'participant')).limit(1);
const now = new Date();
const token = await benchToken(database.db, SECRET, learner!, now);
const url =
  kind === 'offline'
    ? '/api/review/queue?limit=200&ahead=true'
    : kind === 'me'
      ? '/api/students/me'
      : '/api/review/queue';
const cardIds = (
  await database.db
    .select({ id: reviewCards.id })
    .from(reviewCards)
    .where(eq(reviewCards.userId, learner!.id))
).map((c) => c.id);
let graded = 0;
/** `grade`: each call grades the next card once (Good), as the benchmark's grading phase does. */
const call = () =>
  kind === 'grade'
    ? app.inject({
        method: 'POST',
        url: `/api/review/cards/${cardIds[graded++ % cardIds.length]}/reviews`,
        headers: { authorization: `Bearer ${token}` },
        payload: {
          reviewId: randomUUID(),
          rating: 3,
          selectedOption: null,
          reviewedAt: new Date().toISOString(),
          durationMs: 4000,
        },
      })
    : app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
for (let i = 0; i < 30; i++) await call(); // warm up
logging = true;
const one = await call();
logging = false;
if (process.env.SAVE_BODY) writeFileSync(process.env.SAVE_BODY, one.body);
console.log(`status ${one.statusCode}, ${one.body.length} bytes, ${statements.length} statements:`);
for (const s of statements) console.log(`  ${s.replace(/\s+/g, ' ').slice(0, 160)}`);
const profiler = process.env.PROFILE ? new Session() : null;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
}
const t0 = process.hrtime.bigint();
const cpu0 = process.cpuUsage();
for (let i = 0; i < N; i++) await call();
const cpu = process.cpuUsage(cpu0);
const ms = Number(process.hrtime.bigint() - t0) / 1e6 / N;
if (profiler) {
  const { profile } = await profiler.post('Profiler.stop');
  writeFileSync(process.env.PROFILE!, JSON.stringify(profile));
}
console.log(
  `${N} calls: ${ms.toFixed(2)} ms wall, ${((cpu.user + cpu.system) / 1000 / N).toFixed(2)} ms app CPU ` +
    `(user ${(cpu.user / 1000 / N).toFixed(2)}, system ${(cpu.system / 1000 / N).toFixed(2)}) each`,
);
await app.close();
