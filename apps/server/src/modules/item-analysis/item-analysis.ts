import { sql } from 'drizzle-orm';
import { DISCRIMINATION_GROUP_SHARE, TOP_SHARE } from '@quizcast/contract/schemas/analytics';
import type { Executor, Tx } from '../../db/client';
import { attemptMarks, attempts, itemAnalysis, itemAnswers, questions } from '../../db/schema';

/**
 * The last step of a published quiz's analysis: the item analysis from the whole bit strings, then
 * `analysed_at` set and `results_version` bumped (cached progress pages refresh). Before this the
 * item analysis answers "being prepared", never half-built.
 */
export async function completeItemAnalysis(tx: Tx, quizId: string, now: Date): Promise<void> {
  await refreshItemAnalysis(tx, quizId, now);
  await tx.execute(sql`
    update quizzes set analysed_at = ${now.toISOString()}::timestamptz, results_version = results_version + 1
    where id = ${quizId}
  `);
}

/**
 * (Re)materialises a published quiz's item analysis in one set-based statement: raw counts per
 * question (correct overall and in the top/bottom 27% by score, each option's pickers overall and in
 * the top group, skips, time). It never reads the jsonb answers, and never visits each answer: the
 * counts come from `item_answers` (one bit string per choice over the attempts, written at
 * publication) and bit operations against two group masks built from the ranking (ADR 017); only the
 * top 10%'s times are unnested, for their median. Nothing is loaded into Node. Called at publication and after a key
 * correction, inside their transactions.
 *
 * Groups order attempts by score desc, elapsed time asc, then attempt id, so ties at a boundary are
 * split the same way on every run; each group holds round(27% × n) attempts (at least 1) and the
 * bottom group is empty below 2 participants. The "top 10%" are the first ceil(10% × n) in that order.
 */
export async function refreshItemAnalysis(db: Executor, quizId: string, now: Date): Promise<void> {
  // The top 10%'s times are sorted per question: keep that sort in memory (this transaction only).
  await db.execute(sql`set local work_mem = '64MB'`);
  await db.delete(itemAnalysis).where(sql`${itemAnalysis.quizId} = ${quizId}`);
  await db.execute(itemAnalysisStatement(quizId, now));
}

/**
 * The INSERT … SELECT that materialises one quiz's item analysis (exported for EXPLAIN in the
 * benchmark). Per question and choice k, with `bits` = `item_answers.choice_bits[k + 1]`: pickers =
 * bit_count(bits); pickers in a group = bit_count(bits & the group's mask). An answer is right when it
 * is the key's choice (`ans_index`; a numeric question has one bit string, its right answers, and its
 * `ans_index` is 0).
 */
export function itemAnalysisStatement(quizId: string, now: Date) {
  return sql`
    with ranked as (
      select m.ord,
             row_number() over (order by a.score desc nulls last, a.elapsed_ms asc nulls last, a.id) as pos
      from ${attempts} a
      join ${attemptMarks} m on m.attempt_id = a.id
      where a.quiz_id = ${quizId} and a.rank is not null
    ), tot as (
      select count(*)::int as n,
             greatest(1, round(count(*) * ${DISCRIMINATION_GROUP_SHARE}::numeric))::int as gs,
             greatest(1, ceil(count(*) * ${TOP_SHARE}::numeric))::int as top10
      from ranked
    ), masks as materialized (
      -- Once: a subquery here would be re-aggregated for every question it is joined to.
      select coalesce(string_agg(case when r.pos <= t.gs then '1' else '0' end, '' order by r.ord), '')::varbit as top,
             coalesce(string_agg(case when t.n >= 2 and r.pos > t.n - t.gs then '1' else '0' end, '' order by r.ord), '')::varbit as bottom
      from ranked r cross join tot t
    ), keyed as (
      select q.id, q.ans_index, jsonb_array_length(q.choices) as nchoices,
             (row_number() over (order by q.position))::int as ord
      from ${questions} q where q.quiz_id = ${quizId}
    ), per_choice as materialized (
      -- Counted once per choice; only the integers go on (a bit string is 1 bit per attempt).
      select k.id, l.i - 1 as k, l.i - 1 = k.ans_index as is_key, l.i - 1 < k.nchoices as is_option,
             bit_count(l.bits) as c,
             bit_count(l.bits & masks.top) as top_c,
             case when l.i - 1 = k.ans_index then bit_count(l.bits & masks.bottom) end as bottom_c
      from keyed k
      join ${itemAnswers} ia on ia.quiz_id = ${quizId} and ia.question_id = k.id
      cross join masks
      cross join lateral unnest(ia.choice_bits) with ordinality as l(bits, i)
    ), per_question as materialized (
      select p.id,
             coalesce(sum(p.c) filter (where p.is_key), 0)::int as correct,
             coalesce(sum(p.top_c) filter (where p.is_key), 0)::int as top_correct,
             coalesce(sum(p.bottom_c) filter (where p.is_key), 0)::int as bottom_correct,
             jsonb_agg(p.c::int order by p.k) filter (where p.is_option) as counts,
             jsonb_agg(p.top_c::int order by p.k) filter (where p.is_option) as top_counts
      from per_choice p
      group by p.id
    ), top_times as materialized (
      select u.ord,
             percentile_cont(0.5) within group (order by u.t::float8) as med
      from ranked r
      cross join tot
      join ${attemptMarks} m on m.quiz_id = ${quizId} and m.ord = r.ord
      cross join lateral unnest(m.times) with ordinality as u(t, ord)
      where r.pos <= tot.top10 and u.t is not null
      group by 1
    )
    insert into ${itemAnalysis} (
      quiz_id, question_id, participants, group_size, correct, top_correct, bottom_correct,
      option_counts, top_option_counts, skipped, timed_count, avg_time_ms, top10_median_time_ms, computed_at
    )
    select ${quizId}, k.id, tot.n, tot.gs, coalesce(pq.correct, 0), coalesce(pq.top_correct, 0),
           coalesce(pq.bottom_correct, 0), coalesce(pq.counts, '[]'::jsonb), coalesce(pq.top_counts, '[]'::jsonb),
           tot.n - coalesce(ia.answered, 0),
           coalesce(ia.timed_count, 0), ia.time_sum_ms::float8 / nullif(ia.timed_count, 0), tt.med,
           ${now.toISOString()}::timestamptz
    from keyed k
    cross join tot
    left join ${itemAnswers} ia on ia.quiz_id = ${quizId} and ia.question_id = k.id
    left join per_question pq on pq.id = k.id
    left join top_times tt on tt.ord = k.ord
  `;
}
