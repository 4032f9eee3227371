/**
 * Issue 27's drill benchmark data (bench/drill-scenario.mjs), outside the measurement: `seedDrill`
 * fills a fresh database with BENCH_DRILL_QUESTIONS (10,000) published questions over
 * BENCH_DRILL_TOPICS (200) topics, in quizzes of 20 whose results are published (practisable,
 * ADR 024), one live contest quiz of 20 questions (the contest submission the practice one is
 * compared with) and BENCH_STUDENTS learners; `verifyDrill` checks the database against what the
 * load generator saw acknowledged.
 */
import { DIFFICULTY_BANDS } from '@quizcast/contract/domain/practice';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import { createQuiz } from '../apps/server/src/seed/factories';
import { createStudents } from './fixture-seed';
import type { Fixture } from './herd-shape.mjs';

const MIN = 60_000;
const PER_QUIZ = 20;

export async function seedDrill(database: Database, learners: number): Promise<Fixture> {
  const total = Number(process.env.BENCH_DRILL_QUESTIONS ?? 10_000);
  const topicCount = Number(process.env.BENCH_DRILL_TOPICS ?? 200);
  const topics = Array.from({ length: topicCount }, (_, t) => `Topic ${t + 1}`);
  const now = new Date();
  const endAt = new Date(now.getTime() - 2 * 24 * 60 * MIN);
  for (let q = 0, quiz = 0; q < total; quiz++) {
    const n = Math.min(PER_QUIZ, total - q);
    await createQuiz(
      database.db,
      {
        name: `Drill source ${quiz + 1}`,
        startAt: new Date(endAt.getTime() - 60 * MIN),
        endAt,
        resultsPublishedAt: new Date(endAt.getTime() + MIN),
      },
      Array.from({ length: n }, (_, j) => ({
        qn: `Question ${q + j + 1}: which option is correct?`,
        choices: ['Option A', 'Option B', 'Option C', 'Option D'],
        ansIndex: (q + j) % 4,
        explanation: `Explanation ${q + j + 1}`,
        topic: topics[(q + j) % topicCount]!,
      })),
      now,
    );
    q += n;
  }
  const { quiz, questions } = await createQuiz(
    database.db,
    {
      name: 'Contest quiz',
      durationMin: 180,
      startAt: new Date(now.getTime() - MIN),
      endAt: new Date(now.getTime() + 6 * 60 * MIN),
    },
    Array.from({ length: PER_QUIZ }, (_, i) => ({
      qn: `Question ${i + 1}: which option is correct?`,
      choices: ['Option A', 'Option B', 'Option C', 'Option D'],
      ansIndex: i % 4,
    })),
    now,
  );
  // Production analyses each quiz at its publication (the sweeper, ADR 017): the seed does too, so the
  // app does not start the measurement with 500 quizzes' analysis pending (the sweeper ran it during
  // the drills) and the draw reads a whole bank's analysis, not the few rows written so far. Each
  // question gets a facility spread over 0–99% by its id (200 participants), so the bands are
  // about a third each (`DIFFICULTY_BANDS`: hard below 40%, easy from 70%) and a drill's band
  // filter has something to filter.
  await database.db.execute(sql`
    insert into item_analysis (quiz_id, question_id, participants, group_size, correct, top_correct,
                               bottom_correct, option_counts, top_option_counts, skipped, timed_count,
                               avg_time_ms, top10_median_time_ms, computed_at)
    select q.quiz_id, q.id, 200, 54, f * 2, least(54, f), f / 4, '[50, 50, 50, 50]'::jsonb,
           '[14, 14, 13, 13]'::jsonb, 0, 200, 30000, 20000, ${now.toISOString()}::timestamptz
    from questions q join quizzes on quizzes.id = q.quiz_id,
         lateral (select abs(hashtext(q.id::text)) % 100 as f) facility
    where quizzes.results_published_at is not null`);
  await database.db.execute(
    sql`update quizzes set analysed_at = ${now.toISOString()}::timestamptz where results_published_at is not null`,
  );
  const people = await createStudents(database, learners, '6', now);
  // Vacuumed as autovacuum would have by then (the analysis' triggers rewrote every question row).
  await database.db.execute(sql`vacuum analyze`);
  return {
    scenario: 'drill',
    quizId: quiz.id,
    questions: questions.map((q) => ({ id: q.id, choices: q.choices })),
    tokens: people.map((p) => p.token),
    userIds: people.map((p) => p.id),
    topics,
  };
}

