import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DrillDifficulty } from '@quizcast/contract/domain/practice';
import type { Db, Executor } from '../../db/client';
import { preparedRaw, rawRows, textArrayLiteral } from '../../db/raw-rows';
import type { StatementPart } from '../../db/statement-parts';
import { practiceAttempts, type SavedAnswer, type StoredSection } from '../../db/schema';
import { unlockedExpression } from '../quizzes/unlock-rule';
import { drawStatement, Gate, startedRow, type DrillStart } from './practice-draw.statement';
import { finishStatement, stillValues, type StillVisible } from './practice-finish.statement';
import {
  bandExpression,
  PRACTISABLE,
  questionColumns,
  toQuestion,
  type PracticeQuestionRow,
  type RawQuestionRow,
} from './practice-questions';

export type PracticeAttemptRow = typeof practiceAttempts.$inferSelect;
export type PracticeAttemptInsert = typeof practiceAttempts.$inferInsert;
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
