// The embedded default's memory and start time, from /proc (issue 31):
//   node scripts/measure-start.mjs [--data-dir=DIR] [--idle=SECONDS] [--entry=dist/start.js]
// Starts the server exactly as `npm start` does after its build (apps/server's `start` script:
// `node <flags> dist/start.js` in apps/server, PGlite, the demo data, no DATABASE_URL), samples the server process'
// VmRSS and VmHWM from /proc every 50 ms, and prints: the time from the process' start to the first
// 200 from /api/health, the peak resident memory while booting (VmHWM when health first answered),
// then the resident memory after SECONDS idle (default 20) and the peak over the whole run. With
// --data-dir the data folder is kept (run it twice: the second run is "an existing data directory");
// without it a fresh folder is made and removed. Needs `npm run build` (or one `npm start`) first.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const keep = arg('data-dir');
const dataDir = keep ? path.resolve(keep) : mkdtempSync(path.join(tmpdir(), 'quizcast-start-'));
const idleSeconds = Number(arg('idle') ?? 20);
const port = 3300 + Math.floor(Math.random() * 50);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const { scripts } = JSON.parse(readFileSync(path.join(root, 'apps/server/package.json'), 'utf8'));
const words = scripts.start.split(/\s+/);
// --entry=<file in apps/server> runs another build the same way (e.g. a copy of an earlier dist).
const flags = words
  .slice(words.indexOf('node') + 1)
  .map((w) => (w.endsWith('start.js') && arg('entry') ? arg('entry') : w));

function memory(pid) {
  try {
    const s = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (k) => Number(s.match(new RegExp(`${k}:\\s+(\\d+) kB`))[1]) / 1024;
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return null;
  }
}

const started = performance.now();
const child = spawn(process.execPath, flags, {
  cwd: path.join(root, 'apps/server'),
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' },
});
let sampledMax = 0; // the highest VmRSS sampled, a check on the kernel's VmHWM
const sampler = setInterval(() => {
  sampledMax = Math.max(sampledMax, memory(child.pid)?.rss ?? 0);
}, 50);

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
  const boot = memory(child.pid);
  console.log(`health answered ${((healthyAt - started) / 1000).toFixed(2)} s after the server started`);
  console.log(`peak resident memory while booting (VmHWM at first health): ${boot.hwm.toFixed(0)} MiB`);
  await sleep(idleSeconds * 1000);
  const idle = memory(child.pid);
  console.log(`resident memory after ${idleSeconds} s idle (VmRSS): ${idle.rss.toFixed(0)} MiB`);
  console.log(
    `peak resident memory over the run (VmHWM): ${idle.hwm.toFixed(0)} MiB (highest sampled VmRSS ${sampledMax.toFixed(0)} MiB)`,
  );
  console.log(`data directory: ${dataDir}${keep ? '' : ' (removed)'}`);
} finally {
  clearInterval(sampler);
  child.kill('SIGTERM');
  await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
  if (!keep) rmSync(dataDir, { recursive: true, force: true });
}
