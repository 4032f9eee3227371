import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { rawRows } from '../../db/raw-rows';
import { attemptMarks, attempts, questions, quizzes } from '../../db/schema';
import { competitionRanks, markableQuestion, markSectioned } from './marking';
import { answerIsCorrectSql, implausibleSql, rankedElapsedSql, scoreSql, timeShareSql } from './marking.sql';
import { DEFAULT_PLAUSIBLE_MS_PER_ANSWER } from './plausible-time';

/*
 * Marking's statements (ADR 021): the narrow marks written after publication, the re-score of a key
 * correction and the ranking both publication and a correction end with. Each judges or totals with
 * the SQL twin in `marking.sql.ts`, never with a copy of the rule.
 */

/**
 * An attempt row's ranking keys (ADR 009, plausible-time.ts): its score; its ranked time, the server's
 * elapsed time but at least its plausible floor (answered questions × the floor per answer); and
 * whether it was under that floor (`implausible`).
 */
const RANK_KEYS = (plausibleMsPerAnswer: number) => sql`
    a.score,
    ${timeShareSql('a', sql`q.duration_min`, rankedElapsedSql('a', plausibleMsPerAnswer))} as ranked_share,
    ${implausibleSql('a', plausibleMsPerAnswer)} as implausible`;

/**
 * The ranking rule (ADR 009): score desc, ranked time asc, then an unflagged attempt before a
 * flagged one. Both the ranking statement and the predicted rank of a practice (ADR 024) order by
 * exactly this, over rows with the columns of `RANK_KEYS`.
 */
const RANK_ORDER = sql.raw('score desc nulls last, ranked_share asc nulls last, implausible asc');

/** The attempts a published quiz's ranks are made of (its field). */
const RANKED_STATUSES = sql.raw(`a.status in ('submitted', 'auto_submitted')`);

/**
 * The one ranking statement (ADR 009): standard competition rank of every submitted attempt by score
 * desc, then time taken per minute allowed asc (`rankAttempts`' SQL twin, ADR 023), the time at
 * least its plausible floor, then unflagged first (plausible-time.ts); written into `attempts.rank`
 * and `attempts.implausible_time`, with the count in `quizzes.participant_count`.
 * Publication runs it once; an answer-key correction runs it again after re-scoring.
 */
export async function rankQuizAttempts(
  tx: Executor,
  quizId: string,
  plausibleMsPerAnswer: number = DEFAULT_PLAUSIBLE_MS_PER_ANSWER,
): Promise<number> {
  const [counted] = rawRows<{ participants: number }>(
    await tx.execute(sql`
      with timed as (
        select a.id, a.quiz_id, ${RANK_KEYS(plausibleMsPerAnswer)}
        from ${attempts} a join ${quizzes} q on q.id = a.quiz_id
        where a.quiz_id = ${quizId} and ${RANKED_STATUSES}
      ), ranked as (
        select id, implausible, rank() over (partition by quiz_id order by ${RANK_ORDER}) as r
        from timed
      ), materialised as (
        -- Only rows whose rank or flag changes are written: after a key correction most keep theirs.
        update ${attempts} as a set rank = ranked.r, implausible_time = ranked.implausible
        from ranked
        where a.id = ranked.id
          and (a.rank is distinct from ranked.r or a.implausible_time is distinct from ranked.implausible)
        returning 1
      )
      update ${quizzes} set participant_count = (select count(*)::int from ranked)
      where id = ${quizId}
      returning participant_count as participants
    `),
  );
  return Number(counted?.participants ?? 0);
}

export interface RankBand {
  /** The standard competition rank the ranking statement would give (ties share it). */
  rank: number;
  /** The field's attempts with exactly this score and time: the worst place is rank + ties. */
  ties: number;
  /** The field: the quiz's ranked attempts (the hypothetical one not counted). */
  field: number;
}

/**
 * Where one more attempt with this score and time would rank among a published quiz's attempts
 * (a practice's predicted rank, ADR 024): the field plus that one row, ranked by the same `rank()`
 * over the same order as `rankQuizAttempts`, in one read-only statement. Changes nothing. The row's
 * ranked time and flag are marking's `plausibleTime` of the practice (the one plausible-time rule).
 */
