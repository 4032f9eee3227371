import { request } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_PATHS } from '@quizcast/contract/routes';
import { openPostgres } from '../src/db/client';
import { createScratchDatabase } from '../src/db/scratch-database';
import { createStudent } from '../src/seed/factories';
import { TEST_JWT_SECRET } from './helpers';
import { exited, freePort, listening, node, output, participantToken } from './server-process';

/**
 * WEB_CONCURRENCY=2 without REDIS_URL (ADR 012): the real server (main.ts under tsx: a primary and two
 * node:cluster workers) on a scratch PostgreSQL database. Both workers answer a learner's token (so
 * both hold its session in their cache); a logout answered by one is refused at once by the other,
 * because the invalidation goes worker → primary → every other worker.
 * Which worker answered is read from its request log line (`pid`, by the response's x-request-id),
 * not from the response. *.postgres.test.ts: runs only when TEST_DATABASE_URL is set (vitest.config.ts).
 */

/** One request on a connection of its own (no keep-alive), so the primary hands each to a worker in turn. */
function call(port: number, method: string, url: string, token: string) {
  return new Promise<{ status: number; requestId: string }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: `/api${url}`,
        agent: false,
        headers: { authorization: `Bearer ${token}` },
      },
      (res) => {
        res.resume();
        res.once('end', () =>
          resolve({ status: res.statusCode!, requestId: String(res.headers['x-request-id']) }),
        );
      },
    );
    req.once('error', reject);
    req.end();
  });
}

/** The pid of the process that logged each request as completed (log lines reach stdout within a second). */
async function servedBy(log: { text: () => string }, requestIds: string[]): Promise<number[]> {
  for (let tries = 0; tries < 100; tries++) {
    const pids = new Map<string, number>();
    const lines = log.text().split('\n').slice(0, -1); // whole lines only
    for (const line of lines) {
      if (!line.includes('"request completed"')) continue;
      try {
        const entry = JSON.parse(line) as { reqId: string; pid: number };
        pids.set(entry.reqId, entry.pid);
      } catch {
        /* two workers' writes crossed on the shared pipe: that line is not evidence either way */
      }
    }
    if (requestIds.every((id) => pids.has(id))) return requestIds.map((id) => pids.get(id)!);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no log line for some of ${requestIds.join(', ')}:\n${log.text()}`);
}

describe('WEB_CONCURRENCY=2 without Redis (PostgreSQL, the real server)', { timeout: 240_000 }, () => {
  it('two workers answer, and a logout through one is refused at once by the other', async () => {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'quizcast_cluster');
    const now = new Date();
    const setup = await openPostgres(scratch.url, 2);
    await setup.migrate();
    const learner = await createStudent(setup.db);
    const token = await participantToken(setup.db, learner.id, now);
    await setup.close();

    const port = await freePort();
    const server = node('src/main.ts', [], {
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: scratch.url,
      DATABASE_POOL_SIZE: '2',
      REDIS_URL: undefined,
      WEB_CONCURRENCY: '2',
      USER_CACHE_TTL_SECONDS: '60',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'quizcast-workers-')),
      JWT_SECRET: TEST_JWT_SECRET,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      SWEEP_INTERVAL_SECONDS: '3600',
    });
    const log = output(server);
    try {
      await listening(server, 2).catch((err: Error) => {
        throw new Error(`${err.message}\n${log.text()}`, { cause: err });
      });
      expect(log.text()).toContain(
        'WEB_CONCURRENCY=2 without REDIS_URL: each worker counts every rate limit',
      );

      // Until both workers have answered the token (each now holds the session in its cache).
      const workers = new Set<number>();
      for (let round = 0; round < 10 && workers.size < 2; round++) {
        const answers = [];
        for (let i = 0; i < 4; i++) answers.push(await call(port, 'GET', API_PATHS.me, token));
        expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
        for (const pid of await servedBy(
          log,
          answers.map((a) => a.requestId),
        ))
          workers.add(pid);
      }
      expect(workers.size).toBe(2);
      expect(workers.has(server.pid!)).toBe(false); // the primary answers nothing itself

      const logout = await call(port, 'POST', API_PATHS.logout, token);
      expect(logout.status).toBe(200);
      const after = [];
      for (let i = 0; i < 4; i++) after.push(await call(port, 'GET', API_PATHS.me, token));
      const [loggedOutBy, ...answeredBy] = await servedBy(
        log,
        [logout, ...after].map((a) => a.requestId),
      );
      expect(after.map((a) => a.status)).toEqual([401, 401, 401, 401]);
      // The other worker answered right after the logout (connections go to the workers in turn).
      expect(answeredBy.filter((pid) => pid !== loggedOutBy).length).toBeGreaterThan(0);
    } finally {
      const stopped = exited(server);
      server.kill('SIGTERM');
      await stopped;
      await scratch.drop();
    }
  });
});
