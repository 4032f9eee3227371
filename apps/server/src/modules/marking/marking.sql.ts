import { sql, type SQL } from 'drizzle-orm';

/**
 * The SQL twin of `marking.ts` (ADR 021), for the set-based statements that mark in the database
 * (the narrow marks after publication, the review cards, a key correction's re-score). Only what
 * those statements need, each beside the TypeScript rule it repeats; `marking.parity.test.ts` runs
 * both over generated answers on PGlite and PostgreSQL. Migration 0013's backfill has its own copy
 * of the narrow-marks statement (a migration is history; it is never run again on a database it ran on).
 */

/**
 * What JavaScript's `String.prototype.trim` removes (WhiteSpace and LineTerminator), as a regular
 * expression bracket body: the contract trims a number's text before reading it.
 */
const JS_TRIMMED = String.raw`\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff`;

/**
 * `isAnswerCorrect` for a live question: `q` is the alias of a relation with the `questions` columns
 * (type, choices, ans_index, numeric_answer, tolerance), `selected` the saved `selectedOption` text.
 * A multiple-choice answer is right when it equals the keyed choice's text; a numeric one when its
 * trimmed text is a number in the contract's accepted form (`NUMERIC_PATTERN`, at most
 * `NUMERIC_TEXT_MAX` characters and `NUMERIC_DIGITS_MAX` significant digits) and
 * |selected − numeric_answer| ≤ coalesce(tolerance, 0), compared as exact `numeric` decimals like the
 * contract's BigInt arithmetic. Never null. Dropped questions are the caller's business (`markAnswer`
 * gives them the outcome 'dropped'). (Saved answers are canonical numbers, which the trim and the
 * limits never touch; they are here so that the twin agrees on any text.)
 */
export function answerIsCorrectSql(q: string, selected: SQL): SQL {
  const t = sql.raw(q);
  const trimmed = sql`regexp_replace(${selected}, ${`^[${JS_TRIMMED}]+|[${JS_TRIMMED}]+$`}::text, '', 'g')`;
  return sql`(case
    when ${t}.type = 'numeric' then
      case when ${trimmed} ~ '^[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)$' and length(${trimmed}) <= 24
                and length(ltrim(regexp_replace(${trimmed}, '[^0-9]', '', 'g'), '0')) <= 18
           then abs((${trimmed})::numeric - ${t}.numeric_answer) <= coalesce(${t}.tolerance, 0)
           else false end
    else coalesce(${selected} = ${t}.choices ->> ${t}.ans_index, false)
  end)`;
}

/**
 * `totalMarks`: correct × reward − wrong × penalty in float8, rounded to 2 decimals half up
 * (`Math.round` is floor(x + 0.5)). The four arguments are SQL expressions (counts and the quiz's
 * `mark_correct`, `mark_wrong`).
 */
export function scoreSql(correct: SQL, wrong: SQL, markCorrect: SQL, markWrong: SQL): SQL {
  return sql`(floor(((${correct})::float8 * (${markCorrect})::float8 - (${wrong})::float8 * (${markWrong})::float8) * 100 + 0.5) / 100)`;
}

/**
 * `timeShare`: `a` is the alias of an `attempts` row, `durationMin` the SQL of its quiz's duration in
 * minutes; elapsed ÷ (duration + extra) in float8, as JavaScript divides two integers. `elapsedMs`
 * replaces the row's own elapsed time (the ranking passes it at least its plausible floor).
 */
export function timeShareSql(a: string, durationMin: SQL, elapsedMs?: SQL): SQL {
  const t = sql.raw(a);
  const elapsed = elapsedMs ?? sql`${t}.elapsed_ms`;
  return sql`((${elapsed})::float8 / nullif((${durationMin})::float8 * 60000 + ${t}.extra_ms, 0))`;
}

/** `plausibleTime`'s `answered`: `a`'s saved answers that are not null (`a` the alias of an `attempts` row). */
export function answeredCountSql(a: string): SQL {
  const t = sql.raw(a);
  return sql`(select count(*) from jsonb_array_elements(${t}.answers) e where e->>'selectedOption' is not null)`;
}

/** `plausibleTime`'s floor: answered × the floor per answer, in ms. */
function plausibleFloorSql(a: string, plausibleMsPerAnswer: number): SQL {
  return sql`(${plausibleMsPerAnswer}::bigint * ${answeredCountSql(a)}::bigint)`;
}

/**
 * `plausibleTime`'s `answeredMs`: the sum of the answered questions' server-measured `serverMs`; null
 * when nothing is answered or an answered entry has none (saved before it was recorded).
 */
export function answeredMsSql(a: string): SQL {
  const t = sql.raw(a);
  return sql`(select case when bool_and(e->'serverMs' is not null) then sum((e->>'serverMs')::bigint) end
    from jsonb_array_elements(${t}.answers) e where e->>'selectedOption' is not null)`;
}

/**
 * `plausibleTime`'s `rankedElapsedMs`: the server's elapsed time, at least the plausible floor; null
 * when the elapsed time is not known. The ranking statement and the admin's provisional ranks both
 * use it, so a rank before publication is the one publication gives.
 */
export function rankedElapsedSql(a: string, plausibleMsPerAnswer: number): SQL {
  const t = sql.raw(a);
  const floor = plausibleFloorSql(a, plausibleMsPerAnswer);
  return sql`(case when ${t}.elapsed_ms is not null then greatest(${t}.elapsed_ms, ${floor}) end)`;
}

/**
 * `plausibleTime`'s `implausible`: the answered questions' server time (else the elapsed time) under
 * the floor; never null.
 */
export function implausibleSql(a: string, plausibleMsPerAnswer: number): SQL {
  const t = sql.raw(a);
  return sql`coalesce(coalesce(${answeredMsSql(a)}, ${t}.elapsed_ms) < ${plausibleFloorSql(a, plausibleMsPerAnswer)}, false)`;
}

/**
 * The ranking statement's order (`rankQuizAttempts`) over the `attempts` table's own rows, for ranks
 * shown before publication (the admin's provisional ranks): score desc, time taken per minute allowed
 * (ADR 023) of the ranked time asc, unflagged first; so a provisional rank is the one publication gives.
 */
export function provisionalRankOrderSql(plausibleMsPerAnswer: number): SQL {
  const durationMin = sql`(select q.duration_min from quizzes q where q.id = "attempts"."quiz_id")`;
  const share = timeShareSql('attempts', durationMin, rankedElapsedSql('attempts', plausibleMsPerAnswer));
  return sql`attempts.score desc nulls last, ${share} asc nulls last, ${implausibleSql('attempts', plausibleMsPerAnswer)} asc`;
}

/** `rankAttempts`' order, for `rank() over (… order by <this>)`. */
export function rankOrderSql(a: string, durationMin: SQL): SQL {
  const t = sql.raw(a);
  return sql`${t}.score desc nulls last, ${timeShareSql(a, durationMin)} asc nulls last`;
}
