import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { DIFFICULTY_BANDS, type DrillDifficulty } from '@quizcast/contract/domain/practice';
import type { Db, Executor } from '../../db/client';
import { preparedRaw, rawRows, textArrayLiteral } from '../../db/raw-rows';
import type { PartContext, StatementPart } from '../../db/statement-parts';
import {
  practiceAttempts,
  type SavedAnswer,
  type StoredQuestionMath,
  type StoredSection,
} from '../../db/schema';
import { unlockedExpression } from '../quizzes/unlock-rule';

export type PracticeAttemptRow = typeof practiceAttempts.$inferSelect;
export type PracticeAttemptInsert = typeof practiceAttempts.$inferInsert;

/**
 * The one rule of what practice may show (ADR 024), over `quizzes`: a quiz an admin has not
 * withdrawn whose results are published. Every statement here that reads questions applies it,
 * together with the unlock rule, at the time of the read (a quiz unpublished again drops out).
 */
export const PRACTISABLE = sql`("quizzes"."published" and "quizzes"."results_published_at" is not null)`;

/** A placeholder of `finish`'s statement (prepared once per shape), as SQL. */
const finishParam = (name: string) => sql`${sql.placeholder(name)}`;

/**
 * What a part of `PracticeRepository.finish`'s statement may refer to: the learner, the finishing
 * time, and `when`, true only when its write finished the attempt.
 */
const FINISH_CONTEXT: PartContext = {
  userId: finishParam('userId'),
  now: finishParam('now'),
  when: sql`exists (select 1 from done)`,
};

/** A question of a practisable quiz, with its answer and explanation (server side only). */
export interface PracticeQuestionRow {
  id: string;
  quizId: string;
  qn: string;
  choices: string[];
  ansIndex: number;
  explanation: string | null;
  lang: 'en' | 'hi';
  audioKey: string | null;
  topic: string | null;
  type: 'mcq' | 'numeric';
  numericAnswer: string | null;
  tolerance: string | null;
  qnHi: string | null;
  choicesHi: string[] | null;
  explanationHi: string | null;
  math: StoredQuestionMath | null;
  droppedAt: Date | null;
  /** Index into its quiz's sections (ADR 022); null: none. */
  section: number | null;
  /**
   * Its quiz's `updated_at` as PostgreSQL's text (every change of a question, key or scheme
   * touches it): what a copy of the question was read at (`RunningPractices`).
   */
  quizVersion: string;
}

export interface PractisableQuizRow {
  id: string;
  name: string;
  exam: string;
  durationMin: number;
  pricePaise: number;
  markCorrect: number;
  markWrong: number;
  previousYear: number | null;
  resultsPublishedAt: Date;
  unlocked: boolean;
  questionCount: number;
  topics: string[];
  practiceCount: number;
}

export interface TopicCounts {
  topic: string;
  questions: number;
  easy: number;
  medium: number;
  hard: number;
}

/**
 * A question's difficulty band in SQL, over `q.facility` (its item analysis' facility, kept on the
 * question by triggers, migration 0027): the bands of `difficultyBand` (contract,
 * domain/practice.ts) with its bounds; no analysis is 'medium'. `inline`: the bands' bounds written
 * into the text (they are constants of the code) rather than sent as parameters, so a custom plan
 * sees nothing of them a generic plan does not (`drawDrill`).
 */
export function bandExpression(inline = false): SQL {
  const facility = sql`q.facility`;
  const bound = (n: number) => (inline ? sql.raw(String(Number(n))) : sql`${n}`);
  return sql`(case when ${facility} is null then 'medium'
                   when ${facility} >= ${bound(DIFFICULTY_BANDS.easyFrom)} then 'easy'
                   when ${facility} < ${bound(DIFFICULTY_BANDS.hardBelow)} then 'hard'
                   else 'medium' end)`;
}

export interface QuizFilters {
  exam?: string;
  topic?: string;
  previousYear?: boolean;
}

