import type { QuestionType } from '@quizcast/contract/domain/numeric-answer';
import {
  and,
  asc,
  count,
  eq,
  getTableColumns,
  ilike,
  ne,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  attempts,
  payments,
  questions,
  quizListVersion,
  quizzes,
  type StoredQuestionMath,
} from '../../db/schema';

export type QuizRow = typeof quizzes.$inferSelect;

export interface ParticipantListFilter {
  userId: string;
  now: Date;
  page: number;
  limit: number;
  searchTerm?: string;
  exam?: string;
}

/** A published quiz as the participant list shows it, the same for every learner. */
export interface ListQuiz {
  id: string;
  name: string;
  exam: string;
  class: string;
  durationMin: number;
  startAt: Date;
  endAt: Date;
  pricePaise: number;
}

/** A list row: the quiz, and the learner's own payment and attempt. */
export interface ParticipantListRow extends ListQuiz {
  isPaid: boolean;
  attendedStartedAt: Date | null;
  attendedSubmittedAt: Date | null;
}

/** The published quizzes at one `version` of quiz_list_version (read in one statement). */
export interface ListCatalogue {
  version: number;
  quizzes: ListQuiz[];
}

/** A learner's own state on some quizzes, with the list version the same statement saw. */
export interface LearnerListState {
  version: number;
  /** quiz id → the learner's finished attempt (absent when none) and whether a payment unlocked it. */
  quizzes: Map<string, { startedAt: Date | null; submittedAt: Date | null; paid: boolean }>;
}

/** A question with its answer: validation, scoring and (without ansIndex) the attempt payload. */
export interface QuizQuestion {
  id: string;
  qn: string;
  choices: string[];
  ansIndex: number;
  lang: 'en' | 'hi';
  audioKey: string | null;
  type: QuestionType;
  numericAnswer: string | null;
  tolerance: string | null;
  /** Hindi version and rendered formulas (ADR 019); explanations are stripped before sending. */
  qnHi: string | null;
  choicesHi: string[] | null;
  math: StoredQuestionMath | null;
}

/** A question with its answer, for validation and scoring on the server only. */
export interface ScoringQuestion {
  id: string;
  choices: string[];
  ansIndex: number;
  /** Numeric questions (issue 12): the answer is `numericAnswer` ± `tolerance`, saved as number text. */
  type: QuestionType;
  numericAnswer: string | null;
  tolerance: string | null;
}

/** Escape LIKE wildcards so a search for "50%" matches the text "50%". */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Case-insensitive substring match on name or description. `ILIKE '%term%'` is served by the
 * pg_trgm GIN indexes on quizzes.name and quizzes.desc (a bitmap OR of both), not a table scan.
 */
export function quizSearchCondition(term: string): SQL {
  const pattern = likePattern(term);
  return or(ilike(quizzes.name, pattern), ilike(quizzes.desc, pattern))!;
}

/**
 * The one unlock rule, shared with payments: a quiz is unlocked for a user when it is free,
 * or when that user has a successful payment for it. As an SQL expression over `quizzes`.
 */
function unlockedExpression(userId: string | Placeholder): SQL<boolean> {
  // Written with qualified names: inside the subquery an unqualified "id" would mean payments.id.
  return sql<boolean>`("quizzes"."price_paise" = 0 or exists (
    select 1 from "payments" as "unlock"
    where "unlock"."user_id" = ${userId}
      and "unlock"."quiz_id" = "quizzes"."id"
      and "unlock"."status" = 'success'
  ))`;
}

export type AttemptRow = typeof attempts.$inferSelect;

const userIdParam = sql.placeholder('userId');
const quizIdParam = sql.placeholder('quizId');

/**
 * One page of the list in the participant's order; `userId`, `now`, `limit` and `offset` may be
 * placeholders (the prepared common case) or values (a search or exam filter).
 */
