// The app's side of the benchmark harness (bench/run.mjs): a fresh database per scenario (a PGlite
// folder or a scratch database on BENCH_DATABASE_URL's server), the seeding and verification
// (bench/fixture.ts), the compiled app started as production starts it, and what /proc says about it
// (resident memory, CPU time).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const env = process.env;
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * A port nothing listens on now (the kernel's choice). Several engineers' benches share the machine:
 * a fixed or random port could already be another run's app, which then answered this run's load
 * (issue 31: a run measured another helper's app on :3178 while its own died with EADDRINUSE).
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Answers on `url` from `child` itself: it must still be running a moment after the first answer. */
export async function waitFor(url, child) {
  await answers(url, child);
  // A child that lost the port to another process exits (EADDRINUSE) while the other one answers.
  await sleep(300);
  if (child.exitCode !== null)
    throw new Error(`process exited with ${child.exitCode}: ${url} is another process's`);
}

async function answers(url, child) {
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

/**
 * CPU time (user + system, ms) a process and its children (cluster workers) have used so far. Per
 * request, this drifts far less with the machine's load than requests/s does (a loaded machine
 * makes the app wait for a core, which costs time but not CPU).
 */
export function cpuMs(pid) {
  const ticks = (p) => {
    try {
      const fields = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ');
      return Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
    } catch {
      return 0;
    }
  };
  let children = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/);
  } catch {
    /* none */
  }
  return ([pid, ...children.filter(Boolean)].reduce((sum, p) => sum + ticks(p), 0) * 1000) / 100;
}

/**
 * CPU time (ms) of the PostgreSQL backends serving `database` on this machine (their command line
 * names it), or null when the server is elsewhere or PGlite (inside the app's own CPU). A backend that
 * ended during a call takes its CPU with it, so this is a lower bound; the app's pool keeps its
 * connections, so in practice it is the database's whole share.
 */
export function databaseCpuMs(database) {
  if (!database) return null;
  let total = 0;
  let found = false;
  for (const p of readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    try {
      const cmd = readFileSync(`/proc/${p}/cmdline`, 'utf8');
      if (!cmd.startsWith('postgres:') || !cmd.includes(` ${database} `)) continue;
    } catch {
      continue;
    }
    found = true;
    total += cpuMs(Number(p));
  }
  return found ? total : null;
}

/** The app's tools for one run: its folder, the JWT secret, the number of workers. */
export function appTools({ runDir, secret, workers }) {
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
    const db = `${env.BENCH_DB_PREFIX ?? 'quizcast_bench'}_${name.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
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
      name: db,
      appEnv: { DATABASE_URL: url.toString(), DATA_DIR: path.join(runDir, `${name}-data`) },
      fixtureEnv: { BENCH_DB_URL: url.toString() },
      drop: async () => {
        if (env.BENCH_KEEP_DB === '1') console.log(`kept the scratch database: ${url}`);
        else await admin(`drop database if exists ${db} with (force)`);
      },
    };
  }

  function tsx(args, extraEnv) {
    const res = spawnSync(
      path.join(root, 'node_modules/.bin/tsx'),
      [path.join(here, 'fixture.ts'), ...args],
      {
        stdio: 'inherit',
        env: { ...env, ...extraEnv, BENCH_JWT_SECRET: secret },
      },
    );
    return res.status === 0;
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
      children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean);
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

  /** `nodeArgs`: a scenario's own node flags (e.g. the reminders' `--import` of bench/shifted-clock.mjs). */
  async function startApp(name, database, port, nodeArgs = []) {
    const log = path.join(runDir, `${name}-app.log`);
    const { openSync } = await import('node:fs');
    const out = openSync(log, 'a');
    const args = [
      ...productionNodeFlags(),
      ...nodeArgs,
      ...(env.BENCH_NODE_ARGS ? env.BENCH_NODE_ARGS.split(/\s+/) : []),
    ];
    if (env.BENCH_PROFILE) args.push('--cpu-prof', `--cpu-prof-dir=${path.join(runDir, `${name}-profiles`)}`);
    // The start script's entry (dist/start.js) when the build has one; an earlier build's main.js.
    const dist = path.join(root, 'apps/server', env.BENCH_APP_DIST ?? 'dist');
    args.push(path.join(dist, existsSync(path.join(dist, 'start.js')) ? 'start.js' : 'main.js'));
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
        WEB_CONCURRENCY: String(workers),
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

  return { freshDatabase, tsx, peakMemoryMiB, sampleMemory, startApp, stop };
}
