import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TEST_JWT_SECRET } from '../helpers';
import { exited, freePort, listening, node, output } from '../server-process';
import { reportFigure } from './support';

/**
 * The embedded database's lock (issue 29 item 2). The lock used to be a pid in a file, taken over when
 * `process.kill(pid, 0)` failed: a second server in another PID namespace (a second container on the
 * same volume) could not see the first one's pid, took the lock over, and both answered healthy on the
 * same PGlite folder. Now it is a kernel lock (flock) held for the server's lifetime: the second
 * server, started with `unshare --pid --fork --mount-proc`, is refused with a plain sentence; after
 * kill -9 of the holder the kernel drops the lock and a new server starts.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function serverEnv(dataDir: string, port: number): Record<string, string> {
  return {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
    WEB_DIST: path.join(dataDir, 'no-web'),
    SWEEP_INTERVAL_SECONDS: '3600',
  };
}

/** The server under tsx in a new PID namespace (and its own /proc): it cannot see the first one's pid. */
function serverInOtherPidNamespace(env: Record<string, string>) {
  return spawn(
    'unshare',
    // --kill-child: should the test itself die, the server is not left behind.
    [
      '--pid',
      '--fork',
      '--mount-proc',
      '--kill-child=SIGTERM',
      process.execPath,
      '--import',
      'tsx',
      'src/main.ts',
    ],
    { cwd: serverDir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
}

/**
 * The server inside the namespace (unshare's one child, pid 1 there). It is signalled itself, and
 * unshare exits when it does: killing unshare instead would leave the server shutting down after the
 * test has closed its pipes.
 */
function serverPid(unshare: ChildProcess): number {
  const children = readFileSync(`/proc/${unshare.pid}/task/${unshare.pid}/children`, 'utf8').trim();
  if (!children) throw new Error('unshare has no server running');
  return Number(children.split(' ')[0]);
}

describe('the PGlite data folder lock', { timeout: 180_000 }, () => {
  it('refuses a second server in another PID namespace, and is free again after kill -9', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'quizcast-lock-'));

    const firstPort = await freePort();
    const first = node('src/main.ts', [], serverEnv(dataDir, firstPort));
    const firstLog = output(first);
    try {
      await listening(first);
    } catch (err) {
      throw new Error(`${(err as Error).message}\n${firstLog.text()}`, { cause: err });
    }

    try {
      // The intruder: same folder, another port, another PID namespace.
      const intruder = serverInOtherPidNamespace(serverEnv(dataDir, await freePort()));
      const intruderLog = output(intruder);
      // Before the fix it started and served: then stop it here rather than wait for a timeout.
      const intruderExit = exited(intruder);
      const outcome = await Promise.race([
        intruderExit.then(() => 'exited'),
        listening(intruder).then(
          () => 'listening',
          () => 'exited',
        ),
      ]);
      if (outcome === 'listening') process.kill(serverPid(intruder), 'SIGKILL');
      expect(outcome, intruderLog.text()).toBe('exited');
      expect(intruderLog.text()).toContain('is in use by another Quizcast process');
      expect(intruderLog.text()).not.toContain('Quizcast is running');
      expect(intruderLog.text()).not.toMatch(/\n\s+at /); // a sentence, no stack trace
      expect((await intruderExit).code).toBe(1);

      // The first server is unharmed.
      const health = await fetch(`http://127.0.0.1:${firstPort}/api/health`);
      expect(health.status).toBe(200);
    } finally {
      const gone = exited(first);
      first.kill('SIGKILL');
      expect((await gone).signal).toBe('SIGKILL');
    }

    // kill -9 left no process to hold the lock: the kernel released it, and a new server starts.
    const againPort = await freePort();
    const again = serverInOtherPidNamespace(serverEnv(dataDir, againPort));
    const againLog = output(again);
    try {
      await listening(again);
      const health = await fetch(`http://127.0.0.1:${againPort}/api/health`);
      expect(health.status, againLog.text()).toBe(200);
    } catch (err) {
      throw new Error(`${(err as Error).message}\n${againLog.text()}`, { cause: err });
    } finally {
      const stopped = exited(again);
      process.kill(serverPid(again), 'SIGTERM'); // unshare itself ignores SIGTERM
      await stopped;
    }
    reportFigure(
      'PGlite folder lock',
      'a second server in another PID namespace refused; a new one starts after kill -9 of the holder',
    );
  });
});
