import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The built server (apps/server/dist/main.js) as the browser tests run it: the environment the old
 * shared webServer had, its own data directory, its own port and its own dev clock.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const MAIN = path.join(ROOT, 'apps/server/dist/main.js');

/** Set by global-setup.ts: a data directory already migrated and seeded, copied for each server. */
export const TEMPLATE_ENV = 'QUIZCAST_E2E_TEMPLATE';
/** Set by global-setup.ts: each running server's pid is a file here (the teardown kills leftovers). */
export const PID_DIR_ENV = 'QUIZCAST_E2E_PID_DIR';

/** Whether `port` can be listened on at 127.0.0.1 right now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * The first of `count` consecutive free ports below Linux's ephemeral range (32768–60999), for the
 * e2e servers (global-setup.ts: one per worker slot, kept for the run). A port the OS hands out
 * (listening on port 0) comes from that range, where every outgoing connection of the run (Chromium, the
 * health polls, PostgreSQL clients) also takes its local port: between the probe's close and the
 * server's bind one could take it, and the spec file's first test failed with a server that exited
 * on EADDRINUSE, or worse, a health answer from a server that was not its own.
 */
export async function freePortRange(count: number): Promise<number> {
  for (let tries = 0; tries < 50; tries += 1) {
    const first = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await Promise.all(Array.from({ length: count }, (_, i) => canListen(first + i)));
    if (free.every(Boolean)) return first;
  }
  throw new Error('no free range of ports between 20000 and 32000 for the e2e servers');
}

export interface RunningServer {
  baseURL: string;
  /** Stops it (SIGTERM, then SIGKILL after 10 s) and removes its data directory unless `keepData`. */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/** Starts a server on `port` with `dataDir` (removed when it stops) and waits for /api/health. */
export async function startServer(
  port: number,
  dataDir: string,
  { healthyWithinMs = 90_000 } = {},
): Promise<RunningServer> {
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', MAIN], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      DEV_CLOCK_CONTROL: 'true',
      // The reminders test delivers its push through the DevTools protocol, not a push service.
      PUSH_STAND_IN: 'false',
      // e2e/support/session.ts: one admin number per project (mobile, desktop).
      ADMIN_PHONES: '5550000001,5550000002',
      // Every browser test registers users from 127.0.0.1: lift the hourly send quotas here
      // (the API suite proves the defaults of 5 per phone and 20 per IP).
      OTP_PHONE_LIMIT_PER_HOUR: '1000',
      OTP_IP_LIMIT_PER_HOUR: '100000',
    },
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  // The server's warnings and errors reach the test output as they happen.
  child.stderr!.on('data', (chunk: Buffer) => {
    keep(chunk);
    process.stderr.write(chunk);
  });
  const pidDir = process.env[PID_DIR_ENV];
  const pidFile = pidDir && child.pid ? path.join(pidDir, String(child.pid)) : undefined;
  if (pidFile) {
    mkdirSync(pidDir!, { recursive: true });
    writeFileSync(pidFile, '');
  }
  // A process that exits without stopping it (a crashed worker) takes its server with it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async ({ keepData = false } = {}) => {
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const stopped = await Promise.race([
        exited.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000)),
      ]);
      if (!stopped) child.kill('SIGKILL');
      await exited;
    }
    if (pidFile) rmSync(pidFile, { force: true });
    if (!keepData) rmSync(dataDir, { recursive: true, force: true });
  };

  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + healthyWithinMs;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the e2e server exited (${child.exitCode}):\n${log}`);
    }
    try {
      // Healthy and still ours: a server that lost the port to another (EADDRINUSE) has exited.
      if ((await fetch(`${baseURL}/api/health`)).ok && child.exitCode === null) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the e2e server never answered ${baseURL}/api/health:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { baseURL, stop };
}

/** A fresh data directory: a copy of the seeded template when there is one (global-setup.ts). */
export function freshDataDir(): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'quizcast-e2e-'));
  const template = process.env[TEMPLATE_ENV];
  if (template) cpSync(template, dataDir, { recursive: true });
  return dataDir;
}
