/**
 * Issue 28's reminders bench (bench/reminders-scenario.mjs), outside the measurement, PostgreSQL only.
 *
 * Seeds BENCH_REMINDER_PAIRS (3) pairs of herds like the plain one (each herd its own live quiz of 10
 * questions and BENCH_STUDENTS learners: in each pair one herd submits with nothing else running, the
 * other while a sweep runs), and BENCH_REMINDER_PAIRS + 1 groups of BENCH_REMINDERS (10,000) learners
 * (`alone`, the sweep timed by itself, then `overlap1`, `overlap2`, …, one per pair), each learner with
 * one push subscription on the stand-in (BENCH_PUSH_ORIGIN/push/<group>-<i>; one P-256 key pair shared
 * by all, the stand-in does not decrypt) and the daily five's reminder at 07:00 IST, switched OFF:
 * nothing is due until the scenario switches a group on with one UPDATE (`daily_five = true`), so a
 * sweep starts when the scenario says. 07:00 IST is due for the rest of the IST day, outside quiet
 * hours (22:00–07:00 IST). The app reads the time from its clock, which the scenario may have moved by
 * BENCH_CLOCK_OFFSET_MS (bench/shifted-clock.mjs): every time seeded here (the quizzes' windows, the
 * sessions and their tokens) is on that same clock.
 *
 * Verification: every herd as the herd's (verifyHerd), and each group's reminders claimed exactly
 * once, one per learner of the group, each delivered to one browser, no subscription backing off.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
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
/** The herds' phone prefixes (a herd's learners are <prefix> + 9 digits; the groups' start with 6). */
const HERD_PREFIXES = ['9', '8', '7', '5', '4', '3', '2', '1'];

/** The app's clock: the real time moved by BENCH_CLOCK_OFFSET_MS, as bench/shifted-clock.mjs moves it. */
export function benchNow(): Date {
  return new Date(Date.now() + Number(process.env.BENCH_CLOCK_OFFSET_MS ?? 0));
}

export interface RemindersFixture {
  scenario: 'reminders';
  /** Each pair's two herds: `alone` submits with nothing else running, `overlap` during a sweep. */
  pairs: { alone: Fixture; overlap: Fixture }[];
  /** Learners per reminder group. */
  reminders: number;
  /** Each group's user ids: `alone`, then `overlap1` … one per pair. */
  groups: Record<string, string[]>;
  /** How long seeding took (bench/fixture.ts). */
  seedMs?: number;
}

async function herd(database: Database, students: number, name: string, prefix: string): Promise<Fixture> {
  const now = benchNow();
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
  const pairCount = Number(process.env.BENCH_REMINDER_PAIRS ?? 3);
  if (!(pairCount >= 1 && pairCount <= HERD_PREFIXES.length / 2))
    throw new Error(`BENCH_REMINDER_PAIRS must be 1–${HERD_PREFIXES.length / 2}`);
  const pairs: RemindersFixture['pairs'] = [];
  for (let k = 0; k < pairCount; k++) {
    const alone = await herd(database, students, `Herd quiz (pair ${k + 1}, alone)`, HERD_PREFIXES[2 * k]!);
    const overlap = await herd(
      database,
      students,
      `Herd quiz (pair ${k + 1}, sweep)`,
      HERD_PREFIXES[2 * k + 1]!,
    );
    pairs.push({ alone, overlap });
  }
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const p256dh = ecdh.getPublicKey().toString('base64url');
  const auth = randomBytes(16).toString('base64url');
  const now = benchNow();
  const names = ['alone', ...pairs.map((_, k) => `overlap${k + 1}`)];
  const groups: Record<string, string[]> = Object.fromEntries(names.map((g) => [g, []]));
  for (const [g, group] of names.entries()) {
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
      groups[group]!.push(...rows.map((r) => r.id));
    }
    // One browser each, on the stand-in; the daily five at 07:00 IST, switched off until the scenario.
    await database.db.execute(sql`
      insert into push_subscriptions (user_id, endpoint, p256dh, auth, created_at)
      select u.id, ${`${origin}/push/${group}-`} || u.ord, ${p256dh}, ${auth}, ${now.toISOString()}::timestamptz
      from unnest(${`{${groups[group]!.join(',')}}`}::uuid[]) with ordinality as u(id, ord)`);
    await database.db.execute(sql`
      insert into reminder_settings (user_id, quiz_opening, results_published, review_due, daily_five,
                                     daily_five_minute, updated_at)
      select u.id, true, true, true, false, 420, ${now.toISOString()}::timestamptz
      from unnest(${`{${groups[group]!.join(',')}}`}::uuid[]) as u(id)`);
  }
  await database.db.execute(sql`vacuum analyze users, push_subscriptions, reminder_settings`);
  return { scenario: 'reminders', pairs, reminders: n, groups };
}

/**
 * `acksFile`: the run's acks file, in which the scenario lists each herd's own acknowledgement file
 * (`{ herds: [{ alone, overlap }, …] }`, one entry per pair).
 */
export async function verifyReminders(
  database: Database,
  fixture: RemindersFixture,
  acksFile: string,
): Promise<string[]> {
  const problems: string[] = [];
  const { herds } = JSON.parse(readFileSync(acksFile, 'utf8')) as {
    herds: { alone: string; overlap: string }[];
  };
  for (const [k, pair] of fixture.pairs.entries()) {
    for (const which of ['alone', 'overlap'] as const) {
      const file = herds[k]?.[which];
      if (!file || !existsSync(file)) {
        problems.push(`pair ${k + 1} ${which}: no acknowledgements recorded`);
        continue;
      }
      const acks = JSON.parse(readFileSync(file, 'utf8')) as AckFile;
      problems.push(
        ...(await verifyHerd(database, pair[which], acks)).map((p) => `herd ${which} ${k + 1}: ${p}`),
      );
    }
  }
  const claims = rawRows<{ key: string; user_id: string; kind: string; delivered: number }>(
    await database.db.execute(sql`select key, user_id, kind, delivered from reminder_claims`),
  );
  const byUser = new Map<string, typeof claims>();
  for (const c of claims) byUser.set(c.user_id, [...(byUser.get(c.user_id) ?? []), c]);
  for (const [group, ids] of Object.entries(fixture.groups)) {
    let once = 0;
    for (const id of ids) {
      const mine = byUser.get(id) ?? [];
      if (mine.length !== 1) problems.push(`${group}: learner ${id} has ${mine.length} claims`);
      else if (mine[0]!.kind !== 'daily_five' || Number(mine[0]!.delivered) !== 1)
        problems.push(`${group}: learner ${id}'s claim is ${mine[0]!.kind}, delivered ${mine[0]!.delivered}`);
      else once += 1;
    }
    console.log(`verify: ${group}: ${once} of ${ids.length} reminders claimed once, delivered once`);
  }
  const known = new Set(Object.values(fixture.groups).flat());
  const stray = claims.filter((c) => !known.has(c.user_id)).length;
  if (stray) problems.push(`${stray} claims of learners with no reminder seeded`);
  const [backingOff] = rawRows<{ n: number }>(
    await database.db.execute(sql`select count(*)::int as n from push_subscriptions where failures > 0`),
  );
  if (Number(backingOff?.n) > 0) problems.push(`${backingOff!.n} subscriptions backing off (a failed push)`);
  return problems;
}
