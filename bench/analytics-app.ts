/**
 * The app and the load generator of the analytics harness (bench/analytics.bench.ts), each in a
 * process of its own: the compiled app (apps/server/dist, NODE_ENV=production) and bench/load.mjs.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One load-generator run (bench/load.mjs) in its own process; returns its result file's figures. */
export function load(job: Record<string, unknown>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'quizcast-analytics-load-'));
  const jobFile = path.join(dir, 'job.json');
  const out = path.join(dir, 'out.json');
  writeFileSync(jobFile, JSON.stringify({ ...job, out }));
  const res = spawnSync(process.execPath, [path.join(root, 'bench/load.mjs'), jobFile], { stdio: 'inherit' });
  if (res.status !== 0) throw new Error('load generator failed');
  return JSON.parse(readFileSync(out, 'utf8')) as {
    requests: number;
    rps: number;
    p50: number;
    p99: number;
    max: number;
    non2xx: number;
    errors: number;
  };
}

export async function startApp(
  appEnv: Record<string, string>,
  runDir: string,
  { PORT, SECRET }: { PORT: number; SECRET: string },
) {
  const log = path.join(runDir, 'app.log');
  const out = openSync(log, 'a');
  const args = ['--enable-source-maps'];
  if (process.env.BENCH_PROFILE) args.push('--cpu-prof', `--cpu-prof-dir=${path.join(runDir, 'profiles')}`);
  args.push(path.join(root, 'apps/server/dist/main.js'));
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', out, out],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      JWT_SECRET: SECRET,
      SEED_DEMO: 'false',
      // Production refuses the dev gateways; these are never called here.
      SMS_PROVIDER: 'msg91',
      MSG91_AUTH_KEY: 'bench',
      MSG91_TEMPLATE_ID: 'bench',
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_test_bench',
      RAZORPAY_KEY_SECRET: 'bench-secret',
      RAZORPAY_WEBHOOK_SECRET: 'bench-secret',
      DATA_DIR: path.join(runDir, 'app-data'),
      ...appEnv,
    },
  });
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}; see ${log}`);
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) return { child, log };
    } catch {
      /* not up yet */
    }
    await sleep(100);
  }
  throw new Error(`the app did not come up; see ${log}`);
}

export async function stop(child: ReturnType<typeof spawn>) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(20_000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}
