import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../src/db/client';
import { SessionRepository } from '../src/modules/auth/session.repository';
import { signSessionToken } from '../src/modules/auth/session-token';
import { TEST_JWT_SECRET } from './helpers';

/** Tests that run the real server (or a CLI) in its own process, from the sources under tsx. */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The node flags of apps/server's `start` script (what `npm start` runs the server with: the young
 * generation's cap, PGlite's WASM left at its baseline tier), so the processes tested run as production's.
 */
const startFlags = (() => {
  const { scripts } = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  return scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
})();

/**
 * Node with tsx as a loader in the same process (so a signal hits the process that holds the files,
 * and node:cluster workers inherit the loader), with the `start` script's flags. `env` is laid over
 * this process's; `undefined` removes a variable.
 */
export function node(script: string, args: string[], env: Record<string, string | undefined>): ChildProcess {
  const merged = Object.entries({ ...process.env, ...env }).filter(([, value]) => value !== undefined);
  return spawn(process.execPath, [...startFlags, '--import', 'tsx', script, ...args], {
    cwd: serverDir,
    env: Object.fromEntries(merged),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Everything the process wrote so far, stdout and stderr together. */
export function output(child: ChildProcess): { text: () => string } {
  let text = '';
  child.stdout!.on('data', (d) => (text += String(d)));
  child.stderr!.on('data', (d) => (text += String(d)));
  return { text: () => text };
}

/** Resolves when the server has logged `times` "Quizcast is running" lines (rejects if it exits first). */
export function listening(child: ChildProcess, times = 1): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (d: Buffer) => {
      seen += String(d);
      if (seen.split('Quizcast is running').length > times) resolve();
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${seen}`)));
  });
}

export const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );

/** A day-long session for `userId` and its token, signed with TEST_JWT_SECRET (give the server that). */
export async function participantToken(db: Db, userId: string, now: Date): Promise<string> {
  const session = await new SessionRepository(db).create(userId, now, new Date(now.getTime() + 86_400_000));
  return signSessionToken(TEST_JWT_SECRET, { sub: userId, role: 'participant', sid: session.id }, 1, now);
}
