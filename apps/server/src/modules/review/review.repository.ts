import { and, asc, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rawRows } from '../../db/raw-rows';
import {
  attempts,
  questions,
  quizzes,
  reviewCards,
  reviewLogs,
  reviewSettings,
  type StoredQuestionMath,
} from '../../db/schema';
import type { CardState } from './scheduler';

export type CardRow = typeof reviewCards.$inferSelect;
export type SettingsRow = typeof reviewSettings.$inferSelect;

/** A card with the question it refers to (read live: a corrected answer key shows at once). */
export interface QueueRow {
  card: CardRow;
  questionId: string;
  quizId: string;
  quizName: string;
  qn: string;
  choices: string[];
  ansIndex: number;
  explanation: string | null;
  lang: 'en' | 'hi';
  audioKey: string | null;
  type: 'mcq' | 'numeric';
  numericAnswer: string | null;
  tolerance: string | null;
  qnHi: string | null;
  choicesHi: string[] | null;
  explanationHi: string | null;
  math: StoredQuestionMath | null;
}

export interface CountsRow {
  dueNow: number;
  dueToday: number;
  newCount: number;
  learning: number;
  suspended: number;
  nextDueAt: Date | null;
}

export interface LogInsert {
  cardId: string;
  userId: string;
  reviewId: string;
  rating: number;
  selectedOption: string | null;
  reviewedAt: Date;
  durationMs: number;
  wasNew: boolean;
  createdAt: Date;
}

const visibleQuiz = and(isNotNull(quizzes.resultsPublishedAt), eq(quizzes.published, true));

const queueColumns = {
  card: reviewCards,
  questionId: questions.id,
  quizId: quizzes.id,
  quizName: quizzes.name,
  qn: questions.qn,
  choices: questions.choices,
  ansIndex: questions.ansIndex,
  explanation: questions.explanation,
  lang: questions.lang,
  audioKey: questions.audioKey,
  type: questions.type,
  numericAnswer: questions.numericAnswer,
  tolerance: questions.tolerance,
  qnHi: questions.qnHi,
  choicesHi: questions.choicesHi,
  explanationHi: questions.explanationHi,
  math: questions.math,
};

export class ReviewRepository {
  constructor(private readonly db: Db) {}

  async findSettings(userId: string): Promise<SettingsRow | undefined> {
    const [row] = await this.db
      .select()
      .from(reviewSettings)
      .where(eq(reviewSettings.userId, userId))
      .limit(1);
    return row;
  }

  async saveSettings(row: SettingsRow): Promise<void> {
    const { userId: _userId, ...rest } = row;
    await this.db
      .insert(reviewSettings)
      .values(row)
      .onConflictDoUpdate({ target: reviewSettings.userId, set: rest });
  }

  /** Active cards due by `until`, earliest first, new (never reviewed) or reviewed ones, with their question. */
  async findDue(userId: string, until: Date, kind: 'new' | 'seen', limit: number): Promise<QueueRow[]> {
    if (limit <= 0) return [];
    return this.db
      .select(queueColumns)
      .from(reviewCards)
      .innerJoin(questions, eq(questions.id, reviewCards.questionId))
      .innerJoin(quizzes, eq(quizzes.id, questions.quizId))
      .where(
        and(
          eq(reviewCards.userId, userId),
          isNull(reviewCards.suspendedAt),
          lte(reviewCards.due, until),
          kind === 'new' ? eq(reviewCards.reviewCount, 0) : gt(reviewCards.reviewCount, 0),
          visibleQuiz,
        ),
      )
      .orderBy(asc(reviewCards.due), asc(reviewCards.id))
      .limit(limit);
  }

  async counts(userId: string, now: Date, dayEnd: Date): Promise<CountsRow> {
    const [row] = rawRows<{
      due_now: number;
      due_today: number;
      new_count: number;
      learning: number;
      suspended: number;
      next_due_at: string | Date | null;
    }>(
      await this.db.execute(sql`
        select count(*) filter (where suspended_at is null and due <= ${now.toISOString()}::timestamptz)::int as due_now,
               count(*) filter (where suspended_at is null and due < ${dayEnd.toISOString()}::timestamptz)::int as due_today,
               count(*) filter (where suspended_at is null and review_count = 0)::int as new_count,
               count(*) filter (where suspended_at is null and review_count > 0 and state in (1, 3))::int as learning,
               count(*) filter (where suspended_at is not null)::int as suspended,
               min(due) filter (where suspended_at is null) as next_due_at
        from ${reviewCards}
        where user_id = ${userId}
      `),
    );
    return {
      dueNow: Number(row?.due_now ?? 0),
      dueToday: Number(row?.due_today ?? 0),
      newCount: Number(row?.new_count ?? 0),
      learning: Number(row?.learning ?? 0),
      suspended: Number(row?.suspended ?? 0),
      nextDueAt: row?.next_due_at ? new Date(row.next_due_at) : null,
    };
  }