function listRowsQuery(
  db: Db,
  params: { userId: string | Placeholder; now: string | Placeholder },
  where: SQL,
  limit: number | Placeholder,
  offset: number | Placeholder,
) {
  const now = sql`${params.now}::timestamptz`;
  const isLive = sql`(${quizzes.startAt} <= ${now} and ${quizzes.endAt} > ${now})`;
  return db
    .select({
      id: quizzes.id,
      name: quizzes.name,
      exam: quizzes.exam,
      class: quizzes.class,
      durationMin: quizzes.durationMin,
      startAt: quizzes.startAt,
      endAt: quizzes.endAt,
      pricePaise: quizzes.pricePaise,
      isPaid: unlockedExpression(params.userId),
      attendedStartedAt: attempts.startedAt,
      attendedSubmittedAt: attempts.submittedAt,
    })
    .from(quizzes)
    .leftJoin(
      attempts,
      and(
        eq(attempts.quizId, quizzes.id),
        eq(attempts.userId, params.userId),
        ne(attempts.status, 'in_progress'),
      ),
    )
    .where(where)
    .orderBy(
      sql`case when ${isLive} then 0 when ${quizzes.startAt} > ${now} then 1 else 2 end`,
      sql`case when ${isLive} then ${quizzes.endAt} end asc`,
      sql`case when ${quizzes.startAt} > ${now} then ${quizzes.startAt} end asc`,
      sql`case when ${quizzes.endAt} <= ${now} then ${quizzes.endAt} end desc`,
      asc(quizzes.id),
    )
    .limit(limit)
    .offset(offset);
}

/**
 * The hot queries, built once and prepared (named statements, parsed once per connection): an
 * exam-day herd runs them thousands of times a second, and building a Drizzle query costs more
 * CPU than PostgreSQL spends answering it.
 */
function prepareQueries(db: Db) {
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  // The start of an attempt, inside the statement that reads the quiz: inserted only when the quiz
  // is published, open at `now` and unlocked for the user (the same rules as the service's checks,
  // which still decide the answer when nothing was inserted); the unique (quiz, user) key keeps it
  // to one attempt. Deadline = min(start + duration, quiz end).
  const started = db.$with('started', getTableColumns(attempts)).as(sql`
    insert into ${attempts} (quiz_id, user_id, status, started_at, deadline_at, answers)
    select "quizzes"."id", ${userIdParam}::uuid, 'in_progress', ${now},
           least(${now} + "quizzes"."duration_min" * interval '1 minute', "quizzes"."end_at"), '[]'::jsonb
    from ${quizzes}
    where "quizzes"."id" = ${quizIdParam} and "quizzes"."published"
      and "quizzes"."start_at" <= ${now} and "quizzes"."end_at" > ${now}
      and ${unlockedExpression(userIdParam)}
    on conflict (quiz_id, user_id) do nothing
    returning *`);
  const startedColumns = Object.fromEntries(
    Object.keys(getTableColumns(attempts)).map((key) => [key, started[key as keyof typeof started]]),
  ) as unknown as ReturnType<typeof getTableColumns<typeof attempts>>;
  return {
    /**
     * The attempt screen's first fetch in one round trip: the quiz, the user's attempt as it was
     * before the statement, whether the quiz is unlocked, and the attempt this statement started
     * (when there was none and the quiz is open and unlocked).
     */
    startForParticipant: db
      .with(started)
      .select({
        quiz: quizzes,
        attempt: attempts,
        started: startedColumns,
        unlocked: unlockedExpression(userIdParam),
      })
      .from(quizzes)
      .leftJoin(attempts, and(eq(attempts.quizId, quizzes.id), eq(attempts.userId, userIdParam)))
      .leftJoin(started, sql`true`)
      .where(and(eq(quizzes.id, quizIdParam), eq(quizzes.published, true)))
      .limit(1)
      .prepare('quiz_start_for_participant'),
    findForParticipant: db
      .select({ quiz: quizzes, attempt: attempts, unlocked: unlockedExpression(userIdParam) })
      .from(quizzes)
      .leftJoin(attempts, and(eq(attempts.quizId, quizzes.id), eq(attempts.userId, userIdParam)))
      .where(and(eq(quizzes.id, quizIdParam), eq(quizzes.published, true)))
      .limit(1)
      .prepare('quiz_for_participant'),
    listPage: listRowsQuery(
      db,
      { userId: userIdParam, now: sql.placeholder('now') },
      eq(quizzes.published, true),
      sql.placeholder('limit'),
      sql.placeholder('offset'),
    ).prepare('quiz_list_page'),
    listTotal: db
      .select({ n: count() })
      .from(quizzes)
      .where(eq(quizzes.published, true))
      .prepare('quiz_list_total'),
    /** Every published quiz with the version it belongs to (the version row is there when none is). */
    listCatalogue: db
      .select({
        version: quizListVersion.version,
        id: quizzes.id,
        name: quizzes.name,
        exam: quizzes.exam,
        class: quizzes.class,
        durationMin: quizzes.durationMin,
        startAt: quizzes.startAt,
        endAt: quizzes.endAt,
        pricePaise: quizzes.pricePaise,
      })
      .from(quizListVersion)
      .leftJoin(quizzes, eq(quizzes.published, true))
      .where(eq(quizListVersion.id, 1))
      .prepare('quiz_list_catalogue'),
    /**
     * The learner's own state on one page of quizzes (`ids`, comma-separated): the finished attempt
     * and a successful payment, each an index probe, and the list version in the same snapshot.
     */
    listLearnerState: db
      .select({
        version: quizListVersion.version,
        quizId: sql<string | null>`"page"."id"`,
        startedAt: attempts.startedAt,
        submittedAt: attempts.submittedAt,
        paid: sql<boolean | null>`exists (
          select 1 from ${payments} as "unlock"
          where "unlock"."user_id" = ${userIdParam} and "unlock"."quiz_id" = "page"."id"
            and "unlock"."status" = 'success')`,
      })
      .from(quizListVersion)
      .leftJoin(
        sql`unnest(string_to_array(${sql.placeholder('ids')}::text, ',')::uuid[]) as "page"("id")`,
        sql`true`,
      )
      .leftJoin(
        attempts,
        and(
          sql`${attempts.quizId} = "page"."id"`,
          eq(attempts.userId, userIdParam),
          ne(attempts.status, 'in_progress'),
        ),
      )
      .where(eq(quizListVersion.id, 1))
      .prepare('quiz_list_learner_state'),
  };
}