export async function predictRank(
  db: Executor,
  quizId: string,
  score: number,
  timed: { rankedElapsedMs: number; implausible: boolean },
  plausibleMsPerAnswer: number = DEFAULT_PLAUSIBLE_MS_PER_ANSWER,
): Promise<RankBand> {
  const [row] = rawRows<{ rank: number; ties: number; field: number }>(
    await db.execute(sql`
      with field as (
        select ${RANK_KEYS(plausibleMsPerAnswer)}, false as me
        from ${attempts} a join ${quizzes} q on q.id = a.quiz_id
        where a.quiz_id = ${quizId} and ${RANKED_STATUSES}
        union all
        -- The practice's own row: the quiz's time allowed, no extra minutes.
        select ${score}::float8,
               ${timed.rankedElapsedMs}::bigint::float8
                 / nullif((select duration_min from ${quizzes} where id = ${quizId})::float8 * 60000, 0),
               ${timed.implausible}::boolean, true
      ), ranked as (
        select me, score, ranked_share, implausible, rank() over (order by ${RANK_ORDER}) as r from field
      ), mine as (select r, score, ranked_share, implausible from ranked where me)
      select mine.r::int as rank,
             (select count(*)::int from ranked o
              where not o.me and o.score is not distinct from mine.score
                and o.ranked_share is not distinct from mine.ranked_share
                and o.implausible = mine.implausible) as ties,
             (select count(*)::int from ranked where not me) as field
      from mine
    `),
  );
  return { rank: Number(row?.rank ?? 1), ties: Number(row?.ties ?? 0), field: Number(row?.field ?? 0) };
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

const SECTION_RESULT_CHUNK = 500;

/**
 * A quiz with sections (issue 26, ADR 022): every submitted attempt marked again by `markSectioned`
 * with the key as it is now, its per-section figures and per-section rank (standard competition by
 * section score) written to `attempts.section_results`, and its score and right count to the same
 * marking (so a key correction of a quiz whose sections mark differently stays exact). Publication
 * and a key correction run it before `rankQuizAttempts`. A quiz without sections: nothing (0).
 */
export async function writeSectionResults(tx: Executor, quizId: string): Promise<number> {
  const [quiz] = await tx
    .select({ sections: quizzes.sections, markCorrect: quizzes.markCorrect, markWrong: quizzes.markWrong })
    .from(quizzes)
    .where(eq(quizzes.id, quizId));
  if (!quiz || quiz.sections.length === 0) return 0;
  const questionRows = await tx
    .select()
    .from(questions)
    .where(eq(questions.quizId, quizId))
    .orderBy(asc(questions.position));
  const marked = questionRows.map((q) => ({ ...markableQuestion(q), section: q.section }));
  const rows = await tx
    .select({ id: attempts.id, answers: attempts.answers })
    .from(attempts)
    .where(and(eq(attempts.quizId, quizId), inArray(attempts.status, ['submitted', 'auto_submitted'])));
  const scheme = { correct: quiz.markCorrect, wrong: quiz.markWrong };
  const results = rows.map((row) => markSectioned(marked, row.answers, scheme, quiz.sections));
  const ranks = quiz.sections.map((_, i) => competitionRanks(results.map((r) => r.sections[i]!.score)));
  const values = rows.map((row, a) => ({
    id: row.id,
    score: results[a]!.score,
    correct_count: results[a]!.correctCount,
    section_results: results[a]!.sections.map((s, i) => ({
      score: s.score,
      correct: s.correct,
      wrong: s.wrong,
      attempted: s.attempted,
      rank: ranks[i]![a]!,
    })),
  }));
  for (let i = 0; i < values.length; i += SECTION_RESULT_CHUNK) {
    const chunk = values.slice(i, i + SECTION_RESULT_CHUNK);
    await tx.execute(sql`
      update ${attempts} as a
      set score = x.score, correct_count = x.correct_count, section_results = x.section_results
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
        as x(id uuid, score float8, correct_count int, section_results jsonb)
      where a.id = x.id
    `);
  }
  return values.length;
}