const quizColumns = (userId: string) => sql`
  "quizzes"."id" as id, "quizzes"."name" as name, "quizzes"."exam" as exam,
  "quizzes"."duration_min" as "durationMin", "quizzes"."price_paise" as "pricePaise",
  "quizzes"."mark_correct" as "markCorrect", "quizzes"."mark_wrong" as "markWrong",
  "quizzes"."previous_year" as "previousYear", "quizzes"."results_published_at" as "resultsPublishedAt",
  ${unlockedExpression(userId)} as unlocked,
  (select count(*)::int from questions q where q.quiz_id = "quizzes"."id") as "questionCount",
  coalesce((select array_agg(distinct q.topic order by q.topic) from questions q
            where q.quiz_id = "quizzes"."id" and q.topic is not null), '{}') as topics,
  (select count(*)::int from practice_attempts p
   where p.quiz_id = "quizzes"."id" and p.user_id = ${userId}::uuid) as "practiceCount"`;

function toQuiz(r: Record<string, unknown>): PractisableQuizRow {
  return {
    id: String(r.id),
    name: String(r.name),
    exam: String(r.exam),
    durationMin: Number(r.durationMin),
    pricePaise: Number(r.pricePaise),
    markCorrect: Number(r.markCorrect),
    markWrong: Number(r.markWrong),
    previousYear: r.previousYear === null ? null : Number(r.previousYear),
    resultsPublishedAt: new Date(r.resultsPublishedAt as string),
    unlocked: r.unlocked === true || r.unlocked === 't',
    questionCount: Number(r.questionCount),
    topics: (r.topics as string[] | null) ?? [],
    practiceCount: Number(r.practiceCount),
  };
}

/**
 * A question's columns as `PracticeQuestionRow` names them, over `q` (questions) joined to its
 * `quizzes` row: `toQuestion` reads them. The decimals as text, so they read the same from a row or from JSON (`attemptWithQuestions`).
 */
const questionColumns = sql`
  q.id, q.quiz_id as "quizId", q.qn, q.choices, q.ans_index as "ansIndex", q.explanation,
  q.lang, q.audio_key as "audioKey", q.topic, q.type, q.numeric_answer::text as "numericAnswer",
  q.tolerance::text as tolerance, q.qn_hi as "qnHi", q.choices_hi as "choicesHi",
  q.explanation_hi as "explanationHi", q.math, q.dropped_at as "droppedAt", q.section,
  "quizzes"."updated_at"::text as "quizVersion"`;

type RawQuestionRow = Omit<PracticeQuestionRow, 'droppedAt'> & { droppedAt: string | Date | null };

function toQuestion(r: RawQuestionRow): PracticeQuestionRow {
  return {
    ...r,
    ansIndex: Number(r.ansIndex),
    numericAnswer: r.numericAnswer === null ? null : String(r.numericAnswer),
    tolerance: r.tolerance === null ? null : String(r.tolerance),
    droppedAt: r.droppedAt === null ? null : new Date(r.droppedAt),
    section: r.section === null || r.section === undefined ? null : Number(r.section),
    quizVersion: String(r.quizVersion),
  };
}

/**
 * What a copy of a running attempt was read with (`RunningPractices`): how many of its questions
 * were visible (all of them) and each of their quizzes' version.
 */
export interface StillVisible {
  count: number;
  /** Quiz id → its `updated_at` as read (`PracticeQuestionRow.quizVersion`). */
  versions: ReadonlyMap<string, string>;
}

/**
 * Inside `finish`'s UPDATE of `practice_attempts`: the attempt's questions visible to the learner
 * now (`PRACTISABLE` and the unlock rule, as every read here) whose quiz is still at the version
 * read are `still.count` of them. False when any was withdrawn, changed, or locked again since.
 * Its placeholders' values: `stillValues`.
 */
const STILL_VISIBLE = sql`(select count(*) from questions q
      join quizzes on "quizzes"."id" = q.quiz_id
      join unnest(${finishParam('knownQuizIds')}::uuid[], ${finishParam('knownVersions')}::text[])
        as known(quiz_id, version) on known.quiz_id = q.quiz_id and "quizzes"."updated_at" = known.version::timestamptz
      where q.id = any(practice_attempts.question_ids) and ${PRACTISABLE}
        and ${unlockedExpression(sql`${FINISH_CONTEXT.userId}::uuid`)}
    ) = ${finishParam('knownCount')}::int`;

function stillValues(still: StillVisible) {
  const ids = [...still.versions.keys()];
  return {
    knownQuizIds: `{${ids.join(',')}}`,
    knownVersions: textArrayLiteral(ids.map((id) => still.versions.get(id)!)),
    knownCount: still.count,
  };
}