export class QuizRepository {
  private readonly prepared: ReturnType<typeof prepareQueries>;

  constructor(private readonly db: Db) {
    this.prepared = prepareQueries(db);
  }

  /**
   * A published quiz with this user's attempt (if any) and whether it is unlocked for them,
   * in one query (the attempt screen's hot path).
   */
  async findForParticipant(
    quizId: string,
    userId: string,
  ): Promise<{ quiz: QuizRow; attempt: AttemptRow | null; unlocked: boolean } | undefined> {
    const [row] = await this.prepared.findForParticipant.execute({ quizId, userId });
    return row && { quiz: row.quiz, attempt: row.attempt, unlocked: row.unlocked === true };
  }

  /**
   * As `findForParticipant`, and in the same statement the user's attempt is started at `now` when
   * there is none and the quiz is open and unlocked (`started`). `attempt` is what existed before;
   * both are null when the quiz was closed or locked, or a concurrent start of the same user won
   * (then `AttemptRepository.find` sees that one).
   */
  async startForParticipant(
    quizId: string,
    userId: string,
    now: Date,
  ): Promise<
    { quiz: QuizRow; attempt: AttemptRow | null; started: AttemptRow | null; unlocked: boolean } | undefined
  > {
    const [row] = await this.prepared.startForParticipant.execute({
      quizId,
      userId,
      now: now.toISOString(),
    });
    return (
      row && {
        quiz: row.quiz,
        attempt: row.attempt,
        started: row.started?.id ? row.started : null,
        unlocked: row.unlocked === true,
      }
    );
  }

