// The cluster test's harness: its settings, the app instances, HAProxy in front of them, and one HTTP
// call through the balancer. scripts/cluster-test.mjs runs the scenario with these.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const STUDENTS = Number(process.env.CLUSTER_STUDENTS ?? 2000);
export const AUTOSAVES = 3;
export const CONCURRENCY = 48;
export const SUBMITTERS = Math.floor(STUDENTS * 0.9); // the rest are auto-submitted at publication
export const PG_SERVER = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
export const BASE_PORT = Number(process.env.CLUSTER_BASE_PORT ?? 3150 + Math.floor(Math.random() * 10) * 5);
export const LB_PORT = BASE_PORT;
export const INSTANCE_PORTS = [BASE_PORT + 1, BASE_PORT + 2, BASE_PORT + 3];
/**
 * A Redis of the test's own (redis-server on PATH, nothing saved), so that stopping and pausing it
 * (the revocation checks) disturbs no other test using the machine's Redis.
 */
export const REDIS_PORT = BASE_PORT + 4;
export const REDIS_URL = `redis://127.0.0.1:${REDIS_PORT}`;
export const work = mkdtempSync(path.join(tmpdir(), 'quizcast-cluster-'));
export const secret = randomBytes(32).toString('hex');
export const namespace = `quizcast-cluster-${randomBytes(4).toString('hex')}:`;
export const children = new Set();
export const problems = [];
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const log = (msg) => console.log(`[cluster ${new Date().toISOString().slice(11, 23)}] ${msg}`);

export function check(ok, message) {
  console.log(`${ok ? '  ok  ' : '  FAIL'} ${message}`);
  if (!ok) problems.push(message);
}

export async function sql(url, text, params = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

export function track(child) {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

export async function waitHealthy(url, child, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child && child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await sleep(200);
  }
  throw new Error(`${url} did not become healthy`);
}

/** Starts the test's Redis (again, after a kill) and waits for its PONG. */
export async function startRedis() {
  const child = track(
    spawn(
      'redis-server',
      ['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    ),
  );
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    const ping = spawnSync('redis-cli', ['-p', String(REDIS_PORT), 'ping'], { encoding: 'utf8' });
    if (ping.stdout?.trim() === 'PONG') return child;
    await sleep(100);
  }
  throw new Error(`redis-server on :${REDIS_PORT} did not answer`);
}

export const instanceLogs = [];
export function startInstance(i, databaseUrl) {
  const file = path.join(work, `instance-${i + 1}-${instanceLogs.length}.log`);
  instanceLogs.push(file);
  const out = openSync(file, 'a');
  return track(
    spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
      stdio: ['ignore', out, out],
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(INSTANCE_PORTS[i]),
        DATABASE_URL: databaseUrl,
        // The database as its own read replica: every instance starts with a replica pool and reads
        // settled results through it (which reads go there is read-replica.postgres.test.ts's).
        DATABASE_READ_URL: databaseUrl,
        DATABASE_POOL_SIZE: '6',
        REDIS_URL,
        RATE_LIMIT_NAMESPACE: namespace,
        JWT_SECRET: secret,
        DATA_DIR: path.join(work, 'data'),
        SEED_DEMO: 'false',
        TRUST_PROXY: '127.0.0.1', // the balancer's address: only its X-Forwarded-For is believed
        SWEEP_INTERVAL_SECONDS: '1',
        SUBMIT_GRACE_SECONDS: '0',
        OTP_RESEND_COOLDOWN_SECONDS: '0',
        OTP_PHONE_LIMIT_PER_HOUR: '5',
        OTP_IP_LIMIT_PER_HOUR: '1000',
        LOG_LEVEL: 'info',
      },
    }),
  );
}

export function startHaproxy() {
  const config = `global
  maxconn 2048
  log stdout format raw local0
defaults
  mode http
  log global
  timeout connect 1s
  timeout client 30s
  timeout server 30s
  # A request that could not reach a server (refused: the instance is down) goes to another one;
  # a request already sent is never replayed by the balancer (POST/PUT are not idempotent).
  retries 3
  option redispatch 1
  retry-on conn-failure
frontend web
  bind 127.0.0.1:${LB_PORT}
  option forwardfor
  # The test's own trace (not for production): which server answered each request (a header), and
  # a log line per request with the client's request id, the server it was sent to, the status and
  # how it ended. A request sent on a reused server connection that then died is answered by
  # closing the client's connection (so that the client may retry), with no response to carry the
  # header: the log still names its server.
  http-after-response set-header x-test-server %s
  capture request header x-test-request len 16
  log-format "%[capture.req.hdr(0)] %s %ST %tsc"
  default_backend app
backend app
  balance roundrobin
  option httpchk GET /api/health
  http-check expect status 200
  # A refused connection marks a server down at once (and the request goes elsewhere); a slow
  # answer under load does not (3 s to answer, 3 misses in a row).
  timeout check 3s
  default-server inter 1s fall 3 rise 2 observe layer4 error-limit 1 on-error mark-down
${INSTANCE_PORTS.map((p, i) => `  server app${i + 1} 127.0.0.1:${p} check`).join('\n')}
`;
  const file = path.join(work, 'haproxy.cfg');
  writeFileSync(file, config);
  const logFile = openSync(path.join(work, 'haproxy.log'), 'a');
  return track(spawn('haproxy', ['-f', file, '-db'], { stdio: ['ignore', logFile, 'inherit'] }));
}

/** One HTTP call through the balancer; network errors come back as status 0. */
let requestIds = 0;
export async function call(method, url, token, body) {
  const started = Date.now();
  const id = String(++requestIds);
  try {
    const res = await fetch(`http://127.0.0.1:${LB_PORT}${url}`, {
      method,
      headers: {
        'x-test-request': id,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return {
      id,
      status: res.status,
      text,
      server: res.headers.get('x-test-server'),
      started,
      ended: Date.now(),
    };
  } catch (err) {
    return { id, status: 0, text: String(err?.cause?.code ?? err), server: null, started, ended: Date.now() };
  }
}
