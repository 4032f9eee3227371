// `npm run bench [-- herd|list|summary|review …]`: the benchmark harness (bench/README.md has the
// figures and every setting).
//
// For each scenario: a fresh database is seeded (bench/fixture.ts, outside the measurement); the app
// is started the way production starts it (bench/app-process.mjs: `node apps/server/dist/main.js`,
// NODE_ENV=production, the default log level, logs to a file); every call, and a bare node:http
// hello-world beside it, is driven by the same load generator (bench/load-runner.mjs: one or more
// bench/load.mjs processes, autocannon) with the same connections. The run starts by proving the
// generator is not the limit (doubling its processes must not raise the hello-world's rate by more
// than 5%), and every call is reported as requests/s, p50, p99, failures, the app's CPU per request
// and its ratio to the strongest hello-world of the run. The herd and the review gradings end by
// checking that the database holds exactly what was acknowledged, the summary that publication
// ranked every seeded attempt once. Naming `review` also runs the spaced-repetition scheduling-quality
// simulation first (bench/review.bench.ts, no database); `analytics` runs its own harness
// (bench/analytics.bench.ts) instead of the scenarios.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { appTools, freePort, waitFor } from './app-process.mjs';
import { loadRunner } from './load-runner.mjs';
import { EXTRA_SCENARIOS } from './scenarios.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const env = process.env;
const STUDENTS = Number(env.BENCH_STUDENTS ?? 2000);
const AUTOSAVES = Number(env.BENCH_AUTOSAVES ?? 3);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 100);
const REQUESTS = Number(env.BENCH_REQUESTS ?? 20000);
const WORKERS = Number(env.BENCH_WORKERS ?? 1);
if (WORKERS > 1 && !env.BENCH_REDIS_URL) {
  console.error('BENCH_WORKERS above 1 needs BENCH_REDIS_URL (the app runs in production, ADR 012)');
  process.exit(1);
}
// PGlite answers one statement at a time: 10,000 cards a learner at 100 connections would push the
// queue's slowest reads past the load generator's timeout, so it gets 2,000 unless told otherwise.
const CARDS = Number(env.BENCH_CARDS ?? (env.BENCH_DATABASE_URL ? 10_000 : 2_000));
const REVIEW_READS = Number(env.BENCH_REVIEW_READS ?? 2000);
const SCENARIOS = ['list', 'herd', 'summary', 'review'];
const named = process.argv.slice(2);
// Scripts of their own, run first and only when named: `review`'s scheduling quality (issue 13; pure
// CPU, deterministic, so a plain run leaves it out; the `review` scenario follows), `analytics`
// (issue 14, a harness with its own database and app; alone, nothing else runs), `cards` (issue 28:
// drawing result-card previews in the worker pool; no database).
const FEATURE_BENCHES = ['review', 'analytics', 'cards'].filter(
  (name) => named.includes(name) && !(name === 'review' && env.BENCH_SKIP_QUALITY === '1'),
);
for (const name of FEATURE_BENCHES) {
  const res = spawnSync(path.join(root, 'node_modules/.bin/tsx'), [path.join(here, `${name}.bench.ts`)], {
    stdio: 'inherit',
  });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
const chosen = named.filter((a) => SCENARIOS.includes(a) || a in EXTRA_SCENARIOS);
if (FEATURE_BENCHES.length && !chosen.length) process.exit(0);
const scenarios = chosen.length ? chosen : SCENARIOS;
const runDir = mkdtempSync(path.join(tmpdir(), 'quizcast-bench-'));
const secret = randomBytes(32).toString('hex');
const phases = [];
const notes = [];
let failed = false;

function step(title) {
  console.log(`\n━━ ${title}`);
}

const { freshDatabase, tsx, peakMemoryMiB, sampleMemory, startApp, stop } = appTools({
  runDir,
  secret,
  workers: WORKERS,
});
const runner = loadRunner({ runDir, connections: CONNECTIONS, phases });
const load = async (call, job) => {
  const r = await runner.load(call, job);
  if (r.failures && job.kind !== 'hello') failed = true;
  return r;
};

async function scenario(name, port, helloPort) {
  const database = await freshDatabase(name);
  const fixture = path.join(runDir, `${name}-fixture.json`);
  // A scenario's own processes and settings (bench/scenarios.mjs: `prepare`, e.g. the reminders' push stand-in).
  const own = (await EXTRA_SCENARIOS[name]?.prepare?.({ runDir, database })) ?? {};
  try {
    step(`${name}: seeding (${database.label})`);
    const seedEnv = {
      ...database.fixtureEnv,
      ...own.seedEnv,
      BENCH_STUDENTS: String(STUDENTS),
      BENCH_CARDS: String(CARDS),
    };
    if (!tsx(['seed', name, fixture], seedEnv)) throw new Error(`seeding ${name} failed`);
    const seeded = JSON.parse(readFileSync(fixture, 'utf8'));
    if (seeded.publishMs)
      notes.push(
        `summary: publication of ${STUDENTS} attempts took ${(seeded.publishMs / 1000).toFixed(2)} s`,
      );
    if (seeded.cards)
      notes.push(
        `review: ${seeded.cards.length} learners × ${seeded.cards[0].length} due cards seeded in ` +
          `${(seeded.seedMs / 1000).toFixed(1)} s (outside the measurement)`,
      );

    step(`${name}: app on :${port} (compiled, NODE_ENV=production, ${WORKERS} worker(s))`);
    const { child, log } = await startApp(
      name,
      { ...database, appEnv: { ...database.appEnv, ...own.appEnv } },
      port,
      own.nodeArgs,
    );
    runner.setApp(child.pid, database.name ?? null);
    const sampler = sampleMemory(name, child.pid);
    const url = `http://127.0.0.1:${port}`;
    const acks = path.join(runDir, `${name}-acks.json`);
    try {
      await runner.hello(`http://127.0.0.1:${helloPort}`, `before ${name}`);
      if (name === 'list')
        await load('GET /api/quizzes/participant (list)', { kind: 'list', url, fixture, amount: REQUESTS });
      if (name === 'summary')
        await load('GET quiz-summary (after publication)', {
          kind: 'summary',
          url,
          fixture,
          amount: REQUESTS,
        });
      if (name === 'herd') {
        await load(`herd ${STUDENTS}: GET attend (start)`, {
          kind: 'herd-start',
          url,
          fixture,
          acks,
          amount: STUDENTS,
        });
        await load(`herd ${STUDENTS}: PUT answers (autosave ×${AUTOSAVES})`, {
          kind: 'herd-autosave',
          url,
          fixture,
          acks,
          rounds: AUTOSAVES,
          amount: STUDENTS * AUTOSAVES,
        });
        await load(`herd ${STUDENTS}: POST submit`, {
          kind: 'herd-submit',
          url,
          fixture,
          acks,
          amount: STUDENTS,
        });
      }
      if (name === 'review') {
        const learners = seeded.cards.length;
        const gradings = Math.min(CARDS, learners * seeded.cards[0].length);
        await load(`review: GET queue (limit 50), ${learners} learners × ${seeded.cards[0].length} cards`, {
          kind: 'review-queue',
          url,
          fixture,
          amount: REVIEW_READS,
        });
        await load('review: GET queue?limit=200&ahead=true (offline copy)', {
          kind: 'review-offline',
          url,
          fixture,
          amount: Math.ceil(REVIEW_READS / 4),
        });
        await load(`review: POST reviews (${gradings} cards graded once each)`, {
          kind: 'review-grade',
          url,
          fixture,
          acks,
          reviewedAt: new Date().toISOString(),
          amount: gradings,
        });
      }
      const extra = EXTRA_SCENARIOS[name]; // (bench/scenarios.mjs)
      if (extra)
        notes.push(
          ...(await extra({
            ...{ load, url, fixture, acks, students: STUDENTS, CONNECTIONS, database, own },
            appPid: child.pid,
            // A window of the scenario's own (not a load call) that profile-summary.mjs --phase can slice by.
            phase: (call, from, to) => {
              phases.push({ call, from, to, endedAt: new Date().toISOString() });
              writeFileSync(path.join(runDir, 'phases.json'), JSON.stringify(phases));
            },
          })),
        );
      const mem = peakMemoryMiB(child.pid);
      notes.push(
        `${name}: app peak resident memory ${mem.self.toFixed(0)} MiB` +
          (mem.workers.length
            ? ` (primary) + workers ${mem.workers.map((m) => m.toFixed(0)).join(', ')} MiB`
            : ''),
      );
    } finally {
      sampler.kill();
      await stop(child);
      console.log(`app log: ${log}`);
    }
    if (name === 'herd' || name === 'summary' || name === 'review' || EXTRA_SCENARIOS[name]) {
      step(`${name}: verifying the database against what was acknowledged`);
      if (!tsx(['verify', fixture, acks], database.fixtureEnv)) failed = true;
    }
  } finally {
    await own.close?.();
    await database.drop();
  }
}

async function main() {
  console.log(`Run folder: ${runDir}`);
  if (!env.BENCH_SKIP_BUILD && !env.BENCH_APP_DIST) {
    step('building the server (apps/server/dist)');
    const res = spawnSync('npm', ['--workspace', '@quizcast/server', 'run', 'build'], {
      stdio: 'inherit',
      cwd: root,
    });
    if (res.status !== 0) throw new Error('build failed');
  }
  const port = env.BENCH_PORT ? Number(env.BENCH_PORT) : await freePort();
  let helloPort = env.BENCH_HELLO_PORT ? Number(env.BENCH_HELLO_PORT) : await freePort();
  while (helloPort === port) helloPort = await freePort();
  const helloServer = spawn(process.execPath, [path.join(here, 'hello.mjs'), String(helloPort)], {
    stdio: 'inherit',
  });
  try {
    await waitFor(`http://127.0.0.1:${helloPort}/`, helloServer);
    step('load generator: is it the limit? (the hello-world with n and 2n processes)');
    const check = await runner.calibrate(
      `http://127.0.0.1:${helloPort}`,
      Number(env.BENCH_LOAD_PROCESSES ?? 1),
      Number(env.BENCH_LOAD_MAX_PROCESSES ?? 8),
    );
    notes.push(`load generator: ${check.lines.join('; ')} → ${check.parts} process(es) for every call`);
    for (const name of scenarios) await scenario(name, port, helloPort);
  } finally {
    helloServer.kill('SIGTERM');
  }

  const best = runner.baseline();
  const rows = runner.rows;
  notes.unshift(`baseline: the strongest hello-world of the run, ${best.toFixed(0)}/s; every ratio is to it`);
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const db = env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const lines = [
    `${date} UTC · ${db} · Node ${process.version} · ${CONNECTIONS} connections · ${runner.parts} generator process(es) · ${WORKERS} worker(s)` +
      `${env.BENCH_POOL ? ` · pool ${env.BENCH_POOL}` : ''} · load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
    '',
    '| call | requests | req/s | p50 ms | p99 ms | failures | vs strongest hello-world | app CPU ms/request | PostgreSQL CPU ms/request |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.call} | ${r.requests} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.failures} | ${(r.ratio * 100).toFixed(2)}% | ${r.cpuMsPerRequest == null ? '–' : r.cpuMsPerRequest.toFixed(3)} | ${r.dbCpuMsPerRequest == null ? '–' : r.dbCpuMsPerRequest.toFixed(3)} |`,
    ),
    '',
    ...notes.map((n) => `- ${n}`),
  ];
  console.log(`\n${lines.join('\n')}`);
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(path.join(here, 'results', 'latest.md'), `${lines.join('\n')}\n`);
  const profiles = readdirSync(runDir).filter((f) => f.endsWith('-profiles'));
  for (const p of profiles) console.log(`CPU profiles: ${path.join(runDir, p)}`);
  if (failed) {
    console.error('\nThe benchmark saw failures or a verification problem (above).');
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err instanceof Error && err.message.startsWith('autovacuum is') ? err.message : err);
  process.exit(1);
});