/** A drill as the load generator saw it acknowledged. */
interface Drill {
  id: string;
  learner: number;
  topics: string[];
  questionIds: string[];
}

export interface DrillAckFile {
  started: boolean[];
  submitted: boolean[];
  /** Per drill request: the attempt it made, its topics and question ids. */
  drills?: (Drill | null)[];
  /** Per warm-up drill (bench/drill-scenario.mjs): as `drills`; never submitted. */
  warmUpDrills?: DrillAckFile['drills'];
  /** Per drill: its practice submission was acknowledged. */
  practiceSubmitted?: boolean[];
}

const rows = <T>(r: unknown) => (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[];

/**
 * Every acknowledged drill (the warm-up's too) is stored once, for its learner, with the questions
 * it returned: count of them, all distinct, each of a requested topic and band from a practisable
 * quiz; it is submitted exactly when its submission was acknowledged (the warm-up's never); no other
 * practice attempt exists; every acknowledged contest submission is stored submitted.
 */
export async function verifyDrill(database: Database, fixture: Fixture, acks: DrillAckFile) {
  const problems: string[] = [];
  const drills = (acks.drills ?? []).filter((d) => d != null);
  const warmUp = (acks.warmUpDrills ?? []).filter((d) => d != null);
  if (!drills.length) problems.push('no drill was acknowledged');
  type Row = { id: string; user_id: string; status: string; question_ids: string[] };
  const stored = rows<Row>(
    await database.db.execute(sql`select id, user_id, status, question_ids from practice_attempts`),
  );
  const byId = new Map(stored.map((r) => [r.id, r]));
  if (stored.length !== drills.length + warmUp.length)
    problems.push(
      `${stored.length} practice attempts stored, ${drills.length} + ${warmUp.length} (warm-up) drills acknowledged`,
    );
  // The drills ask for medium questions (the seed's analysis above).
  const topicOf = new Map(
    rows<{ id: string; topic: string }>(
      await database.db.execute(sql`select q.id, q.topic from questions q
        join quizzes on quizzes.id = q.quiz_id
        join item_analysis ia on ia.question_id = q.id and ia.quiz_id = q.quiz_id
        where quizzes.published and quizzes.results_published_at is not null
          and 100.0 * ia.correct / ia.participants >= ${DIFFICULTY_BANDS.hardBelow}
          and 100.0 * ia.correct / ia.participants < ${DIFFICULTY_BANDS.easyFrom}`),
    ).map((r) => [r.id, r.topic]),
  );
  const check = (label: string, submitted: (i: number) => boolean) => (d: Drill | null, i: number) => {
    if (!d) return;
    const row = byId.get(d.id);
    if (!row) return void problems.push(`${label} ${i}: attempt ${d.id} not stored`);
    if (row.user_id !== fixture.userIds[d.learner])
      problems.push(`${label} ${i}: stored for another learner`);
    if (row.question_ids.join() !== d.questionIds.join()) problems.push(`${label} ${i}: questions differ`);
    if (new Set(d.questionIds).size !== 20) problems.push(`${label} ${i}: not 20 distinct questions`);
    for (const q of d.questionIds)
      if (!d.topics.includes(topicOf.get(q) ?? ''))
        problems.push(`${label} ${i}: question ${q} off topic or not medium`);
    if (submitted(i) !== (row.status === 'submitted'))
      problems.push(`${label} ${i}: status ${row.status}, submission acknowledged: ${submitted(i)}`);
  };
  acks.drills?.forEach(check('drill', (i) => acks.practiceSubmitted?.[i] === true));
  acks.warmUpDrills?.forEach(check('warm-up drill', () => false));
  const contest = new Map(
    rows<{ user_id: string; status: string }>(
      await database.db.execute(
        sql`select user_id, status from attempts where quiz_id = ${fixture.quizId}::uuid`,
      ),
    ).map((r) => [r.user_id, r.status]),
  );
  acks.started.forEach((s, i) => {
    if (s && !contest.has(fixture.userIds[i]!)) problems.push(`contest start ${i} not stored`);
  });
  acks.submitted.forEach((s, i) => {
    if (s && contest.get(fixture.userIds[i]!) !== 'submitted')
      problems.push(`contest submit ${i} not stored`);
  });
  console.log(
    `drill: ${drills.length} drills (and ${warmUp.length} of the warm-up) and ${acks.submitted.filter(Boolean).length} contest submissions checked, ` +
      `${problems.length} problem(s)`,
  );
  return problems;
}