  /** A published quiz by id (unpublished ones do not exist for participants). */
  async findPublished(quizId: string): Promise<QuizRow | undefined> {
    const [row] = await this.db
      .select()
      .from(quizzes)
      .where(and(eq(quizzes.id, quizId), eq(quizzes.published, true)))
      .limit(1);
    return row;
  }

  /** True when the quiz is free or the user has a successful payment for it. */
  async isUnlocked(userId: string, quizId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ unlocked: unlockedExpression(userId) })
      .from(quizzes)
      .where(eq(quizzes.id, quizId))
      .limit(1);
    return row?.unlocked === true;
  }

  async questionCount(quizId: string): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(questions).where(eq(questions.quizId, quizId));
    return Number(row?.n ?? 0);
  }

  /** Questions in order with their answers (never explanations): the server strips ansIndex before sending. */
  async questions(quizId: string): Promise<QuizQuestion[]> {
    return this.db
      .select({
        id: questions.id,
        qn: questions.qn,
        choices: questions.choices,
        ansIndex: questions.ansIndex,
        lang: questions.lang,
        audioKey: questions.audioKey,
        type: questions.type,
        numericAnswer: questions.numericAnswer,
        tolerance: questions.tolerance,
        qnHi: questions.qnHi,
        choicesHi: questions.choicesHi,
        math: questions.math,
      })
      .from(questions)
      .where(eq(questions.quizId, quizId))
      .orderBy(asc(questions.position));
  }

  /** Every published quiz, with the list version they are (one statement, one snapshot). */
  async listCatalogue(): Promise<ListCatalogue> {
    const rows = await this.prepared.listCatalogue.execute();
    const quizzes: ListQuiz[] = [];
    for (const { version: _, id, ...rest } of rows) {
      if (id !== null) quizzes.push({ id, ...(rest as Omit<ListQuiz, 'id'>) });
    }
    return { version: Number(rows[0]?.version ?? -1), quizzes };
  }

  /** The learner's finished attempts and payments on `quizIds`, and the list version, in one statement. */
  async learnerListState(userId: string, quizIds: readonly string[]): Promise<LearnerListState> {
    const rows = await this.prepared.listLearnerState.execute({ userId, ids: quizIds.join(',') });
    const quizzes: LearnerListState['quizzes'] = new Map();
    for (const r of rows) {
      if (r.quizId !== null)
        quizzes.set(r.quizId, { startedAt: r.startedAt, submittedAt: r.submittedAt, paid: r.paid === true });
    }
    return { version: Number(rows[0]?.version ?? -1), quizzes };
  }

  /**
   * One page of the participant list with `isPaid` and the user's submitted attempt in the same query.
   * Order: live (ending soonest first), then upcoming by start time, then ended, most recent first.
   */
  async listForParticipant(
    filter: ParticipantListFilter,
  ): Promise<{ rows: ParticipantListRow[]; total: number }> {
    const offset = (filter.page - 1) * filter.limit;
    if (!filter.searchTerm && !filter.exam) {
      const params = { userId: filter.userId, now: filter.now.toISOString(), limit: filter.limit, offset };
      const [rows, [totalRow]] = await Promise.all([
        this.prepared.listPage.execute(params),
        this.prepared.listTotal.execute(),
      ]);
      return {
        rows: rows.map((r) => ({ ...r, isPaid: r.isPaid === true })),
        total: Number(totalRow?.n ?? 0),
      };
    }
    const conditions: SQL[] = [eq(quizzes.published, true)];
    if (filter.searchTerm) conditions.push(quizSearchCondition(filter.searchTerm));
    if (filter.exam) conditions.push(eq(quizzes.exam, filter.exam));
    const where = and(...conditions)!;
    const [rows, [totalRow]] = await Promise.all([
      listRowsQuery(
        this.db,
        { userId: filter.userId, now: filter.now.toISOString() },
        where,
        filter.limit,
        offset,
      ),
      this.db.select({ n: count() }).from(quizzes).where(where),
    ]);
    return {
      rows: rows.map((r) => ({ ...r, isPaid: r.isPaid === true })),
      total: Number(totalRow?.n ?? 0),
    };
  }
}
