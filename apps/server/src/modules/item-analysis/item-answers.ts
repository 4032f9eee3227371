import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rawRows } from '../../db/raw-rows';
import { writeAttemptMarks } from '../marking/marking.repository';

/*
 * Item answers (ADR 017): per question, one bit string per choice over a quiz's attempts, built from
 * the narrow marks (`attempt_marks`, written by marking's `writeAttemptMarks`). The publication
 * pipeline (results/publication.ts) appends each analysis step's batch; item analysis reads them.
 */

/**
 * Every submitted attempt's narrow marks at once, then the quiz's `item_answers` rebuilt when any
 * were written (the benchmarks' whole-quiz form of the pipeline's batched steps).
 */
export async function materialiseAttemptMarks(db: Executor, quizId: string): Promise<number> {
  const made = await writeAttemptMarks(db, quizId, null);
  await ensureItemAnswers(db, quizId, made > 0);
  return made;
}

/**
 * (Re)builds the quiz's `item_answers` from `attempt_marks` when asked to, or when it has none yet
 * (quizzes backfilled by the migration). One pass over the marks' arrays makes, per question, a string
 * with one character per attempt at its `ord` ('.' skipped, '-' no choice / a wrong number, 'A' + k
 * choice k; a right number is 'A'); each choice's bit string is then one `translate` of it. Runs once
 * per quiz (the analysis steps then append to it), not on every refresh.
 */
export async function ensureItemAnswers(db: Executor, quizId: string, rebuild: boolean): Promise<void> {
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
    with ${answerStrings(quizId, 0)}
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

/**
 * The CTEs `keyed` (the quiz's questions: letters, position order) and `per` (per question, one
 * character per mark numbered after `after`, in `ord` order, with answered/time counts) that both
 * builds of `item_answers` read.
 */
function answerStrings(quizId: string, after: number) {
  return sql`
    keyed as (
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
      where m.quiz_id = ${quizId} and m.ord > ${after}
      group by u.qord
    )`;
}

/**
 * Appends the answers of the marks numbered after `after` (this step's) to each question's bit
 * strings, in `ord` order, the way `ensureItemAnswers` builds them whole.
 */
export async function appendItemAnswers(db: Executor, quizId: string, after: number): Promise<void> {
  await db.execute(sql`
    with ${answerStrings(quizId, after)}, batch as (
      select count(*)::int as n from attempt_marks where quiz_id = ${quizId} and ord > ${after}
    )
    update item_answers ia
    set choice_bits = array(
          select coalesce(ia.choice_bits[g + 1], ''::varbit)
                 || translate(coalesce(p.answers, repeat('.', b.n)), '.-' || left('ABCDEFGHIJKLMNOPQRSTUVWXYZ', k.letters),
                              overlay(repeat('0', k.letters + 2) placing '1' from g + 3))::varbit
          from generate_series(0, k.letters - 1) g
          order by g
        ),
        answered = ia.answered + coalesce(p.answered, 0),
        timed_count = ia.timed_count + coalesce(p.tn, 0),
        time_sum_ms = ia.time_sum_ms + coalesce(p.tsum, 0)
    from keyed k
    cross join batch b
    left join per p on p.qord = k.qord
    where ia.quiz_id = ${quizId} and ia.question_id = k.id
  `);
}