/** `finish`'s statement for one shape (its parts, and whether `still` applies): built and prepared once. */
function finishStatement(parts: readonly StatementPart[], still: boolean): SQL {
  const ctes = parts.map((part) => sql`${sql.raw(`part_${part.name}`)} as (${part.body(FINISH_CONTEXT)})`);
  return sql`
        with done as (
          update practice_attempts
          set answers = ${finishParam('answers')}::jsonb, score = ${finishParam('score')},
              correct_count = ${finishParam('correctCount')}, wrong_count = ${finishParam('wrongCount')},
              elapsed_ms = ${finishParam('elapsedMs')}, submitted_at = ${finishParam('submittedAt')}::timestamptz,
              predicted = ${finishParam('predicted')}::jsonb,
              status = 'submitted', updated_at = ${FINISH_CONTEXT.now}::timestamptz
          where id = ${finishParam('attemptId')}::uuid and status = 'in_progress'
            and revision = ${finishParam('revision')}::int
            ${still ? sql`and ${STILL_VISIBLE}` : sql``}
          returning 1
        )${ctes.length ? sql`, ${sql.join(ctes, sql`, `)}` : sql``}
        select count(*)::int as finished from done`;
}

/** A drill as `drawDrill` stores it, but for its questions (the draw's). */
export type DrillStart = Pick<
  PracticeAttemptRow,
  | 'id'
  | 'title'
  | 'exam'
  | 'timed'
  | 'instantFeedback'
  | 'startedAt'
  | 'deadlineAt'
  | 'markCorrect'
  | 'markWrong'
>;

/** The row `drawDrill` stored: what it wrote and the columns' defaults (no read back). */
function startedRow(
  values: DrillStart & Pick<PracticeAttemptRow, 'userId' | 'questionIds'>,
): PracticeAttemptRow {
  return {
    ...values,
    kind: 'drill',
    quizId: null,
    status: 'in_progress',
    submittedAt: null,
    answers: [],
    revision: 0,
    score: null,
    correctCount: null,
    wrongCount: null,
    elapsedMs: null,
    predicted: null,
    day: null,
    createdAt: values.startedAt,
    updatedAt: values.startedAt,
  };
}

/** At most `free` calls of `run` at once; the others wait in order. */
class Gate {
  private readonly waiting: (() => void)[] = [];
  constructor(private free: number) {}
  async run<T>(f: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await f();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free += 1;
    }
  }
}

/**
 * `PracticeRepository.drawDrill`'s statement, built once with placeholders (prepared once: drizzle
 * does not rebuild its text on each drill). See `drawDrill` for what it does and why it is so written.
 */
function drawStatement(): SQL {
  const p = (name: string) => sql.placeholder(name);
  // A value the plan depends on, hidden from the planner (`drawDrill`); always a parameter.
  const hidden = (v: SQL) => sql`(select ${v})`;
  const user = hidden(sql`${p('userId')}::uuid`);
  // Whether the learner has any row in a table of their history: one probe (an InitPlan) that
  // spares a learner without any the probes of every candidate (a one-time filter).
  const hasAny = (table: SQL) => sql`(select exists (select 1 from ${table} h where h.user_id = ${user}))`;
  const band = sql`${bandExpression(true)} = ${hidden(sql`${p('difficulty')}::text`)}`;
  const order = sql`case
                 when s.last_correct is null and (a.id is null or c.source in ('wrong', 'skipped')) then 0
                 when not s.last_correct then 0
                 else 1
               end, random()`;
  return sql`
    with pool as materialized (
      select q.id, q.quiz_id
      from questions q
      join quizzes on "quizzes"."id" = q.quiz_id
      where q.topic = any(${hidden(sql`${p('topics')}::text[]`)}::text[])
        and q.dropped_at is null and q.topic is not null
        and "quizzes"."exam" = ${hidden(sql`${p('exam')}::text`)} and ${PRACTISABLE}
        and ${unlockedExpression(user)} and ${band}
    ), drawn as (
      select p.id, row_number() over (order by ${order}) as ord
      from pool p
      left join lateral (
        select s.last_correct from practice_question_state s
        where ${hasAny(sql`practice_question_state`)} and s.user_id = ${user} and s.question_id = p.id limit 1
      ) s on true
      left join lateral (
        select c.source from review_cards c
        where ${hasAny(sql`review_cards`)} and c.user_id = ${user} and c.question_id = p.id limit 1
      ) c on true
      left join attempts a on a.quiz_id = p.quiz_id and a.user_id = ${user}
      order by ord
      limit ${hidden(sql`${p('count')}::int`)}
    ), stored as (
      insert into practice_attempts (id, user_id, kind, quiz_id, title, exam, question_ids, timed,
                                     instant_feedback, started_at, deadline_at, mark_correct, mark_wrong,
                                     created_at, updated_at)
      select ${p('id')}::uuid, ${p('userId')}::uuid, 'drill', null, ${p('title')}::text, ${p('drillExam')}::text,
             array_agg(drawn.id order by drawn.ord), ${p('timed')}::boolean, ${p('instantFeedback')}::boolean,
             ${p('at')}::timestamptz, ${p('deadlineAt')}::timestamptz,
             ${p('markCorrect')}::float8, ${p('markWrong')}::float8, ${p('at')}::timestamptz, ${p('at')}::timestamptz
      from drawn
      having count(*) > 0 and (${p('untimed')}::boolean or count(*) = ${p('count')}::int)
      returning 1
    )
    select ${questionColumns}, drawn.ord, (select count(*)::int from stored) as stored
    from drawn join questions q on q.id = drawn.id join quizzes on "quizzes"."id" = q.quiz_id
    order by drawn.ord`;
}

