import { sql, type SQL } from 'drizzle-orm';

/**
 * The SQL twin of the contract's `isAnswerCorrect` (domain/scoring.ts with domain/numeric-answer.ts),
 * for the set-based statements that score in the database (key-correction re-score, item analysis,
 * review cards at publication, learner analytics). `q` is the alias of a `questions` row; `selected` the
 * saved `selectedOption` text. A multiple-choice answer is right when it equals the keyed choice's text;
 * a numeric one when it is a number and |selected − numeric_answer| ≤ coalesce(tolerance, 0), compared as
 * exact `numeric` decimals like the contract's BigInt arithmetic. Never null. Dropped questions are the
 * caller's business. `test/numeric-questions.api.test.ts` checks it against the contract on both databases.
 */
export function answerIsCorrectSql(q: string, selected: SQL): SQL {
  const t = sql.raw(q);
  return sql`(case
    when ${t}.type = 'numeric' then
      case when ${selected} ~ '^[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)$' and length(${selected}) <= 24
           then abs((${selected})::numeric - ${t}.numeric_answer) <= coalesce(${t}.tolerance, 0)
           else false end
    else coalesce(${selected} = ${t}.choices ->> ${t}.ans_index, false)
  end)`;
}
