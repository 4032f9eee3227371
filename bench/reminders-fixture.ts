/**
 * Issue 28's reminders bench (bench/reminders-scenario.mjs), outside the measurement, PostgreSQL only.
 *
 * Seeds two herds like the plain one (each its own live quiz of 10 questions and BENCH_STUDENTS
 * learners: the submit phase alone, and the one a sweep overlaps), and two groups of BENCH_REMINDERS
 * (10,000) learners, `alone` and `overlap`, each with one push subscription on the stand-in
 * (BENCH_PUSH_ORIGIN/push/<group>-<i>; one P-256 key pair shared by all, the stand-in does not
 * decrypt) and the daily five's reminder at 07:00 IST, switched OFF: nothing is due until the
 * scenario switches a group on with one UPDATE (`daily_five = true`), so the sweep starts when the
 * scenario says. 07:00 IST is due for the rest of the IST day; the scenario refuses to run in quiet
 * hours (22:00–07:00 IST) on the real clock, which the production app uses.
 *
 * Verification: both herds as the herd's (verifyHerd), and each group's reminders claimed exactly
 * once, one per learner of the group, each delivered to one browser, no subscription backing off.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import { users } from '../apps/server/src/db/schema';
import { rawRows } from '../apps/server/src/db/raw-rows';
import { buildStudent, createQuiz } from '../apps/server/src/seed/factories';
import { createStudents } from './fixture-seed';
import { verifyHerd } from './fixture-verify';
import type { AckFile, Fixture } from './herd-shape.mjs';

const MIN = 60_000;
const CHUNK = 2000;
export const REMINDER_GROUPS = ['alone', 'overlap'] as const;

export interface RemindersFixture extends Omit<Fixture, 'scenario'> {
  scenario: 'reminders';
  /** The second herd, whose submit phase a sweep overlaps. */
  overlapHerd: Fixture;
  /** Learners per reminder group. */
  reminders: number;
  /** Each group's user ids. */
  groups: Record<(typeof REMINDER_GROUPS)[number], string[]>;
}

async function herd(database: Database, students: number, name: string, prefix: string): Promise<Fixture> {
  const now = new Date();
  const { quiz, questions } = await createQuiz(
    database.db,
    {
      name,
      durationMin: 180,
      startAt: new Date(now.getTime() - MIN),
      endAt: new Date(now.getTime() + 6 * 60 * MIN),
    },
    Array.from({ length: 10 }, (_, i) => ({
      qn: `Question ${i + 1}: which option is correct?`,
      choices: ['Option A', 'Option B', 'Option C', 'Option D'],
      ansIndex: i % 4,
    })),
    now,
  );
  const people = await createStudents(database, students, prefix, now);
  return {
    scenario: 'herd',
    quizId: quiz.id,
    questions: questions.map((q) => ({ id: q.id, choices: q.choices })),
    tokens: people.map((p) => p.token),
    userIds: people.map((p) => p.id),
  };
}

export async function seedReminders(database: Database, students: number): Promise<RemindersFixture> {
  const origin = process.env.BENCH_PUSH_ORIGIN;
  if (!origin) throw new Error('set BENCH_PUSH_ORIGIN (the stand-in, bench/push-stand-in.mjs)');
  const n = Number(process.env.BENCH_REMINDERS ?? 10_000);
  const alone = await herd(database, students, 'Herd quiz (submit alone)', '8');
  const overlap = await herd(database, students, 'Herd quiz (submit during a sweep)', '7');
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const p256dh = ecdh.getPublicKey().toString('base64url');
  const auth = randomBytes(16).toString('base64url');
  const now = new Date();
  const groups = { alone: [] as string[], overlap: [] as string[] };
  for (const [g, group] of REMINDER_GROUPS.entries()) {
    for (let offset = 0; offset < n; offset += CHUNK) {
      const rows = await database.db
        .insert(users)
        .values(
          Array.from({ length: Math.min(CHUNK, n - offset) }, (_, i) =>
            buildStudent({
              phNo: `6${g}${String(offset + i).padStart(8, '0')}`,
              name: `Reminded ${offset + i}`,
            }),
          ),
        )
        .returning({ id: users.id });
      groups[group].push(...rows.map((r) => r.id));
    }
    // One browser each, on the stand-in; the daily five at 07:00 IST, switched off until the scenario.
    await database.db.execute(sql`
      insert into push_subscriptions (user_id, endpoint, p256dh, auth, created_at)
      select u.id, ${`${origin}/push/${group}-`} || u.ord, ${p256dh}, ${auth}, ${now.toISOString()}::timestamptz
      from unnest(${`{${groups[group].join(',')}}`}::uuid[]) with ordinality as u(id, ord)`);
    await database.db.execute(sql`
      insert into reminder_settings (user_id, quiz_opening, results_published, review_due, daily_five,
                                     daily_five_minute, updated_at)
      select u.id, true, true, true, false, 420, ${now.toISOString()}::timestamptz
      from unnest(${`{${groups[group].join(',')}}`}::uuid[]) as u(id)`);
  }
  await database.db.execute(sql`vacuum analyze users, push_subscriptions, reminder_settings`);
  return { ...alone, scenario: 'reminders', overlapHerd: overlap, reminders: n, groups };
}

export async function verifyReminders(
  database: Database,
  fixture: RemindersFixture,
  acks: AckFile,
  overlapAcks: AckFile,
): Promise<string[]> {
  const problems = [
    ...(await verifyHerd(database, { ...fixture, scenario: 'herd' }, acks)).map((p) => `herd alone: ${p}`),
    ...(await verifyHerd(database, fixture.overlapHerd, overlapAcks)).map((p) => `herd overlapped: ${p}`),
  ];
  const claims = rawRows<{ key: string; user_id: string; kind: string; delivered: number }>(
    await database.db.execute(sql`select key, user_id, kind, delivered from reminder_claims`),
  );
  const byUser = new Map<string, typeof claims>();
  for (const c of claims) byUser.set(c.user_id, [...(byUser.get(c.user_id) ?? []), c]);
  for (const group of REMINDER_GROUPS) {
    let once = 0;
    for (const id of fixture.groups[group]) {
      const mine = byUser.get(id) ?? [];
      if (mine.length !== 1) problems.push(`${group}: learner ${id} has ${mine.length} claims`);
      else if (mine[0]!.kind !== 'daily_five' || Number(mine[0]!.delivered) !== 1)
        problems.push(`${group}: learner ${id}'s claim is ${mine[0]!.kind}, delivered ${mine[0]!.delivered}`);
      else once += 1;
    }
    console.log(
      `verify: ${group}: ${once} of ${fixture.groups[group].length} reminders claimed once, delivered once`,
    );
  }
  const known = new Set([...fixture.groups.alone, ...fixture.groups.overlap]);
  const stray = claims.filter((c) => !known.has(c.user_id)).length;
  if (stray) problems.push(`${stray} claims of learners with no reminder seeded`);
  const [backingOff] = rawRows<{ n: number }>(
    await database.db.execute(sql`select count(*)::int as n from push_subscriptions where failures > 0`),
  );
  if (Number(backingOff?.n) > 0) problems.push(`${backingOff!.n} subscriptions backing off (a failed push)`);
  return problems;
}
