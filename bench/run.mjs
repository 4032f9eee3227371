// `npm run bench [-- herd|list|summary|review …]`: the benchmark harness (bench/README.md has the figures).
//
// For each scenario: a fresh database is seeded (bench/fixture.ts, outside the measurement); the app
// is started the way production starts it (`node apps/server/dist/main.js`, NODE_ENV=production, the
// default log level, logs to a file); a bare node:http hello-world runs beside it; every call is
// driven by a separate load-generator process (bench/load.mjs, autocannon) and reported as requests/s,
// p50, p99, failures and its ratio to the hello-world's requests/s in the same run. The herd and the
// review gradings end by checking that the database holds exactly what was acknowledged, the summary
// that publication ranked every seeded attempt once. Naming `review` also runs the spaced-repetition
// scheduling-quality simulation first (bench/review.bench.ts, no database); `analytics` runs its own
// harness (bench/analytics.bench.ts) instead of the scenarios.
//
// Settings (environment):
//   BENCH_DATABASE_URL   a PostgreSQL server (a scratch database per scenario); unset: PGlite
//   BENCH_STUDENTS       herd and summary size (default 2000; up to 100000)
//   BENCH_AUTOSAVES      autosave rounds per student (default 3)
//   BENCH_CONNECTIONS    concurrent connections of the load generator (default 100)
//   BENCH_REQUESTS       requests per list/summary measurement (default 20000)
//   BENCH_CARDS          review: due cards per learner, and the gradings sent (default 10000; PGlite 2000)
//   BENCH_REVIEW_LEARNERS  review: learners reading the queue in turn (default 5)
//   BENCH_REVIEW_READS   review: queue reads (default 2000; the offline copy gets a quarter)
//   BENCH_POOL           DATABASE_POOL_SIZE of the app (default: the app's default)
//   BENCH_WORKERS        WEB_CONCURRENCY of the app (default 1; PostgreSQL only; above 1 needs
//                        BENCH_REDIS_URL, as production refuses workers without Redis)
//   BENCH_PROFILE=1      run the app with --cpu-prof; profiles land in the run's folder
//   BENCH_SKIP_BUILD=1   use the existing apps/server/dist
//   BENCH_APP_DIST       run apps/server/<this>/main.js instead of dist (e.g. a copy of an earlier
//                        build in base/dist, for a before/after pair minutes apart; no build then)
//   BENCH_PORT           the app's port (default: random in 3150-3189); BENCH_HELLO_PORT the
//                        hello-world's (default: BENCH_PORT + 9)
//   BENCH_DB_PREFIX      name prefix of the scratch databases (default quizcast_bench)
//   BENCH_ALLOW_NO_AUTOVACUUM=1  measure on a PostgreSQL server whose autovacuum is off (refused
//                        otherwise: production runs it)
//   BENCH_KEEP_DB=1      keep each PostgreSQL scratch database and print its URL (for EXPLAIN ANALYZE,
//                        bench/review-inprocess.ts)
//   BENCH_MEMORY_SAMPLE  ms between samples of the app's VmRSS/VmHWM into <run>/memory.csv (default 5000)
//   BENCH_NODE_ARGS      extra node flags for the app (e.g. --max-old-space-size=256), after the
//                        flags of apps/server's `start` script (which the app always gets)
//   BENCH_ATTEMPT_CACHE_MAX_BYTES  the app's ATTEMPT_CACHE_MAX_BYTES (0: no copy of running attempts)
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

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
// (issue 14, a harness with its own database and app; alone, nothing else runs).
const FEATURE_BENCHES = ['review', 'analytics'].filter((name) => named.includes(name));
for (const name of FEATURE_BENCHES) {
  const res = spawnSync(path.join(root, 'node_modules/.bin/tsx'), [path.join(here, `${name}.bench.ts`)], {
    stdio: 'inherit',
  });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
const chosen = named.filter((a) => SCENARIOS.includes(a));
if (FEATURE_BENCHES.length && !chosen.length) process.exit(0);
const scenarios = chosen.length ? chosen : SCENARIOS;
const runDir = mkdtempSync(path.join(tmpdir(), 'quizcast-bench-'));
const secret = randomBytes(32).toString('hex');
const rows = [];
const phases = [];
const notes = [];
let failed = false;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function step(title) {
  console.log(`\n━━ ${title}`);
}

/** A scratch database on BENCH_DATABASE_URL's server, or a PGlite folder. */
async function freshDatabase(name) {
  if (!env.BENCH_DATABASE_URL) {
    const dir = path.join(runDir, `${name}-data`);
    return {
      label: 'PGlite',
      // Production refuses PGlite unless told (one school's box); the bench measures that case.
      appEnv: { DATA_DIR: dir, ALLOW_PGLITE_IN_PRODUCTION: 'true' },
      fixtureEnv: { BENCH_DB_DIR: path.join(dir, 'pg') },
      drop: async () => {},
    };
  }
  const db = `${env.BENCH_DB_PREFIX ?? 'quizcast_bench'}_${name}_${randomBytes(4).toString('hex')}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: env.BENCH_DATABASE_URL });
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  };
  // Production runs autovacuum (PostgreSQL's default); a CI server may not. Without it nothing
  // analyses the attempts table the herd fills from empty, and at 100,000 learners the autosaves'
  // statements fell from ~1,500/s to ~50/s (docs/performance-history.md, "Fifth pass"): a figure of the
  // server's setting, not of the app. So the bench refuses to measure that unless told to.
  const [{ autovacuum }] = await admin('show autovacuum');
  if (autovacuum !== 'on' && env.BENCH_ALLOW_NO_AUTOVACUUM !== '1')
    throw new Error(
      `autovacuum is ${autovacuum} on ${env.BENCH_DATABASE_URL}; production runs it. Turn it on for the run ` +
        `(psql -c "alter system set autovacuum = on" -c "select pg_reload_conf()"; "alter system reset autovacuum" ` +
        `puts it back) or set BENCH_ALLOW_NO_AUTOVACUUM=1 to measure without it`,
    );
  await admin(`create database ${db}`);
  const url = new URL(env.BENCH_DATABASE_URL);
  url.pathname = `/${db}`;
  return {
    label: 'PostgreSQL',
    appEnv: { DATABASE_URL: url.toString(), DATA_DIR: path.join(runDir, `${name}-data`) },
    fixtureEnv: { BENCH_DB_URL: url.toString() },
    drop: async () => {
      if (env.BENCH_KEEP_DB === '1') console.log(`kept the scratch database: ${url}`);
      else await admin(`drop database if exists ${db} with (force)`);
    },
  };
}

function tsx(args, extraEnv) {
  const res = spawnSync(path.join(root, 'node_modules/.bin/tsx'), [path.join(here, 'fixture.ts'), ...args], {
    stdio: 'inherit',
    env: { ...env, ...extraEnv, BENCH_JWT_SECRET: secret },
  });
  return res.status === 0;
}

async function waitFor(url, child) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null)
      throw new Error(`process exited with ${child.exitCode} before answering ${url}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await sleep(100);
  }
  throw new Error(`${url} did not come up`);
}

