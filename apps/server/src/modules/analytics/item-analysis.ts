import { sql } from 'drizzle-orm';
import { DISCRIMINATION_GROUP_SHARE, TOP_SHARE } from '@quizcast/contract/schemas/analytics';
import { answerIsCorrectSql } from '../../db/answer-is-correct';
import type { Db } from '../../db/client';
import { attempts, itemAnalysis, questions } from '../../db/schema';

/**
 * (Re)materialises a published quiz's item analysis in one set-based statement: raw counts per
 * question (correct overall and in the top/bottom 27% by score, each option's pickers overall and in
 * the top group, skips, time). Attempts are expanded in SQL; nothing is loaded into Node. Called at
 * publication and after a key correction, inside their transactions.
 *
 * Groups order attempts by score desc, elapsed time asc, then attempt id, so ties at a boundary are
 * split the same way on every run; each group holds round(27% × n) attempts (at least 1) and the
 * bottom group is empty below 2 participants. The "top 10%" are the first ceil(10% × n) in that order.
 */
export async function refreshItemAnalysis(db: Db, quizId: string, now: Date): Promise<void> {
  await db.delete(itemAnalysis).where(sql`${itemAnalysis.quizId} = ${quizId}`);
  await db.execute(itemAnalysisStatement(quizId, now));
}

/**
 * The INSERT … SELECT that materialises one quiz's item analysis (exported for EXPLAIN in the
 * benchmark). One pass over every answer, hash-aggregated by (question, chosen text); a second pass
 * over the top 10%'s answers only, for their median time. No correlated subqueries over the answers.
 */
export function itemAnalysisStatement(quizId: string, now: Date) {
  const correct = answerIsCorrectSql('k', sql`p.sel`);
  return sql`
    with ranked as (
      select a.id,
             row_number() over (order by a.score desc nulls last, a.elapsed_ms asc nulls last, a.id) as pos
      from ${attempts} a
      where a.quiz_id = ${quizId} and a.rank is not null
    ), tot as (
      select count(*)::int as n,
             greatest(1, round(count(*) * ${DISCRIMINATION_GROUP_SHARE}::numeric))::int as gs,
             greatest(1, ceil(count(*) * ${TOP_SHARE}::numeric))::int as top10
      from ranked
    ), picks as (
      select x."qnId" as qn_id,
             x."selectedOption" as sel,
             count(*) as c,
             count(*) filter (where r.pos <= tot.gs) as top_c,
             count(*) filter (where tot.n >= 2 and r.pos > tot.n - tot.gs) as bottom_c,
             count(*) filter (where jsonb_typeof(x."timeSpentMs") = 'number') as tn,
             sum((x."timeSpentMs")::float8) filter (where jsonb_typeof(x."timeSpentMs") = 'number') as tsum
      from ranked r
      cross join tot
      join ${attempts} a on a.id = r.id
      cross join lateral jsonb_to_recordset(a.answers) as x("qnId" text, "selectedOption" text, "timeSpentMs" jsonb)
      group by 1, 2
    ), top_times as (
      select x."qnId" as qn_id,
             percentile_cont(0.5) within group (order by (x."timeSpentMs")::float8) as med
      from ranked r
      cross join tot
      join ${attempts} a on a.id = r.id
      cross join lateral jsonb_to_recordset(a.answers) as x("qnId" text, "timeSpentMs" jsonb)
      where r.pos <= tot.top10 and jsonb_typeof(x."timeSpentMs") = 'number'
      group by 1
    ), keyed as (
      select q.id, q.choices, q.type, q.ans_index, q.numeric_answer, q.tolerance
      from ${questions} q where q.quiz_id = ${quizId}
    ), per_question as (
      select k.id,
             coalesce(sum(p.c) filter (where ${correct}), 0)::int as correct,
             coalesce(sum(p.top_c) filter (where ${correct}), 0)::int as top_correct,
             coalesce(sum(p.bottom_c) filter (where ${correct}), 0)::int as bottom_correct,
             coalesce(sum(p.c) filter (where p.sel is not null), 0)::int as answered,
             coalesce(sum(p.tn), 0)::int as tn,
             sum(p.tsum) / nullif(sum(p.tn), 0) as avg_t
      from keyed k left join picks p on p.qn_id = k.id::text
      group by k.id
    ), options as (
      select k.id,
             jsonb_agg(coalesce(p.c, 0)::int order by ch.i) as counts,
             jsonb_agg(coalesce(p.top_c, 0)::int order by ch.i) as top_counts
      from keyed k
      cross join lateral jsonb_array_elements_text(k.choices) with ordinality ch(v, i)
      left join picks p on p.qn_id = k.id::text and p.sel = ch.v
      group by k.id
    )
    insert into ${itemAnalysis} (
      quiz_id, question_id, participants, group_size, correct, top_correct, bottom_correct,
      option_counts, top_option_counts, skipped, timed_count, avg_time_ms, top10_median_time_ms, computed_at
    )
    select ${quizId}, k.id, tot.n, tot.gs, pq.correct, pq.top_correct, pq.bottom_correct,
           coalesce(o.counts, '[]'::jsonb), coalesce(o.top_counts, '[]'::jsonb),
           tot.n - pq.answered, pq.tn, pq.avg_t, tt.med, ${now.toISOString()}::timestamptz
    from keyed k
    cross join tot
    join per_question pq on pq.id = k.id
    left join options o on o.id = k.id
    left join top_times tt on tt.qn_id = k.id::text
  `;
}
