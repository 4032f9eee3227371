// The embedded default's memory and start time, from /proc (issue 31):
//   node scripts/measure-start.mjs [--npm] [--data-dir=DIR] [--idle=SECONDS] [--runs=N] [--entry=dist/start.js]
// Starts the server with PGlite and the demo data (no DATABASE_URL) and samples, every 100 ms, the
// resident memory (VmRSS from /proc) of every process in its tree: the server, PGlite's lock holder
// (flock, cat) and, with --npm, `npm start` itself and what it runs (the launcher is part of what
// `npm start` costs). Without --npm the server starts as apps/server's `start` script runs it
// (`node <flags> dist/start.js` in apps/server). Each run prints the time from the spawn to the first
// 200 from /api/health, the tree's peak resident memory while booting (the highest sum sampled up to
// that answer), the peak over the whole run, the tree after SECONDS idle (default 20) with each
// process, and the server's own VmHWM. --runs=N runs N times on one data folder and prints the medians:
// the first run on a fresh folder is "a fresh data directory" (it creates and seeds it), the others
// "an existing data directory". With --data-dir the folder is kept (and may already exist); without it
// a fresh folder is made and removed. Needs `npm run build` (or one `npm start`) first.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// A port nothing listens on now (the OS picks it): a fixed range once hit MariaDB's 3306.
import { freePort, sleep } from '../bench/app-process.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const viaNpm = process.argv.includes('--npm');
const keep = arg('data-dir');
const dataDir = keep ? path.resolve(keep) : mkdtempSync(path.join(tmpdir(), 'quizcast-start-'));
const idleSeconds = Number(arg('idle') ?? 20);
const runs = Number(arg('runs') ?? 1);
const SAMPLE_MS = 100;

const { scripts } = JSON.parse(readFileSync(path.join(root, 'apps/server/package.json'), 'utf8'));
const words = scripts.start.split(/\s+/);
// --entry=<file in apps/server> runs another build the same way (e.g. a copy of an earlier dist).
const serverArgs = words
  .slice(words.indexOf('node') + 1)
  .map((w) => (w.endsWith('start.js') && arg('entry') ? arg('entry') : w));

/** pid → { ppid, rss (MiB), hwm (MiB), name } for every process we can read. */
function processes() {
  const all = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      const field = (k) => status.match(new RegExp(`${k}:\\s+(\\S+)`))?.[1];
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean);
      all.set(Number(entry), {
        ppid: Number(field('PPid')),
        rss: Number(field('VmRSS') ?? 0) / 1024,
        hwm: Number(field('VmHWM') ?? 0) / 1024,
        name: cmd
          .map((w) => path.basename(w))
          .join(' ')
          .slice(0, 70),
      });
    } catch {
      /* gone between the listing and the read */
    }
  }
  return all;
}

/** The process `pid` and all its descendants. */
function tree(pid) {
  const all = processes();
  const out = [];
  const visit = (p) => {
    const proc = all.get(p);
    if (!proc) return;
    out.push({ pid: p, ...proc });
    for (const [child, c] of all) if (c.ppid === p) visit(child);
  };
  visit(pid);
  return out;
}
const total = (procs) => procs.reduce((sum, p) => sum + p.rss, 0);

async function once(run) {
  const fresh = !existsSync(path.join(dataDir, 'pg'));
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' };
  const started = performance.now();
  const child = viaNpm
    ? spawn('npm', ['start'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env, detached: true })
    : spawn(process.execPath, serverArgs, {
        cwd: path.join(root, 'apps/server'),
        stdio: ['ignore', 'ignore', 'inherit'],
        env,
        detached: true,
      });
  let peak = 0;
  let peakProcs = [];
  const sampler = setInterval(() => {
    const procs = tree(child.pid);
    const sum = total(procs);
    if (sum > peak) [peak, peakProcs] = [sum, procs];
  }, SAMPLE_MS);
  try {
    let healthyAt = null;
    while (healthyAt === null) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) healthyAt = performance.now();
      } catch {
        /* not listening yet */
      }
      if (healthyAt === null) await sleep(20);
    }
    const bootPeak = Math.max(peak, total(tree(child.pid)));
    await sleep(idleSeconds * 1000);
    const idle = tree(child.pid);
    const server = idle.reduce((a, b) => (b.rss > a.rss ? b : a));
    const result = {
      health: (healthyAt - started) / 1000,
      bootPeak,
      peak: Math.max(peak, total(idle)),
      idle: total(idle),
      serverHwm: server.hwm,
    };
    console.log(
      `run ${run} (${fresh ? 'fresh' : 'existing'} data directory): health ${result.health.toFixed(2)} s; ` +
        `tree peak while booting ${bootPeak.toFixed(0)} MiB, over the run ${result.peak.toFixed(0)} MiB; ` +
        `after ${idleSeconds} s idle ${result.idle.toFixed(0)} MiB; the server's VmHWM ${server.hwm.toFixed(0)} MiB`,
    );
    for (const p of idle) console.log(`    idle ${p.rss.toFixed(0).padStart(5)} MiB  ${p.name}`);
    console.log(
      `    at the peak: ${peakProcs.map((p) => `${p.rss.toFixed(0)} ${p.name.split(' ')[0]}`).join(', ')}`,
    );
    return { fresh, ...result };
  } finally {
    clearInterval(sampler);
    // The whole group (npm, its shell, the server): the server closes PGlite on SIGTERM.
    const pids = tree(child.pid).map((p) => p.pid);
    const exited = new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // The group has already gone (the server exited on its own: the error above says why).
    }
    await exited;
    // PGlite's lock holder (its own process group) leaves once the server has gone; wait for every
    // process of the tree so the next run finds the folder unlocked.
    const alive = () => pids.filter((pid) => existsSync(`/proc/${pid}`)).length;
    for (let i = 0; i < 200 && alive(); i++) await sleep(50);
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const results = [];
try {
  for (let run = 1; run <= runs; run++) results.push(await once(run));
} finally {
  if (!keep) rmSync(dataDir, { recursive: true, force: true });
}
for (const kind of ['fresh', 'existing']) {
  const of = results.filter((r) => r.fresh === (kind === 'fresh'));
  if (of.length < 2 && !(of.length === 1 && kind === 'fresh')) continue;
  const m = (k) => median(of.map((r) => r[k]));
  console.log(
    `${kind} data directory, median of ${of.length}: health ${m('health').toFixed(2)} s, ` +
      `boot peak ${m('bootPeak').toFixed(0)} MiB, run peak ${m('peak').toFixed(0)} MiB, ` +
      `idle ${m('idle').toFixed(0)} MiB, server VmHWM ${m('serverHwm').toFixed(0)} MiB`,
  );
}
console.log(
  `data directory: ${dataDir}${keep ? '' : ' (removed)'}; ${viaNpm ? '`npm start`' : 'the server alone'}`,
);