/** The practice module's reads and writes; the only code here that touches the database. */
export class PracticeRepository {
  /** `attemptWithQuestions`' statement, prepared once (PostgreSQL parses it once per connection). */
  private readonly attemptWithQuestionsQuery;

  /**
   * Draws running at once (`drawDrill`). With 8 at once on 2 cores a drill cost PostgreSQL ~1.9 ms
   * of CPU against ~1.5 ms with 2 at once, and the bench's throughput fell (issue 27, eleventh pass):
   * so a process runs as many at once as the generic-plan connections it used to queue on.
   */
  private readonly draws: Gate;

  /** `drawDrill`'s statement (`drawStatement`), prepared once. */
  private readonly drawQuery;

  constructor(
    private readonly db: Db,
    drawsAtOnce = 2,
  ) {
    this.draws = new Gate(Math.max(1, drawsAtOnce));
    this.drawQuery = preparedRaw<RawQuestionRow & { stored: number }>(
      db,
      'practice_draw_drill',
      drawStatement(),
    );
    const userId = sql.placeholder('userId');
    this.attemptWithQuestionsQuery = db
      .select({
        attempt: practiceAttempts,
        // The outer columns qualified by hand: Drizzle writes a one-table select's unqualified.
        questions: sql<RawQuestionRow[] | string>`(
          select coalesce(json_agg(v), '[]'::json) from (
            select ${questionColumns} from questions q join quizzes on "quizzes"."id" = q.quiz_id
            where q.id = any("practice_attempts"."question_ids") and ${PRACTISABLE}
              and ${unlockedExpression(userId)}
          ) v)`,
        sections: sql<StoredSection[] | string | null>`(
          select "quizzes"."sections" from quizzes where "quizzes"."id" = "practice_attempts"."quiz_id")`,
      })
      .from(practiceAttempts)
      .where(and(eq(practiceAttempts.id, sql.placeholder('attemptId')), eq(practiceAttempts.userId, userId)))
      .limit(1)
      .prepare('practice_attempt_with_questions');
  }

  /** Practisable quizzes, newest results first, with the learner's unlock and practice count. */
  async listQuizzes(userId: string, filters: QuizFilters): Promise<PractisableQuizRow[]> {
    const where: SQL[] = [PRACTISABLE];
    if (filters.exam) where.push(sql`"quizzes"."exam" = ${filters.exam}`);
    if (filters.topic)
      where.push(
        sql`exists (select 1 from questions t where t.quiz_id = "quizzes"."id" and t.topic = ${filters.topic})`,
      );
    if (filters.previousYear !== undefined)
      where.push(
        filters.previousYear
          ? sql`"quizzes"."previous_year" is not null`
          : sql`"quizzes"."previous_year" is null`,
      );
    const rows = rawRows<Record<string, unknown>>(
      await this.db.execute(sql`
        select ${quizColumns(userId)} from quizzes
        where ${sql.join(where, sql` and `)}
        order by "quizzes"."results_published_at" desc, "quizzes"."id"
        limit 200`),
    );
    return rows.map(toQuiz);
  }

