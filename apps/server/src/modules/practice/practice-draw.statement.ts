import { sql, type SQL } from 'drizzle-orm';
import type { practiceAttempts } from '../../db/schema';
import { unlockedExpression } from '../quizzes/unlock-rule';
import { bandExpression, PRACTISABLE, questionColumns } from './practice-questions';

/** The repository's `PracticeAttemptRow` (not imported from it: the repository imports this file). */
type PracticeAttemptRow = typeof practiceAttempts.$inferSelect;

// The drill draw's statement (`PracticeRepository.drawDrill`), built once, and what it stores.

/** A drill as `drawDrill` stores it, but for its questions (the draw's). */
export type DrillStart = Pick<
  PracticeAttemptRow,
  | 'id'
  | 'title'
  | 'exam'
  | 'timed'
  | 'instantFeedback'
  | 'startedAt'
  | 'deadlineAt'
  | 'markCorrect'
  | 'markWrong'
>;

/** The row `drawDrill` stored: what it wrote and the columns' defaults (no read back). */
export function startedRow(
  values: DrillStart & Pick<PracticeAttemptRow, 'userId' | 'questionIds'>,
): PracticeAttemptRow {
  return {
    ...values,
    kind: 'drill',
    quizId: null,
    status: 'in_progress',
    submittedAt: null,
    answers: [],
    revision: 0,
    score: null,
    correctCount: null,
    wrongCount: null,
    elapsedMs: null,
    predicted: null,
    day: null,
    createdAt: values.startedAt,
    updatedAt: values.startedAt,
  };
}

/** At most `free` calls of `run` at once; the others wait in order. */
export class Gate {
  private readonly waiting: (() => void)[] = [];
  constructor(private free: number) {}
  async run<T>(f: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await f();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free += 1;
    }
  }
}

/**
 * `PracticeRepository.drawDrill`'s statement, built once with placeholders (prepared once: drizzle
 * does not rebuild its text on each drill). See `drawDrill` for what it does and why it is so written.
 */
export function drawStatement(): SQL {
  const p = (name: string) => sql.placeholder(name);
  // A value the plan depends on, hidden from the planner (`drawDrill`); always a parameter.
  const hidden = (v: SQL) => sql`(select ${v})`;
  const user = hidden(sql`${p('userId')}::uuid`);
  // Whether the learner has any row in a table of their history: one probe (an InitPlan) that
  // spares a learner without any the probes of every candidate (a one-time filter).
  const hasAny = (table: SQL) => sql`(select exists (select 1 from ${table} h where h.user_id = ${user}))`;
  const band = sql`${bandExpression(true)} = ${hidden(sql`${p('difficulty')}::text`)}`;
  const order = sql`case
                 when s.last_correct is null and (a.id is null or c.source in ('wrong', 'skipped')) then 0
                 when not s.last_correct then 0
                 else 1
               end, random()`;
  return sql`
    with pool as materialized (
      select q.id, q.quiz_id
      from questions q
      join quizzes on "quizzes"."id" = q.quiz_id
      where q.topic = any(${hidden(sql`${p('topics')}::text[]`)}::text[])
        and q.dropped_at is null and q.topic is not null
        and "quizzes"."exam" = ${hidden(sql`${p('exam')}::text`)} and ${PRACTISABLE}
        and ${unlockedExpression(user)} and ${band}
    ), drawn as (
      select p.id, row_number() over (order by ${order}) as ord
      from pool p
      left join lateral (
        select s.last_correct from practice_question_state s
        where ${hasAny(sql`practice_question_state`)} and s.user_id = ${user} and s.question_id = p.id limit 1
      ) s on true
      left join lateral (
        select c.source from review_cards c
        where ${hasAny(sql`review_cards`)} and c.user_id = ${user} and c.question_id = p.id limit 1
      ) c on true
      left join attempts a on a.quiz_id = p.quiz_id and a.user_id = ${user}
      order by ord
      limit ${hidden(sql`${p('count')}::int`)}
    ), stored as (
      insert into practice_attempts (id, user_id, kind, quiz_id, title, exam, question_ids, timed,
                                     instant_feedback, started_at, deadline_at, mark_correct, mark_wrong,
                                     created_at, updated_at)
      select ${p('id')}::uuid, ${p('userId')}::uuid, 'drill', null, ${p('title')}::text, ${p('drillExam')}::text,
             array_agg(drawn.id order by drawn.ord), ${p('timed')}::boolean, ${p('instantFeedback')}::boolean,
             ${p('at')}::timestamptz, ${p('deadlineAt')}::timestamptz,
             ${p('markCorrect')}::float8, ${p('markWrong')}::float8, ${p('at')}::timestamptz, ${p('at')}::timestamptz
      from drawn
      having count(*) > 0 and (${p('untimed')}::boolean or count(*) = ${p('count')}::int)
      returning 1
    )
    select ${questionColumns}, drawn.ord, (select count(*)::int from stored) as stored
    from drawn join questions q on q.id = drawn.id join quizzes on "quizzes"."id" = q.quiz_id
    order by drawn.ord`;
}
