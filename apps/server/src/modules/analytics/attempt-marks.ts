import { sql } from 'drizzle-orm';
import { answerIsCorrectSql } from '../../db/answer-is-correct';
import type { Db } from '../../db/client';
import { rawRows } from '../../db/raw-rows';
import { createCardsAtPublication } from '../review/cards-at-publication';
import { refreshItemAnalysis } from './item-analysis';

/**
 * Writes the narrow integer form of every submitted attempt of one quiz (`attempt_marks`, ADR 017):
 * the chosen choice's index and the time on screen per question, in question-position order, and the
 * attempt's dense number `ord` (1…n by attempt id). Parses each attempt's jsonb answers once, here,
 * after the ranks are committed (`analysisStep` does it in batches; this whole-quiz form is for the
 * demo seed and tests); everything after (item analysis, key corrections, the progress page) reads
 * integers. Idempotent: attempts that already have their row are left alone, and new ones are
 * numbered after the last. Callers hold the quiz row lock, so numbering never races. When it wrote
 * anything, the quiz's `item_answers` are rebuilt.
 *
 * Migration 0013 backfills quizzes published before this table with the same statement (by hand:
 * keep the two in step).
 */
export async function materialiseAttemptMarks(db: Db, quizId: string): Promise<number> {
  const made = await writeMarks(db, quizId, null);
  await ensureItemAnswers(db, quizId, made > 0);
  return made;
}

/**
 * The next `limit` (null: all) attempts of the quiz without narrow marks, by attempt id, numbered
 * after the last (`ord`); returns how many were written. The caller holds the quiz.
 */
export async function writeMarks(db: Db, quizId: string, limit: number | null): Promise<number> {
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
 * (Re)builds the quiz's `item_answers` from `attempt_marks` when asked to, or when it has none yet
 * (quizzes backfilled by the migration). One pass over the marks' arrays makes, per question, a string
 * with one character per attempt at its `ord` ('.' skipped, '-' no choice / a wrong number, 'A' + k
 * choice k; a right number is 'A'); each choice's bit string is then one `translate` of it. Runs once
 * per quiz (the analysis steps then append to it), not on every refresh.
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

/** How many attempts one step of the analysis takes at most (one transaction each). */
export const ANALYSIS_BATCH = 1000;

/**
 * One step of a published quiz's analysis (ADR 017, "After the ranks commit"), in the caller's
 * transaction: locks the quiz row (steps, key corrections and other instances take turns), writes the
 * narrow marks of the next `limit` attempts, appends their answers to the quiz's `item_answers` bit
 * strings and makes their review cards, in the same transaction, so each attempt is added exactly once. When no attempt is
 * left, it builds the item analysis from the whole bit strings and sets `analysed_at` (and bumps
 * `results_version`, which refreshes cached progress pages): before that the item analysis is
 * "being prepared", never half-built. Returns whether the quiz's analysis is whole.
 */
export async function analysisStep(
  db: Db,
  quizId: string,
  now: Date,
  limit: number | null,
  /** Spaced-repetition cards for the batch's attempts (ADR 011); the demo seed makes none. */
  options: { cards: boolean } = { cards: true },
): Promise<'whole' | 'more' | 'unpublished'> {
  const [quiz] = rawRows<{ analysed: boolean; published: boolean }>(
    await db.execute(sql`
      select analysed_at is not null as analysed, results_published_at is not null as published
      from quizzes where id = ${quizId} for update
    `),
  );
  if (!quiz?.published) return 'unpublished';
  // Makes the quiz's (empty) bit strings on the first step, or whole ones for quizzes whose marks
  // were backfilled by migration 0013 without them, including quizzes 0015 counts as analysed
  // (they had an item analysis): a key correction refreshes the analysis from these bit strings.
  await ensureItemAnswers(db, quizId, false);
  if (quiz.analysed) return 'whole';
  const [base] = rawRows<{ top: number }>(
    await db.execute(
      sql`select coalesce(max(ord), 0)::int as top from attempt_marks where quiz_id = ${quizId}`,
    ),
  );
  const made = await writeMarks(db, quizId, limit);
  const top = Number(base?.top ?? 0);
  if (made > 0) await appendItemAnswers(db, quizId, top);
  // The batch's learners' mistakes become review cards, now that the answers are public.
  if (made > 0 && options.cards) {
    await createCardsAtPublication(
      db,
      quizId,
      now,
      sql`select attempt_id from attempt_marks where quiz_id = ${quizId} and ord > ${top}`,
    );
  }
  if (limit !== null && made === limit) return 'more';
  await refreshItemAnalysis(db, quizId, now);
  await db.execute(sql`
    update quizzes set analysed_at = ${now.toISOString()}::timestamptz, results_version = results_version + 1
    where id = ${quizId}
  `);
  return 'whole';
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
export async function appendItemAnswers(db: Db, quizId: string, after: number): Promise<void> {
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

/**
 * A published quiz's whole analysis, in steps of `batch` attempts, each its own transaction (so on
 * PGlite's one connection other requests run between them). Idempotent: a step that did not commit
 * is redone by the next call (the sweeper's, or a key correction's). Returns whether it is whole.
 */
export async function analysePublished(
  db: Db,
  quizId: string,
  now: Date,
  batch: number = ANALYSIS_BATCH,
): Promise<boolean> {
  for (;;) {
    const state = await db.transaction((tx) => analysisStep(tx as unknown as Db, quizId, now, batch));
    if (state !== 'more') return state === 'whole';
  }
}