  /** One quiz if it is practisable (unlocked or not); undefined otherwise (unknown, not published…). */
  async practisableQuiz(quizId: string, userId: string): Promise<PractisableQuizRow | undefined> {
    const [row] = rawRows<Record<string, unknown>>(
      await this.db.execute(sql`
        select ${quizColumns(userId)} from quizzes where "quizzes"."id" = ${quizId}::uuid and ${PRACTISABLE}`),
    );
    return row ? toQuiz(row) : undefined;
  }

  /**
   * The topics of an exam's practisable questions this learner may see, with how many there are in
   * each difficulty band (the drill builder offers only bands that have some).
   */
  async topics(userId: string, exam: string): Promise<TopicCounts[]> {
    const band = bandExpression();
    const rows = rawRows<{ topic: string; n: number; easy: number; medium: number; hard: number }>(
      await this.db.execute(sql`
        select q.topic, count(*)::int as n,
               count(*) filter (where ${band} = 'easy')::int as easy,
               count(*) filter (where ${band} = 'medium')::int as medium,
               count(*) filter (where ${band} = 'hard')::int as hard
        from quizzes join questions q on q.quiz_id = "quizzes"."id"
        where "quizzes"."exam" = ${exam} and ${PRACTISABLE} and ${unlockedExpression(userId)}
          and q.topic is not null and q.dropped_at is null
        group by q.topic order by q.topic`),
    );
    return rows.map((r) => ({
      topic: r.topic,
      questions: Number(r.n),
      easy: Number(r.easy),
      medium: Number(r.medium),
      hard: Number(r.hard),
    }));
  }

  /**
   * These questions, only those of practisable quizzes unlocked for the learner (in no order): what
   * any practice response may show. A question whose quiz was withdrawn since is simply absent.
   * With them, in the same statement, each of their quizzes' sections (ADR 022; [] when none), for
   * marking a practice of a sectioned quiz section by section without another round trip.
   */
  async visibleQuestions(
    userId: string,
    ids: readonly string[],
  ): Promise<{ questions: PracticeQuestionRow[]; sections: Map<string, StoredSection[]> }> {
    const sections = new Map<string, StoredSection[]>();
    if (!ids.length) return { questions: [], sections };
    const rows = rawRows<RawQuestionRow & { quizSections: StoredSection[] | string | null }>(
      await this.db.execute(sql`
        select ${questionColumns}, "quizzes"."sections" as "quizSections"
        from questions q join quizzes on "quizzes"."id" = q.quiz_id
        where q.id = any(${`{${ids.join(',')}}`}::uuid[]) and ${PRACTISABLE} and ${unlockedExpression(userId)}`),
    );
    const questions = rows.map(({ quizSections, ...r }) => {
      if (!sections.has(r.quizId)) {
        const parsed = typeof quizSections === 'string' ? JSON.parse(quizSections) : quizSections;
        sections.set(r.quizId, (parsed as StoredSection[] | null) ?? []);
      }
      return toQuestion(r);
    });
    return { questions, sections };
  }

  /**
   * The learner's attempt (undefined: none of theirs) with, in the same statement, what
   * `visibleQuestions` reads for it: its questions of practisable quizzes unlocked for the learner
   * (in no order), and its quiz's sections ([] for a drill or a quiz without any). Issue 27's bench:
   * one round trip where a save, a submission or a read of an attempt took two.
   */
  async attemptWithQuestions(
    attemptId: string,
    userId: string,
  ): Promise<
    { attempt: PracticeAttemptRow; questions: PracticeQuestionRow[]; sections: StoredSection[] } | undefined
  > {
    const [row] = await this.attemptWithQuestionsQuery.execute({ attemptId, userId });
    if (!row) return undefined;
    const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
    return {
      attempt: row.attempt,
      questions: json(row.questions).map(toQuestion),
      sections: json(row.sections) ?? [],
    };
  }

  /** A quiz's question ids in question order. */
  async quizQuestionIds(quizId: string): Promise<string[]> {
    const rows = rawRows<{ id: string }>(
      await this.db.execute(sql`select id from questions where quiz_id = ${quizId}::uuid order by position`),
    );
    return rows.map((r) => r.id);
  }

