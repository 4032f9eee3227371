// What each statement of the herd's start costs on PGlite, against an autosave, in-process and one
// at a time (no HTTP): the session check's cold lookup, the one-statement start, and an autosave.
//   npx tsx bench/pglite-start-cost.mts            # durable, as the app runs by default
//   DURABLE=false npx tsx bench/pglite-start-cost.mts
// Prints ms per statement and the fsync calls each made (fs.fsyncSync wrapped, as pglite-commit-cost).
import { mkdtempSync, rmSync } from 'node:fs';
import { fsyncs } from './fsync-counter.mts';
import { tmpdir } from 'node:os';
import path from 'node:path';

const { openPglite } = await import('../apps/server/src/db/client');
const { sql } = await import('drizzle-orm');
const { sessions, users } = await import('../apps/server/src/db/schema');
const { buildStudent, createQuiz } = await import('../apps/server/src/seed/factories');
const { QuizRepository } = await import('../apps/server/src/modules/quizzes/quiz.repository');
const { SessionRepository } = await import('../apps/server/src/modules/auth/session.repository');

const N = Number(process.env.N ?? 400);
const dir = mkdtempSync(path.join(tmpdir(), 'pglite-start-cost-'));
const database = await openPglite(path.join(dir, 'pg'), { durable: process.env.DURABLE !== 'false' });
const db = database.db;

const walLsn = async () => {
  const { rows } = await db.execute<{ lsn: string }>(sql`select pg_current_wal_insert_lsn()::text as lsn`);
  const [hi, lo] = (rows as unknown as { lsn: string }[])[0]!.lsn.split('/').map((h) => parseInt(h, 16));
  return hi! * 2 ** 32 + lo!;
};

async function measure(label: string, n: number, run: (i: number) => Promise<unknown>) {
  fsyncs.reset();
  const wal0 = await walLsn();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let slowest = 0;
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await run(i);
    slowest = Math.max(slowest, performance.now() - t);
  }
  const ms = (performance.now() - t0) / n;
  const cpu = process.cpuUsage(cpu0);
  const wal = (await walLsn()) - wal0;
  console.log(
    `${label.padEnd(34)} ${ms.toFixed(3)} ms each (slowest ${slowest.toFixed(1)}), ` +
      `CPU ${((cpu.user + cpu.system) / 1000 / n).toFixed(3)} ms, ${(fsyncs.count / n).toFixed(2)} fsync, ` +
      `${Math.round(wal / n)} B of WAL each`,
  );
}

try {
  await database.migrate();
  const now = new Date();
  const { quiz } = await createQuiz(db, {
    durationMin: 180,
    startAt: new Date(now.getTime() - 60_000),
    endAt: new Date(now.getTime() + 6 * 3_600_000),
  });
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: 2 * N + 10 }, (_, i) => buildStudent({ phNo: `8${String(i).padStart(9, '0')}` })),
    )
    .returning({ id: users.id });
  const made = await db
    .insert(sessions)
    .values(
      people.map((p) => ({
        userId: p.id,
        createdAt: now,
        lastUsedAt: now,
        expiresAt: new Date(now.getTime() + 86_400_000),
      })),
    )
    .returning({ id: sessions.id });
  await db.execute(sql`checkpoint`);
  const quizzes = new QuizRepository(db);
  const sessionRepo = new SessionRepository(db);

  await measure('select 1', N, () => db.execute(sql`select 1`));
  await measure('session_with_user (cold lookup)', N, (i) => sessionRepo.findSessionWithUser(made[i]!.id));
  await measure('startForParticipant (insert)', N, (i) =>
    quizzes.startForParticipant(quiz.id, people[i]!.id, new Date()),
  );
  await measure('startForParticipant (exists)', N, (i) =>
    quizzes.startForParticipant(quiz.id, people[i]!.id, new Date()),
  );
  await measure('autosave-like update by id', N, (i) =>
    db.execute(
      sql`update attempts set answers = ${JSON.stringify([{ qnId: 'x', selectedOption: i % 4 }])}::jsonb, updated_at = now() where quiz_id = ${quiz.id} and user_id = ${people[i]!.id}`,
    ),
  );
  await measure('plain insert into attempts', N, (i) =>
    db.execute(
      sql`insert into attempts (quiz_id, user_id, status, started_at, deadline_at, answers) values (${quiz.id}, ${people[N + i]!.id}, 'in_progress', now(), now() + interval '1 hour', '[]'::jsonb)`,
    ),
  );
} finally {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}