  /** Reviews since `from`: all of them, and those that were a card's first review (new cards). */
  async reviewsSince(userId: string, from: Date): Promise<{ total: number; newCards: number }> {
    const [row] = await this.db
      .select({
        total: sql<number>`count(*)::int`.mapWith(Number),
        newCards: sql<number>`count(*) filter (where ${reviewLogs.wasNew})::int`.mapWith(Number),
      })
      .from(reviewLogs)
      .where(
        and(
          eq(reviewLogs.userId, userId),
          sql`${reviewLogs.reviewedAt} >= ${from.toISOString()}::timestamptz`,
        ),
      );
    return { total: row?.total ?? 0, newCards: row?.newCards ?? 0 };
  }

  /** Median duration of the learner's last 50 reviews; null with fewer than 5. */
  async medianDurationMs(userId: string): Promise<number | null> {
    const [row] = rawRows<{ median: number | null; n: number }>(
      await this.db.execute(sql`
        select percentile_cont(0.5) within group (order by duration_ms) as median, count(*)::int as n
        from (select duration_ms from ${reviewLogs} where user_id = ${userId}
              order by reviewed_at desc limit 50) recent
      `),
    );
    if (!row || Number(row.n) < 5 || row.median === null) return null;
    return Math.round(Number(row.median));
  }

  /** The card, only if it is this learner's, locked for the rest of the transaction. */
  async lockCard(tx: Db, cardId: string, userId: string): Promise<CardRow | undefined> {
    const [row] = await tx
      .select()
      .from(reviewCards)
      .where(and(eq(reviewCards.id, cardId), eq(reviewCards.userId, userId)))
      .limit(1)
      .for('update');
    return row;
  }

  async findOwnCard(cardId: string, userId: string): Promise<CardRow | undefined> {
    const [row] = await this.db
      .select()
      .from(reviewCards)
      .where(and(eq(reviewCards.id, cardId), eq(reviewCards.userId, userId)))
      .limit(1);
    return row;
  }

  /** Inserts the review unless this card already has this reviewId; true when inserted. */
  async insertLog(tx: Db, log: LogInsert): Promise<boolean> {
    const inserted = await tx
      .insert(reviewLogs)
      .values(log)
      .onConflictDoNothing({ target: [reviewLogs.cardId, reviewLogs.reviewId] })
      .returning({ id: reviewLogs.id });
    return inserted.length > 0;
  }

  async logsOf(tx: Db, cardId: string): Promise<{ rating: number; reviewedAt: Date }[]> {
    return tx
      .select({ rating: reviewLogs.rating, reviewedAt: reviewLogs.reviewedAt })
      .from(reviewLogs)
      .where(eq(reviewLogs.cardId, cardId))
      .orderBy(asc(reviewLogs.reviewedAt), asc(reviewLogs.createdAt));
  }

  async updateCard(
    tx: Db,
    cardId: string,
    state: CardState,
    reviewCount: number,
    suspendedAt: Date | null,
  ): Promise<CardRow> {
    const [row] = await tx
      .update(reviewCards)
      .set({ ...state, reviewCount, suspendedAt })
      .where(eq(reviewCards.id, cardId))
      .returning();
    return row!;
  }

  /** Re-dated cards (the exam clamp after a settings change), in one statement. */
  async setDues(userId: string, dues: { id: string; due: Date }[]): Promise<void> {
    if (!dues.length) return;
    const ids = dues.map((d) => d.id);
    const times = dues.map((d) => d.due.toISOString());
    await this.db.execute(sql`
      update ${reviewCards} c set due = v.due
      from (select unnest(${sql`array[${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}]`}) as id, unnest(${sql`array[${sql.join(
        times.map((t) => sql`${t}::timestamptz`),
        sql`, `,
      )}]`}) as due) v
      where c.id = v.id and c.user_id = ${userId}
    `);
  }

  /**
   * The review load for the exam clamp: active, reviewed (not new) cards due before `until`, counted
   * per IST day ('YYYY-MM-DD'; overdue cards count on `today`), leaving out `exceptCardId`
   * (`db`: the transaction, when called inside one).
   */
  async dueLoad(
    userId: string,
    today: string,
    until: Date,
    exceptCardId: string | null = null,
    db: Db = this.db,
  ): Promise<Map<string, number>> {
    const rows = rawRows<{ day: string; n: number }>(
      await db.execute(sql`
        select greatest(to_char((due at time zone 'Asia/Kolkata')::date, 'YYYY-MM-DD'), ${today}) as day,
               count(*)::int as n
        from ${reviewCards}
        where user_id = ${userId} and suspended_at is null and review_count > 0
          and due < ${until.toISOString()}::timestamptz
          ${exceptCardId ? sql`and id <> ${exceptCardId}::uuid` : sql``}
        group by 1
      `),
    );
    return new Map(rows.map((r) => [r.day, Number(r.n)]));
  }