  /**
   * A drill's draw in one statement (ADR 024): the live questions of the topics, of the exam's
   * practisable quizzes unlocked for the learner, in the difficulty band (item analysis' facility);
   * never seen (no practice answer and no contest attempt of its quiz) or last answered wrong
   * (in practice, or a contest mistake's card) first, then at random. It returns the drawn questions
   * themselves, in the draw's order: read under the same rules as `visibleQuestions`, so the start
   * needs no second read of them; and in the same statement it stores the drill as `start` says
   * (issue 27's bench: one round trip). A timed drill's deadline counts its questions, so one drawn
   * short of `count` is not stored here (`attempt` undefined): the caller stores it with its own.
   * The pool (the questions the rules allow) is planned apart from the learner's history joined to
   * it: one six-table join took PostgreSQL 1.7 ms to plan on each call, the two 0.5 ms (issue 27's
   * bench, EXPLAIN ANALYZE on its seed). The pool and the draw carry ids only; the drawn questions'
   * columns are read for the 20 drawn, not the pool's 150. Its generic plan executes as fast as a
   * custom one (1.0 ms both, EXPLAIN ANALYZE on the bench's kept seed) but planning cost 0.6 ms of
   * PostgreSQL's CPU at each call, and PostgreSQL kept re-planning it: the values it plans by (the
   * topics, exam, band, learner, count) made each custom plan look cheaper than the generic one.
   * They are read here through uncorrelated sub-selects (InitPlans), which a custom plan sees no
   * more than the generic one does, so the plan cache (`plan_cache_mode = auto`) keeps the generic
   * plan after its first five custom ones on every connection of the main pool. It ran on the
   * review queue's generic-plan connections (2 of 10) before, where 50 concurrent drills queued.
   * The band is the question's own `facility` (kept from its item analysis by triggers), read with
   * its quiz and id from `questions_topic_idx` alone: joined, the generic plan hashed all of
   * `item_analysis` on every call (10,000 rows on the bench's seed: 430 of the draw's 741 buffers).
   * Each candidate's history is probed by primary key (the `limit 1` laterals keep it so whatever
   * the statistics say): planned as joins, by the row estimates the plan hashed a learner's whole
   * practice history and cards (5,000 rows of a long history cost more than the 150 probes they
   * replace). The learner's history is probed only when they have any (`hasAny`): a learner's first
   * drills read none of it (issue 27's bench seed, generic plan, with the band still joined: 614
   * buffers a draw for a learner without history, 1,506 before; a learner with 5,000 answered
   * questions and 2,000 cards 1,469, 1,609 before).
   */
  async drawDrill(
    userId: string,
    draw: { exam: string; topics: string[]; difficulty: DrillDifficulty; count: number },
    start: DrillStart,
  ): Promise<{ questions: PracticeQuestionRow[]; attempt: PracticeAttemptRow | undefined }> {
    const at = start.startedAt.toISOString();
    const rows = await this.draws.run(() =>
      this.drawQuery({
        userId,
        topics: textArrayLiteral(draw.topics),
        exam: draw.exam,
        difficulty: draw.difficulty,
        count: draw.count,
        id: start.id,
        title: start.title,
        drillExam: start.exam,
        timed: start.timed,
        instantFeedback: start.instantFeedback,
        at,
        deadlineAt: start.deadlineAt?.toISOString() ?? null,
        untimed: start.deadlineAt === null,
        markCorrect: start.markCorrect,
        markWrong: start.markWrong,
      }),
    );
    const questions = rows.map(
      ({ stored: _stored, ord: _ord, ...r }: RawQuestionRow & { stored: number; ord?: unknown }) =>
        toQuestion(r),
    );
    const stored = rows.length > 0 && Number(rows[0]!.stored) > 0;
    return {
      questions,
      attempt: stored ? startedRow({ ...start, userId, questionIds: questions.map((q) => q.id) }) : undefined,
    };
  }

  async insertAttempt(values: PracticeAttemptInsert): Promise<PracticeAttemptRow> {
    const [row] = await this.db.insert(practiceAttempts).values(values).returning();
    return row!;
  }

  /** Saves the merged answers of a running attempt; false when it is no longer running. */
  async saveAnswers(attempt: PracticeAttemptRow, answers: SavedAnswer[], now: Date): Promise<boolean> {
    const rows = await this.db
      .update(practiceAttempts)
      .set({ answers, revision: attempt.revision + 1, updatedAt: now })
      .where(
        and(
          eq(practiceAttempts.id, attempt.id),
          eq(practiceAttempts.status, 'in_progress'),
          eq(practiceAttempts.revision, attempt.revision),
        ),
      )
      .returning({ id: practiceAttempts.id });
    return rows.length > 0;
  }