/** Resident memory high-water mark (MiB) of a process and its children (cluster workers). */
function peakMemoryMiB(pid) {
  const hwm = (p) => {
    try {
      const m = readFileSync(`/proc/${p}/status`, 'utf8').match(/VmHWM:\s+(\d+) kB/);
      return m ? Number(m[1]) / 1024 : 0;
    } catch {
      return 0;
    }
  };
  let children = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  } catch {
    /* none */
  }
  return { self: hwm(pid), workers: children.map(hwm) };
}

/**
 * The app's resident memory over the run (the load generator runs synchronously, so a process of its
 * own samples): <run>/<scenario>-memory.csv with the wall time, VmRSS and VmHWM in MiB, every
 * BENCH_MEMORY_SAMPLE ms (5000). Phases are in phases.json (monotonic clock) and the console (wall).
 */
function sampleMemory(name, pid) {
  const every = Number(env.BENCH_MEMORY_SAMPLE ?? 5000);
  const file = path.join(runDir, `${name}-memory.csv`);
  const script = `
    const { readFileSync, appendFileSync } = require('node:fs');
    appendFileSync(${JSON.stringify(file)}, 'time,rss_mib,hwm_mib\\n');
    setInterval(() => {
      try {
        const s = readFileSync('/proc/${pid}/status', 'utf8');
        const kb = (k) => Number(s.match(new RegExp(k + ':\\\\s+(\\\\d+) kB'))[1]) / 1024;
        appendFileSync(${JSON.stringify(file)}, new Date().toISOString() + ',' + kb('VmRSS').toFixed(1) + ',' + kb('VmHWM').toFixed(1) + '\\n');
      } catch { process.exit(0); }
    }, ${every});`;
  return spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
}

/**
 * The node flags production starts the server with: those of apps/server's `start` script
 * (`node <flags> dist/main.js`, e.g. the young generation's size, docs/deploy.md), so the app here
 * runs as `npm start` runs it. BENCH_NODE_ARGS come after them (a later flag wins).
 */