  /** Active, reviewed cards due at or after `from` (candidates for the exam clamp). */
  async cardsDueFrom(userId: string, from: Date): Promise<CardRow[]> {
    return this.db
      .select()
      .from(reviewCards)
      .where(
        and(
          eq(reviewCards.userId, userId),
          isNull(reviewCards.suspendedAt),
          sql`${reviewCards.due} >= ${from.toISOString()}::timestamptz`,
        ),
      );
  }

  async deleteCard(cardId: string, userId: string): Promise<boolean> {
    const deleted = await this.db
      .delete(reviewCards)
      .where(and(eq(reviewCards.id, cardId), eq(reviewCards.userId, userId)))
      .returning({ id: reviewCards.id });
    return deleted.length > 0;
  }

  /** The question with its quiz's publication facts, and whether this learner submitted an attempt. */
  async questionForAdding(
    questionId: string,
    userId: string,
  ): Promise<{ published: boolean; attended: boolean } | undefined> {
    const [row] = await this.db
      .select({
        resultsPublishedAt: quizzes.resultsPublishedAt,
        quizPublished: quizzes.published,
        attemptStatus: attempts.status,
      })
      .from(questions)
      .innerJoin(quizzes, eq(quizzes.id, questions.quizId))
      .leftJoin(attempts, and(eq(attempts.quizId, quizzes.id), eq(attempts.userId, userId)))
      .where(eq(questions.id, questionId))
      .limit(1);
    if (!row) return undefined;
    return {
      published: row.resultsPublishedAt !== null && row.quizPublished,
      attended: row.attemptStatus === 'submitted' || row.attemptStatus === 'auto_submitted',
    };
  }

  /** A manual card; an existing one for this learner and question is kept. */
  async insertManualCard(
    userId: string,
    questionId: string,
    state: CardState,
    initialRating: number,
    now: Date,
  ): Promise<{ id: string; created: boolean }> {
    const [made] = await this.db
      .insert(reviewCards)
      .values({ userId, questionId, source: 'manual', initialRating, ...state, createdAt: now })
      .onConflictDoNothing({ target: [reviewCards.userId, reviewCards.questionId] })
      .returning({ id: reviewCards.id });
    if (made) return { id: made.id, created: true };
    const [existing] = await this.db
      .select({ id: reviewCards.id })
      .from(reviewCards)
      .where(and(eq(reviewCards.userId, userId), eq(reviewCards.questionId, questionId)))
      .limit(1);
    return { id: existing!.id, created: false };
  }

  /** Review days (IST) with at least one review, newest first, within the last `days` days. */
  async reviewDays(userId: string, from: Date): Promise<string[]> {
    const rows = rawRows<{ day: string }>(
      await this.db.execute(sql`
        select distinct to_char((reviewed_at at time zone 'Asia/Kolkata')::date, 'YYYY-MM-DD') as day
        from ${reviewLogs}
        where user_id = ${userId} and reviewed_at >= ${from.toISOString()}::timestamptz
        order by day desc
      `),
    );
    return rows.map((r) => r.day);
  }

  async retentionSince(userId: string, from: Date): Promise<{ total: number; passed: number }> {
    const [row] = await this.db
      .select({
        total: sql<number>`count(*)::int`.mapWith(Number),
        passed: sql<number>`count(*) filter (where ${reviewLogs.rating} > 1)::int`.mapWith(Number),
      })
      .from(reviewLogs)
      .where(
        and(
          eq(reviewLogs.userId, userId),
          sql`${reviewLogs.reviewedAt} >= ${from.toISOString()}::timestamptz`,
        ),
      );
    return { total: row?.total ?? 0, passed: row?.passed ?? 0 };
  }

  /** Active cards due per IST day before `until` (overdue ones count on `today`). */
  async forecast(userId: string, today: string, until: Date): Promise<Map<string, number>> {
    const rows = rawRows<{ day: string; n: number }>(
      await this.db.execute(sql`
        select greatest(to_char((due at time zone 'Asia/Kolkata')::date, 'YYYY-MM-DD'), ${today}) as day,
               count(*)::int as n
        from ${reviewCards}
        where user_id = ${userId} and suspended_at is null and due < ${until.toISOString()}::timestamptz
        group by 1
      `),
    );
    return new Map(rows.map((r) => [r.day, Number(r.n)]));
  }

  async leeches(
    userId: string,
  ): Promise<
    { cardId: string; questionId: string; quizId: string; quizName: string; qn: string; lapses: number }[]
  > {
    return this.db
      .select({
        cardId: reviewCards.id,
        questionId: questions.id,
        quizId: quizzes.id,
        quizName: quizzes.name,
        qn: questions.qn,
        lapses: reviewCards.lapses,
      })
      .from(reviewCards)
      .innerJoin(questions, eq(questions.id, reviewCards.questionId))
      .innerJoin(quizzes, eq(quizzes.id, questions.quizId))
      .where(and(eq(reviewCards.userId, userId), isNotNull(reviewCards.suspendedAt)))
      .orderBy(asc(reviewCards.suspendedAt))
      .limit(100);
  }
}