  /** `finish`'s statements, one per shape, prepared once each. */
  private readonly finishStatements = new Map<
    string,
    (values: Record<string, unknown>) => Promise<{ finished: number }[]>
  >();

  /**
   * Finishes a running attempt (once), in one statement (issue 27's bench: no transaction, one round
   * trip): the write is the CTE `done`, and each of `parts` (the question state, cards, the streak
   * day) applies only when it wrote. False when another submission or a save got there first
   * (nothing is written then). With `still` (a submission scored from this instance's copy,
   * `RunningPractices`), it also writes only while every question of the attempt is visible to the
   * learner at the quiz version the copy was read at. The statement is built and prepared once per
   * shape (which parts, and `still` or not), each call sending only its values (issue 27: building
   * it with drizzle on every call was most of the submission's own CPU).
   */
  async finish(
    attempt: PracticeAttemptRow,
    result: Pick<
      PracticeAttemptRow,
      'answers' | 'score' | 'correctCount' | 'wrongCount' | 'elapsedMs' | 'submittedAt' | 'predicted'
    >,
    now: Date,
    parts: readonly StatementPart[],
    still?: StillVisible,
  ): Promise<boolean> {
    const shape = parts.map((part) => part.name).join('_') + (still ? '_known' : '');
    let statement = this.finishStatements.get(shape);
    if (!statement) {
      statement = preparedRaw<{ finished: number }>(
        this.db,
        `practice_finish_${shape}`,
        finishStatement(parts, still !== undefined),
      );
      this.finishStatements.set(shape, statement);
    }
    const values: Record<string, unknown> = {
      userId: attempt.userId,
      now: now.toISOString(),
      attemptId: attempt.id,
      revision: attempt.revision,
      answers: JSON.stringify(result.answers),
      score: result.score,
      correctCount: result.correctCount,
      wrongCount: result.wrongCount,
      elapsedMs: result.elapsedMs,
      submittedAt: result.submittedAt?.toISOString() ?? null,
      predicted: result.predicted === null ? null : JSON.stringify(result.predicted),
      ...(still && stillValues(still)),
    };
    for (const part of parts) Object.assign(values, part.values);
    const rows = await statement(values);
    return Number(rows[0]?.finished ?? 0) > 0;
  }

  async history(userId: string): Promise<PracticeAttemptRow[]> {
    return this.db
      .select()
      .from(practiceAttempts)
      .where(eq(practiceAttempts.userId, userId))
      .orderBy(desc(practiceAttempts.startedAt))
      .limit(100);
  }

  /** For statements of other modules (the predicted rank) run on the same database. */
  get executor(): Executor {
    return this.db;
  }
}

/** The question state's placeholder for `name`: prefixed, as no other part's is. */
const stateParam = (name: string) => finishParam(`state_${name}`);

/** `questionState`'s body, built once per prepared statement. */
function questionStateBody({ userId, now, when }: PartContext): SQL {
  return sql`
      insert into practice_question_state (user_id, question_id, last_correct, answered, last_answered_at)
      select ${userId}::uuid, a.id, a.correct, 1, ${now}::timestamptz
      from unnest(${stateParam('ids')}::uuid[], ${stateParam('correct')}::boolean[]) as a(id, correct)
      where ${when}
      on conflict (user_id, question_id) do update
        set last_correct = excluded.last_correct, answered = practice_question_state.answered + 1,
            last_answered_at = excluded.last_answered_at`;
}

/**
 * What the learner last did with each answered question (the drill's never-seen/wrong order): a
 * part of `finish`'s statement, applied only when it finished; none answered writes nothing.
 */
export function questionState(answered: readonly { questionId: string; correct: boolean }[]): StatementPart {
  let ids = '';
  let correct = '';
  for (const a of answered) {
    ids += (ids ? ',' : '') + a.questionId;
    correct += (correct ? ',' : '') + String(a.correct);
  }
  return {
    name: 'state',
    body: questionStateBody,
    values: { state_ids: `{${ids}}`, state_correct: `{${correct}}` },
  };
}