function productionNodeFlags() {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'apps/server/package.json'), 'utf8'));
  const words = scripts.start.split(/\s+/);
  return words.slice(words.indexOf('node') + 1).filter((w) => w.startsWith('--'));
}

async function startApp(name, database, port) {
  const log = path.join(runDir, `${name}-app.log`);
  const { openSync } = await import('node:fs');
  const out = openSync(log, 'a');
  const args = [...productionNodeFlags(), ...(env.BENCH_NODE_ARGS ? env.BENCH_NODE_ARGS.split(/\s+/) : [])];
  if (env.BENCH_PROFILE) args.push('--cpu-prof', `--cpu-prof-dir=${path.join(runDir, `${name}-profiles`)}`);
  args.push(path.join(root, 'apps/server', env.BENCH_APP_DIST ?? 'dist', 'main.js'));
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', out, out],
    env: {
      PATH: env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      JWT_SECRET: secret,
      SEED_DEMO: 'false',
      // Production refuses the dev gateways; these are never called by the scenarios.
      SMS_PROVIDER: 'msg91',
      MSG91_AUTH_KEY: 'bench',
      MSG91_TEMPLATE_ID: 'bench',
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_test_bench',
      RAZORPAY_KEY_SECRET: 'bench-secret',
      RAZORPAY_WEBHOOK_SECRET: 'bench-secret',
      WEB_CONCURRENCY: String(WORKERS),
      ...(env.BENCH_POOL ? { DATABASE_POOL_SIZE: env.BENCH_POOL } : {}),
      ...(env.BENCH_REDIS_URL ? { REDIS_URL: env.BENCH_REDIS_URL } : {}),
      ...(env.BENCH_ATTEMPT_CACHE_MAX_BYTES
        ? { ATTEMPT_CACHE_MAX_BYTES: env.BENCH_ATTEMPT_CACHE_MAX_BYTES }
        : {}),
      ...database.appEnv,
    },
  });
  await waitFor(`http://127.0.0.1:${port}/api/health`, child);
  return { child, log };
}

async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(20_000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

let baseline = null; // requests/s of the latest hello-world measurement
let jobNo = 0;

/**
 * CPU time (user + system, ms) the app has used so far: its process and its cluster workers. Per
 * request, this drifts far less with the machine's load than requests/s does (a loaded machine
 * makes the app wait for a core, which costs time but not CPU).
 */
let appPid = null;
function appCpuMs() {
  if (!appPid) return null;
  const ticks = (pid) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
    } catch {
      return 0;
    }
  };
  let children = [];
  try {
    children = readFileSync(`/proc/${appPid}/task/${appPid}/children`, 'utf8').trim().split(/\s+/);
  } catch {
    /* none */
  }
  return ([appPid, ...children.filter(Boolean)].reduce((sum, pid) => sum + ticks(pid), 0) * 1000) / 100;
}

/** One call, driven by bench/load.mjs in its own process. */
function load(call, job) {
  const jobFile = path.join(runDir, `job-${++jobNo}.json`);
  const out = path.join(runDir, `result-${jobNo}.json`);
  writeFileSync(jobFile, JSON.stringify({ connections: CONNECTIONS, ...job, out }));
  // CLOCK_MONOTONIC in µs, the clock of V8's CPU profiles: profile-summary.mjs --phase slices by it.
  const from = Number(process.hrtime.bigint() / 1000n);
  const cpuBefore = job.kind === 'hello' ? null : appCpuMs();
  const res = spawnSync(process.execPath, [path.join(here, 'load.mjs'), jobFile], { stdio: 'inherit' });
  phases.push({ call, from, to: Number(process.hrtime.bigint() / 1000n), endedAt: new Date().toISOString() });
  writeFileSync(path.join(runDir, 'phases.json'), JSON.stringify(phases));
  if (res.status !== 0) throw new Error(`load generator failed for ${call}`);
  const r = JSON.parse(readFileSync(out, 'utf8'));
  r.call = call;
  const cpuAfter = cpuBefore === null ? null : appCpuMs();
  r.cpuMsPerRequest = cpuAfter === null || !r.requests ? null : (cpuAfter - cpuBefore) / r.requests;
  r.failures = r.non2xx + r.errors; // autocannon counts a timeout among its errors too
  if (job.kind === 'hello') baseline = r.rps;
  // Each call is compared with the hello-world measured just before its scenario.
  r.ratio = baseline ? r.rps / baseline : null;
  rows.push(r);
  console.log(
    `${call}: ${r.requests} requests, ${r.rps.toFixed(0)}/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ` +
      `failures ${r.failures} ${JSON.stringify(r.statuses)}${r.ratio ? `, ${(r.ratio * 100).toFixed(2)}% of hello-world` : ''}` +
      `${r.cpuMsPerRequest !== null && r.cpuMsPerRequest !== undefined ? `, app CPU ${r.cpuMsPerRequest.toFixed(3)} ms/request` : ''}`,
  );
  if (r.failures && job.kind !== 'hello') failed = true;
  return r;
}

