import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/client';
import { createQuiz, createStudent } from '../src/seed/factories';
import { TEST_JWT_SECRET } from './helpers';
import { exited, freePort, listening, node, output, participantToken } from './server-process';

/**
 * Issue 15 item 16: the real server (its own process, PGlite on disk) acknowledges 200 autosaves,
 * is killed with SIGKILL, and starts again on the same folder: it opens, and every acknowledged
 * answer is there. While it runs, `npm run admin` on the same folder is refused with a plain message.
 */

const SAVES = 200;

describe('PGlite durability (a real server process, kill -9)', { timeout: 240_000 }, () => {
  it('keeps every acknowledged autosave across SIGKILL, opens again, and locks its folder', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'quizcast-crash-'));
    const now = new Date();

    // The learner, a live 200-question quiz and a session, prepared while no server runs.
    const setup = await openPglite(path.join(dataDir, 'pg'));
    await setup.migrate();
    const learner = await createStudent(setup.db);
    const { quiz, questions } = await createQuiz(
      setup.db,
      {
        startAt: new Date(now.getTime() - 60_000),
        endAt: new Date(now.getTime() + 6 * 3600_000),
        durationMin: 300,
      },
      Array.from({ length: SAVES }, (_, i) => ({
        qn: `Question ${i + 1}`,
        choices: ['A', 'B', 'C', 'D'],
        ansIndex: i % 4,
      })),
      now,
    );
    const token = await participantToken(setup.db, learner.id, now);
    await setup.close();

    const port = await freePort();
    const env = {
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      JWT_SECRET: TEST_JWT_SECRET,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      WEB_DIST: path.join(dataDir, 'no-web'),
      SWEEP_INTERVAL_SECONDS: '3600',
      // 200 autosaves in well under a minute from one learner: above the per-learner limit (issue 12).
      AUTOSAVE_LIMIT_PER_MINUTE: '1000',
    };
    const base = `http://127.0.0.1:${port}/api`;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const attend = `${base}/quizzes/participant/attend/${quiz.id}`;

    const first = node('src/main.ts', [], env);
    const firstLog = output(first);
    try {
      await listening(first);
    } catch (err) {
      throw new Error(`${(err as Error).message}\n${firstLog.text()}`, { cause: err });
    }

    // A second process on the same folder is refused, plainly, and the server is unharmed.
    const admin = node('src/modules/students/promote-admin.cli.ts', [learner.phNo], env);
    const adminLog = output(admin);
    const adminExit = await exited(admin);
    expect(adminExit.code).toBe(1);
    expect(adminLog.text()).toContain('is in use by another Quizcast process');
    expect(adminLog.text()).not.toMatch(/\n\s+at /); // no stack trace

    const started = await fetch(attend, { headers });
    expect(started.status).toBe(200);

    // 200 autosaves, each acknowledged before the next; each adds one more answer.
    const acknowledged: { qnId: string; selectedOption: string }[] = [];
    for (let i = 0; i < SAVES; i++) {
      const answers = [
        ...acknowledged,
        { qnId: questions[i]!.id, selectedOption: ['A', 'B', 'C', 'D'][(i * 3) % 4]! },
      ];
      const res = await fetch(`${attend}/answers`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ answers }),
      });
      expect(res.status).toBe(200);
      acknowledged.push(answers[i]!);
    }
    const gone = exited(first);
    first.kill('SIGKILL');
    expect((await gone).signal).toBe('SIGKILL');

    // Restart on the same folder: it opens (the kernel released the lock at kill -9) and resumes the attempt.
    const second = node('src/main.ts', [], env);
    const secondLog = output(second);
    try {
      await listening(second);
      const resumed = await fetch(attend, { headers });
      expect(resumed.status, secondLog.text()).toBe(200);
      const body = (await resumed.json()) as {
        savedAnswers: { qnId: string; selectedOption?: string | null }[];
      };
      expect(body.savedAnswers).toHaveLength(SAVES);
      // Each saved entry carries the merge's bookkeeping too (seq, ADR 016): compare the answer itself.
      expect(body.savedAnswers).toEqual(
        expect.arrayContaining(acknowledged.map((answer) => expect.objectContaining(answer))),
      );
    } finally {
      const stopped = exited(second);
      second.kill('SIGTERM');
      await stopped;
    }
  });

  it('runs PGlite on disk with fsync on and the WAL synced by fsync (PGlite itself starts with fsync off)', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'quizcast-fsync-')), 'pg');
    const database = await openPglite(dir);
    try {
      const setting = async (name: string) => {
        const result = (await database.db.execute(sql.raw(`show ${name}`))) as unknown as {
          rows: Record<string, string>[];
        };
        return result.rows[0]?.[name];
      };
      expect(await setting('fsync')).toBe('on');
      expect(await setting('synchronous_commit')).toBe('on');
      expect(await setting('wal_sync_method')).toBe('fsync');
    } finally {
      await database.close();
    }
  });
});
