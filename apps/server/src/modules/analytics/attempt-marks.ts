import { sql } from 'drizzle-orm';
import { answerIsCorrectSql } from '../../db/answer-is-correct';
import type { Db } from '../../db/client';
import { rawRows } from '../../db/raw-rows';

/**
 * Writes the narrow integer form of every submitted attempt of one quiz (`attempt_marks`, ADR 017):
 * the chosen choice's index and the time on screen per question, in question-position order, and the
 * attempt's dense number `ord` (1…n by attempt id). Parses each attempt's jsonb answers once, here,
 * inside the publication transaction; everything after (item analysis, key corrections, the progress
 * page) reads integers. Idempotent: attempts that already have their row are left alone, and new ones
 * are numbered after the last. Callers hold the quiz (publication's claim or the quiz row lock), so
 * numbering never races. When it wrote anything, the quiz's `item_answers` are rebuilt.
 *
 * Migration 0013 backfills quizzes published before this table with the same statement (by hand:
 * keep the two in step).
 */
export async function materialiseAttemptMarks(db: Db, quizId: string): Promise<number> {
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
  const made = Number(rows[0]?.n ?? 0);
  await ensureItemAnswers(db, quizId, made > 0);
  return made;
}

/**
 * (Re)builds the quiz's `item_answers` from `attempt_marks` when asked to, or when it has none yet
 * (quizzes backfilled by the migration). One pass over the marks' arrays makes, per question, a string
 * with one character per attempt at its `ord` ('.' skipped, '-' no choice / a wrong number, 'A' + k
 * choice k; a right number is 'A'); each choice's bit string is then one `translate` of it. Runs at
 * publication, not on every refresh.
 */
export async function ensureItemAnswers(db: Db, quizId: string, rebuild: boolean): Promise<void> {
  if (!rebuild) {
    const [row] = rawRows<{ present: boolean }>(
      await db.execute(sql`
        select exists (select 1 from item_answers where quiz_id = ${quizId})
            or not exists (select 1 from questions where quiz_id = ${quizId}) as present
      `),
    );
    if (row?.present) return;
  }
  await db.execute(sql`delete from item_answers where quiz_id = ${quizId}`);
  await db.execute(sql`
    with keyed as (
      select q.id, greatest(jsonb_array_length(q.choices), 1) as letters,
             (row_number() over (order by q.position))::int as qord
      from questions q where q.quiz_id = ${quizId}
    ), per as materialized (
      -- Once (as a subquery it could be re-aggregated for every question it is joined to).
      select u.qord,
             string_agg(case when u.choice is null then '.' when u.choice < 0 then '-' else chr(65 + u.choice) end,
                        '' order by m.ord) as answers,
             count(u.choice)::int as answered,
             count(u.t)::int as tn,
             coalesce(sum(u.t), 0)::bigint as tsum
      from attempt_marks m
      cross join lateral unnest(m.choices, m.times) with ordinality as u(choice, t, qord)
      where m.quiz_id = ${quizId}
      group by u.qord
    )
    insert into item_answers (quiz_id, question_id, choice_bits, answered, timed_count, time_sum_ms)
    select ${quizId}, k.id,
           array(
             -- '.', '-' and the question's letters map to 0, except letter g to 1.
             select translate(coalesce(p.answers, ''), '.-' || left('ABCDEFGHIJKLMNOPQRSTUVWXYZ', k.letters),
                              overlay(repeat('0', k.letters + 2) placing '1' from g + 3))::varbit
             from generate_series(0, k.letters - 1) g
             order by g
           ),
           coalesce(p.answered, 0), coalesce(p.tn, 0), coalesce(p.tsum, 0)
    from keyed k left join per p on p.qord = k.qord
  `);
}