/** The bare node:http baseline, measured right before each scenario's calls (the machine drifts). */
function hello(helloPort, label) {
  load(`hello-world (node:http) ${label}`, {
    kind: 'hello',
    url: `http://127.0.0.1:${helloPort}`,
    duration: 5,
  });
}

async function scenario(name, port, helloPort) {
  const database = await freshDatabase(name);
  const fixture = path.join(runDir, `${name}-fixture.json`);
  try {
    step(`${name}: seeding (${database.label})`);
    const seedEnv = { ...database.fixtureEnv, BENCH_STUDENTS: String(STUDENTS), BENCH_CARDS: String(CARDS) };
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
    const { child, log } = await startApp(name, database, port);
    appPid = child.pid;
    const sampler = sampleMemory(name, child.pid);
    const url = `http://127.0.0.1:${port}`;
    const acks = path.join(runDir, `${name}-acks.json`);
    try {
      hello(helloPort, `before ${name}`);
      if (name === 'list')
        load('GET /api/quizzes/participant (list)', { kind: 'list', url, fixture, amount: REQUESTS });
      if (name === 'summary')
        load('GET quiz-summary (after publication)', { kind: 'summary', url, fixture, amount: REQUESTS });
      if (name === 'herd') {
        load(`herd ${STUDENTS}: GET attend (start)`, {
          kind: 'herd-start',
          url,
          fixture,
          acks,
          amount: STUDENTS,
        });
        load(`herd ${STUDENTS}: PUT answers (autosave ×${AUTOSAVES})`, {
          kind: 'herd-autosave',
          url,
          fixture,
          acks,
          rounds: AUTOSAVES,
          amount: STUDENTS * AUTOSAVES,
        });
        load(`herd ${STUDENTS}: POST submit`, { kind: 'herd-submit', url, fixture, acks, amount: STUDENTS });
      }
      if (name === 'review') {
        const learners = seeded.cards.length;
        const gradings = Math.min(CARDS, learners * seeded.cards[0].length);
        load(`review: GET queue (limit 50), ${learners} learners × ${seeded.cards[0].length} cards`, {
          kind: 'review-queue',
          url,
          fixture,
          amount: REVIEW_READS,
        });
        load('review: GET queue?limit=200&ahead=true (offline copy)', {
          kind: 'review-offline',
          url,
          fixture,
          amount: Math.ceil(REVIEW_READS / 4),
        });
        load(`review: POST reviews (${gradings} cards graded once each)`, {
          kind: 'review-grade',
          url,
          fixture,
          acks,
          reviewedAt: new Date().toISOString(),
          amount: gradings,
        });
      }
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
    if (name === 'herd' || name === 'summary' || name === 'review') {
      step(`${name}: verifying the database against what was acknowledged`);
      if (!tsx(['verify', fixture, acks], database.fixtureEnv)) failed = true;
    }
  } finally {
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
  const port = env.BENCH_PORT ? Number(env.BENCH_PORT) : 3150 + Math.floor(Math.random() * 40);
  const helloPort = env.BENCH_HELLO_PORT ? Number(env.BENCH_HELLO_PORT) : port + 9;
  const helloServer = spawn(process.execPath, [path.join(here, 'hello.mjs'), String(helloPort)], {
    stdio: 'inherit',
  });
  try {
    await waitFor(`http://127.0.0.1:${helloPort}/`, helloServer);
    for (const name of scenarios) await scenario(name, port, helloPort);
  } finally {
    helloServer.kill('SIGTERM');
  }

  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const db = env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const lines = [
    `${date} UTC · ${db} · Node ${process.version} · ${CONNECTIONS} connections · ${WORKERS} worker(s)` +
      `${env.BENCH_POOL ? ` · pool ${env.BENCH_POOL}` : ''} · load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
    '',
    '| call | requests | req/s | p50 ms | p99 ms | failures | vs hello-world | app CPU ms/request |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.call} | ${r.requests} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.failures} | ${r.call.startsWith('hello') ? '100%' : `${(r.ratio * 100).toFixed(2)}%`} | ${r.cpuMsPerRequest == null ? '–' : r.cpuMsPerRequest.toFixed(3)} |`,
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
