import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { attempts, users } from '../../src/db/schema';
import { buildStudent, createQuiz, type CreatedQuiz, type UserRow } from '../../src/seed/factories';
import { bearerFor, buildTestApp, testDatabaseKind, type TestApp } from '../helpers';
import { reportFigure } from './support';

/**
 * 1,000 learners each send two submissions at the same moment. On PostgreSQL (TEST_DATABASE_URL) the
 * pairs really race over the connection pool; on PGlite the single connection serialises them, and
 * the printed figure says so.
 */

const LEARNERS = 1000;
/** Pairs in flight together (each pair is two submissions of one learner). */
const WAVE = 25;

let t: TestApp;
let created: CreatedQuiz;
let learners: { user: UserRow; headers: Record<string, string> }[];

beforeAll(async () => {
  t = await buildTestApp({ env: { RATE_LIMIT_NAMESPACE: 'hostile-double-submit:' } });
  created = await createQuiz(t.db, { showScoreOnSubmit: true, durationMin: 30 }, undefined, t.clock.now());
  const rows = await t.db
    .insert(users)
    .values(
      Array.from({ length: LEARNERS }, (_, i) => buildStudent({ phNo: `6${String(i).padStart(9, '0')}` })),
    )
    .returning();
  // Sessions are rows now: made a wave at a time, within the pool.
  learners = [];
  for (let i = 0; i < rows.length; i += WAVE)
    learners.push(
      ...(await Promise.all(
        rows.slice(i, i + WAVE).map(async (user) => ({ user, headers: await bearerFor(user, t.clock) })),
      )),
    );
});
afterAll(async () => {
  await t.close();
});

const submit = (headers: Record<string, string>, answers: { qnId: string; selectedOption: string }[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/quizzes/participant/submit',
    headers,
    payload: { quizId: created.quiz.id, answers },
  });

describe(`double submits (${testDatabaseKind})`, () => {
  it(`${LEARNERS} learners submitting twice at once leave exactly one attempt each`, async () => {
    for (let i = 0; i < LEARNERS; i += WAVE) {
      const wave = learners.slice(i, i + WAVE);
      const started = await Promise.all(
        wave.map((l) =>
          t.app.inject({ url: `/api/quizzes/participant/attend/${created.quiz.id}`, headers: l.headers }),
        ),
      );
      expect(started.map((r) => r.statusCode).filter((c) => c !== 200)).toEqual([]);
    }

    const q = created.questions;
    const right = q.map((x) => ({ qnId: x.id, selectedOption: x.choices[x.ansIndex]! }));
    const wrong = q.map((x) => ({
      qnId: x.id,
      selectedOption: x.choices[(x.ansIndex + 1) % x.choices.length]!,
    }));
    const problems: string[] = [];
    let fiveXx = 0;
    for (let i = 0; i < LEARNERS; i += WAVE) {
      const wave = learners.slice(i, i + WAVE);
      // Both submissions of every learner of the wave are in flight together.
      const pairs = await Promise.all(
        wave.map((l) => Promise.all([submit(l.headers, right), submit(l.headers, wrong)])),
      );
      pairs.forEach(([a, b], k) => {
        const codes = [a.statusCode, b.statusCode];
        fiveXx += codes.filter((c) => c >= 500).length;
        const ok = [a, b].filter((r) => r.statusCode >= 200 && r.statusCode < 300);
        if (ok.length === 0)
          problems.push(`${wave[k]!.user.id}: neither submission accepted (${codes.join(', ')})`);
        // A repeated submission may be answered as the first one was (idempotent), never as another attempt.
        if (ok.length === 2 && ok[0]!.body !== ok[1]!.body)
          problems.push(`${wave[k]!.user.id}: two different submissions accepted`);
      });
    }

    const [{ rows, distinct, open }] = (await t.db
      .select({
        rows: sql<number>`cast(count(*) as int)`,
        distinct: sql<number>`cast(count(distinct ${attempts.userId}) as int)`,
        open: sql<number>`cast(count(*) filter (where ${attempts.status} = 'in_progress') as int)`,
      })
      .from(attempts)
      .where(eq(attempts.quizId, created.quiz.id))) as [{ rows: number; distinct: number; open: number }];
    const duplicates = Number(rows) - Number(distinct);
    // Every stored score is one of the two submissions, whole: 10 (all right) or 0 (all wrong).
    const mixed = await t.db
      .select({ id: attempts.id })
      .from(attempts)
      .where(sql`${attempts.quizId} = ${created.quiz.id} and ${attempts.score} not in (0, ${q.length})`);

    reportFigure(
      'double submits',
      `${LEARNERS} learners × 2 concurrent submissions → ${duplicates} duplicate attempts, ${mixed.length} mixed answer sets, ${fiveXx} 5xx`,
    );
    expect(problems.slice(0, 10)).toEqual([]);
    expect(Number(rows)).toBe(LEARNERS);
    expect(duplicates).toBe(0);
    expect(Number(open)).toBe(0);
    expect(mixed).toEqual([]);
    expect(fiveXx).toBe(0);
  });
});
