import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rawRows } from '../../db/raw-rows';
import { answerIsCorrectSql } from '../marking/marking.sql';
import { insertCards } from './card-insert';

/**
 * Makes the spaced-repetition cards of one quiz whose results are published (ADR 011), in one
 * statement, in the publication pipeline's analysis step after the ranks commit (ADR 017, ADR 021; so never before the answers are
 * public), batch by batch:
 *
 * - a wrong answer → 'wrong', and an unanswered question → 'skipped': both start as FSRS Again;
 * - a right answer marked for review in the exam hall (`markedForReview: true`) → 'unsure', starting as Hard.
 *
 * One card per learner and question (`on conflict do nothing` on the unique key): publishing again,
 * or an admin's edit, never duplicates one. Returns how many cards were made.
 */
export async function createCardsAtPublication(
  tx: Executor,
  quizId: string,
  now: Date,
  /** Only these attempts (a subquery of attempt ids): the analysis step after publication's batch. */
  only?: SQL,
): Promise<number> {
  const rows = rawRows<{ made: number }>(
    await tx.execute(sql`
      with chosen as materialized (
        select a.id, a.user_id, a.answers
        from attempts a
        -- A deleted account keeps its attempt (ranks stay true) but gets no learning data again.
        join users u on u.id = a.user_id and u.deleted_at is null
        where a.quiz_id = ${quizId} and a.status in ('submitted', 'auto_submitted')
          ${only ? sql`and a.id in (${only})` : sql``}
      ), ans as (
        -- Each attempt's answers parsed once (the first entry per question wins), then hash-joined to
        -- the questions: linear in answers (a per-question scan of the array was quadratic).
        select distinct on (c.id, e.v ->> 'qnId') c.id as attempt_id, e.v ->> 'qnId' as qn_id,
               e.v ->> 'selectedOption' as selected,
               coalesce((e.v ->> 'markedForReview')::boolean, false) as marked
        from chosen c
        cross join lateral jsonb_array_elements(c.answers) with ordinality as e(v, i)
        order by c.id, e.v ->> 'qnId', e.i
      ), outcomes as (
        select c.user_id, q.id as question_id,
               case
                 when ans.selected is null then 'skipped'
                 when not ${answerIsCorrectSql('q', sql`ans.selected`)} then 'wrong'
                 when ans.marked then 'unsure'
               end as source
        from chosen c
        join questions q on q.quiz_id = ${quizId}
        left join ans on ans.attempt_id = c.id and ans.qn_id = q.id::text
      ), made as (${insertCards(sql`select user_id, question_id, source from outcomes`, now)})
      select count(*)::int as made from made
    `),
  );
  return Number(rows[0]?.made ?? 0);
}
