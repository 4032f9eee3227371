import { and, asc, count, eq, ilike, ne, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attempts, payments, quizListVersion, quizzes } from '../../db/schema';
import { unlockedExpression } from './unlock-rule';

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

const userIdParam = sql.placeholder('userId');

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

/** The list's hot queries, built once and prepared (see quiz.repository.ts). */
function prepareListQueries(db: Db) {
  return {
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

/** The only code of the participant's quiz list that talks to Drizzle. */
export class QuizListRepository {
  private readonly prepared: ReturnType<typeof prepareListQueries>;

  constructor(private readonly db: Db) {
    this.prepared = prepareListQueries(db);
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
