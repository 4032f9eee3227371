import { sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { rawRows } from '../../db/raw-rows';
import { attemptMarks, attempts, quizzes } from '../../db/schema';
import { answerIsCorrectSql, rankOrderSql, scoreSql } from './marking.sql';

/*
 * Marking's statements (ADR 021): the narrow marks written after publication, the re-score of a key
 * correction and the ranking both publication and a correction end with. Each judges or totals with
 * the SQL twin in `marking.sql.ts`, never with a copy of the rule.
 */

/**
 * The one ranking statement (ADR 009): standard competition rank of every submitted attempt by score
 * desc, then time taken per minute allowed asc (`rankAttempts`' SQL twin, ADR 023), written into
 * `attempts.rank`, with the count in `quizzes.participant_count`.
 * Publication runs it once; an answer-key correction runs it again after re-scoring.
 */
export async function rankQuizAttempts(tx: Executor, quizId: string): Promise<number> {
  const [counted] = rawRows<{ participants: number }>(
    await tx.execute(sql`
      with ranked as (
        select a.id,
               rank() over (order by ${rankOrderSql('a', sql`q.duration_min`)}) as r
        from ${attempts} a join ${quizzes} q on q.id = a.quiz_id
        where a.quiz_id = ${quizId} and a.status in ('submitted', 'auto_submitted')
      ), materialised as (
        -- Only rows whose rank changes are written: after a key correction most keep theirs.
        update ${attempts} as a set rank = ranked.r
        from ranked
        where a.id = ranked.id and a.rank is distinct from ranked.r
        returning 1
      )
      update ${quizzes} set participant_count = (select count(*)::int from ranked)
      where id = ${quizId}
      returning participant_count as participants
    `),
  );
  return Number(counted?.participants ?? 0);
}

/**
 * The next `limit` (null: all) attempts of the quiz without narrow marks, by attempt id, numbered
 * after the last (`ord`); returns how many were written. The caller holds the quiz.
 */
export async function writeAttemptMarks(db: Executor, quizId: string, limit: number | null): Promise<number> {
  const rows = rawRows<{ n: number }>(
    await db.execute(sql`
      with qs as materialized (
        -- Once per statement, not once per attempt; the ids as text for the hash join with the answers.
        select q.id::text as id_text, q.ans_index, q.choices, q.type, q.numeric_answer, q.tolerance,
               (row_number() over (order by q.position))::int as ord,
               array(select ch.v from jsonb_array_elements_text(q.choices) with ordinality ch(v, i) order by ch.i) as texts
        from questions q
        where q.quiz_id = ${quizId}
      ), base as materialized (
        -- Evaluated once, before any insert (a per-row max would walk this statement's own new rows).
        select coalesce(max(ord), 0) as top from attempt_marks where quiz_id = ${quizId}
      ), fresh as (
        select a.id, a.quiz_id, a.answers, (row_number() over (order by a.id))::int as rn
        from attempts a
        where a.quiz_id = ${quizId} and a.status in ('submitted', 'auto_submitted')
          and not exists (select 1 from attempt_marks done where done.attempt_id = a.id)
        order by a.id
        ${limit === null ? sql`` : sql`limit ${limit}`}
      ), made as (
        insert into attempt_marks (attempt_id, quiz_id, ord, choices, times)
        select f.id, f.quiz_id, base.top + f.rn, m.choices, m.times
        from fresh f
        cross join base
        cross join lateral (
          select coalesce(array_agg(c.choice order by c.ord), '{}') as choices,
                 coalesce(array_agg(c.t order by c.ord), '{}') as times
          from (
            select q.ord,
                   (case
                      when e."selectedOption" is null then null
                      when q.type = 'numeric' then
                        case when ${answerIsCorrectSql('q', sql`e."selectedOption"`)} then 0 else -1 end
                      else coalesce(array_position(q.texts, e."selectedOption") - 1, -1)
                    end)::smallint as choice,
                   case when jsonb_typeof(e."timeSpentMs") = 'number'
                             and (e."timeSpentMs")::numeric >= 0 and (e."timeSpentMs")::numeric < 2147483647
                        then round((e."timeSpentMs")::numeric)::int end as t
            from qs q
            left join jsonb_to_recordset(f.answers) as e("qnId" text, "selectedOption" text, "timeSpentMs" jsonb)
              on e."qnId" = q.id_text
          ) c
        ) m
        on conflict (attempt_id) do nothing
        returning 1
      )
      select count(*)::int as n from made
    `),
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Re-scores after one question's key changed, incrementally (ADR 017): only that question's
 * correctness can change, so each attempt's right count moves by the question's delta (read from
 * `attempt_marks.choices[ord]`, no jsonb), and its wrong count is its answered live questions minus
 * the right ones (`droppedOrds`: the questions dropped after this change). The score is recomputed
 * from the two counts with `scoreSql`, the twin of `totalMarks`, so it equals a fresh marking. Only
 * attempts whose counts change are written; the marks themselves never change. `before`/`after`: the question's key and whether it
 * counts (not dropped). Returns how many attempts were judged against the new key (every submitted
 * one) and how many of them changed.
 */
export async function rescoreQuestion(
  tx: Tx,
  quizId: string,
  ord: number,
  before: { ansIndex: number; live: boolean },
  after: { ansIndex: number; live: boolean },
  droppedOrds: number[],
): Promise<{ judged: number; changed: number }> {
  const liveChanged = before.live !== after.live;
  const rows = rawRows<{ judged: number; changed: number }>(
    await tx.execute(sql`
      with d as (
        select m.attempt_id,
               (${after.live}::boolean and m.choices[${ord}::int] = ${after.ansIndex}::int)::int
                 - (${before.live}::boolean and m.choices[${ord}::int] = ${before.ansIndex}::int)::int as dc,
               cardinality(array_remove(m.choices, null))
                 - (select count(*) from unnest(${`{${droppedOrds.join(',')}}`}::int[]) as x(o)
                    where m.choices[x.o] is not null)::int as answered
        from ${attemptMarks} m
        where m.quiz_id = ${quizId} and m.choices[${ord}::int] is not null
      ), updated as (
        update ${attempts} a
        set correct_count = a.correct_count + d.dc,
            score = ${scoreSql(
              sql`a.correct_count + d.dc`,
              sql`d.answered - a.correct_count - d.dc`,
              sql`qz.mark_correct`,
              sql`qz.mark_wrong`,
            )}
        from d, ${quizzes} qz
        where a.id = d.attempt_id and qz.id = ${quizId} and (d.dc <> 0 or ${liveChanged}::boolean)
        returning 1
      )
      select (select count(*)::int from ${attemptMarks} where quiz_id = ${quizId}) as judged,
             (select count(*)::int from updated) as changed
    `),
  );
  return { judged: Number(rows[0]?.judged ?? 0), changed: Number(rows[0]?.changed ?? 0) };
}
