import { and, asc, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { preparedRaw, rawRows } from '../../db/raw-rows';
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

interface CountsSqlRow {
  due_now: number;
  due_today: number;
  new_count: number;
  learning: number;
  suspended: number;
  next_due_at: string | Date | null;
}

const ph = (name: string) => sql.placeholder(name);

/**
 * The queue's counts for one learner (placeholders userId, now, dayEnd), each read from an index
 * (ADR 011, "Speed"): due now is an index-only range count on `review_cards_user_due_idx` (the one
 * part that grows with the learner's overdue cards; no per-row filter), due today adds the small
 * range from now to the day's end, new, learning and suspended come from their own partial indexes,
 * and the next due time is the due index's first entry. Filtered aggregates over every card took
 * about twice as long at 10,000 cards.
 */
const active = sql`user_id = ${ph('userId')}::uuid and suspended_at is null`;
const countsSql = sql`
  select n.due_now,
         n.due_now + (select count(*) from ${reviewCards}
                      where ${active} and due > ${ph('now')}::timestamptz
                        and due < ${ph('dayEnd')}::timestamptz)::int as due_today,
         (select count(*) from ${reviewCards} where ${active} and review_count = 0)::int as new_count,
         (select count(*) from ${reviewCards}
          where ${active} and review_count > 0 and state in (1, 3))::int as learning,
         (select count(*) from ${reviewCards}
          where user_id = ${ph('userId')}::uuid and suspended_at is not null)::int as suspended,
         (select min(due) from ${reviewCards} where ${active}) as next_due_at
  from (select count(*)::int as due_now from ${reviewCards}
        where ${active} and due <= ${ph('now')}::timestamptz) n`;

const countsFrom = (row: CountsSqlRow | undefined): CountsRow => ({
  dueNow: Number(row?.due_now ?? 0),
  dueToday: Number(row?.due_today ?? 0),
  newCount: Number(row?.new_count ?? 0),
  learning: Number(row?.learning ?? 0),
  suspended: Number(row?.suspended ?? 0),
  nextDueAt: row?.next_due_at ? new Date(row.next_due_at) : null,
});

interface HeadSqlRow extends CountsSqlRow {
  has_settings: boolean;
  desired_retention: number | null;
  exam_name: string | null;
  exam_date: string | null;
  daily_new_limit: number | null;
  daily_review_cap: number | null;
  today_total: number;
  today_new: number;
  median: number | null;
  recent: number;
}

/** `applyReviewIfUnchanged`'s one statement (placeholders: the log's and the new state's fields). */
const applySql = sql`
  with ins as (
    insert into ${reviewLogs} (card_id, user_id, review_id, rating, selected_option, reviewed_at,
                               duration_ms, was_new, created_at)
    select ${ph('cardId')}::uuid, ${ph('userId')}::uuid, ${ph('reviewId')}::uuid, ${ph('rating')}::int,
           ${ph('selectedOption')}::text, ${ph('reviewedAt')}::timestamptz, ${ph('durationMs')}::int,
           ${ph('wasNew')}::boolean, ${ph('createdAt')}::timestamptz
    where exists (select 1 from ${reviewCards}
                  where id = ${ph('cardId')}::uuid and review_count = ${ph('expectedCount')}::int)
    on conflict (card_id, review_id) do nothing
    returning id
  ), upd as (
    update ${reviewCards}
    set due = ${ph('due')}::timestamptz, stability = ${ph('stability')}::float8,
        difficulty = ${ph('difficulty')}::float8, scheduled_days = ${ph('scheduledDays')}::int,
        learning_steps = ${ph('learningSteps')}::int, reps = ${ph('reps')}::int,
        lapses = ${ph('lapses')}::int, state = ${ph('state')}::int,
        last_review = ${ph('lastReview')}::timestamptz,
        review_count = ${ph('nextCount')}::int, suspended_at = ${ph('suspendedAt')}::timestamptz
    where id = ${ph('cardId')}::uuid and review_count = ${ph('expectedCount')}::int and exists (select 1 from ins)
    returning id
  )
  select (select count(*) from ins)::int as inserted, (select count(*) from upd)::int as updated,
         exists (select 1 from ${reviewLogs}
                 where card_id = ${ph('cardId')}::uuid and review_id = ${ph('reviewId')}::uuid) as existed`;

export class ReviewRepository {
  /** The hot statements, prepared once (planned once per connection; no SQL rebuilt per call). */
  private readonly headQuery;
  private readonly countsQuery;
  private readonly dueQuery;
  private readonly cardQuery;
  private readonly applyQuery;

  constructor(private readonly db: Db) {
    this.headQuery = preparedRaw<HeadSqlRow>(
      db,
      'review_queue_head',
      sql`
        select s.user_id is not null as has_settings, s.desired_retention, s.exam_name,
               to_char(s.exam_date, 'YYYY-MM-DD') as exam_date, s.daily_new_limit, s.daily_review_cap,
               t.today_total, t.today_new, c.*, m.median, m.recent
        from (select 1) one
        left join ${reviewSettings} s on s.user_id = ${ph('userId')}::uuid
        cross join (
          select count(*)::int as today_total, count(*) filter (where was_new)::int as today_new
          from ${reviewLogs}
          where user_id = ${ph('userId')}::uuid and reviewed_at >= ${ph('dayStart')}::timestamptz
        ) t
        cross join (${countsSql}) c
        cross join (
          select percentile_cont(0.5) within group (order by duration_ms) as median, count(*)::int as recent
          from (select duration_ms from ${reviewLogs} where user_id = ${ph('userId')}::uuid
                order by reviewed_at desc limit 50) r
        ) m`,
    );
    this.countsQuery = preparedRaw<CountsSqlRow>(db, 'review_counts', countsSql);
    const due = (kind: 'new' | 'seen') =>
      db
        .select(queueColumns)
        .from(reviewCards)
        .innerJoin(questions, eq(questions.id, reviewCards.questionId))
        .innerJoin(quizzes, eq(quizzes.id, questions.quizId))
        .where(
          and(
            eq(reviewCards.userId, sql`${ph('userId')}::uuid`),
            isNull(reviewCards.suspendedAt),
            lte(reviewCards.due, sql`${ph('until')}::timestamptz`),
            kind === 'new' ? eq(reviewCards.reviewCount, 0) : gt(reviewCards.reviewCount, 0),
            visibleQuiz,
          ),
        )
        .orderBy(asc(reviewCards.due), asc(reviewCards.id))
        .limit(ph(kind === 'new' ? 'newLimit' : 'seenLimit'));
    // One statement for both kinds; a kind with no allowance left runs with LIMIT 0.
    this.dueQuery = unionAll(due('new'), due('seen')).prepare('review_due_cards');
    this.cardQuery = db
      .select({ card: reviewCards, settings: reviewSettings })
      .from(reviewCards)
      .leftJoin(reviewSettings, eq(reviewSettings.userId, reviewCards.userId))
      .where(
        and(
          eq(reviewCards.id, sql`${ph('cardId')}::uuid`),
          eq(reviewCards.userId, sql`${ph('userId')}::uuid`),
        ),
      )
      .limit(1)
      .prepare('review_card_with_settings');
    this.applyQuery = preparedRaw<{ inserted: number; updated: number; existed: boolean }>(
      db,
      'review_apply',
      applySql,
    );
  }

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

  /**
   * Everything GET /review/queue needs before choosing cards, in one statement (one round trip):
   * the settings row (null: defaults), today's reviews (all, and first reviews), the counts, and
   * the median duration of the last 50 reviews (null with fewer than 5).
   */
  async queueHead(
    userId: string,
    now: Date,
    dayStart: Date,
    dayEnd: Date,
  ): Promise<{
    settings: Omit<SettingsRow, 'userId' | 'updatedAt'> | null;
    today: { total: number; newCards: number };
    counts: CountsRow;
    medianDurationMs: number | null;
  }> {
    const [row] = await this.headQuery({
      userId,
      now: now.toISOString(),
      dayStart: dayStart.toISOString(),
      dayEnd: dayEnd.toISOString(),
    });
    if (!row) throw new Error('queue head: no row');
    return {
      settings: row.has_settings
        ? {
            desiredRetention: Number(row.desired_retention),
            examName: row.exam_name,
            examDate: row.exam_date,
            dailyNewLimit: Number(row.daily_new_limit),
            dailyReviewCap: Number(row.daily_review_cap),
          }
        : null,
      today: { total: Number(row.today_total), newCards: Number(row.today_new) },
      counts: countsFrom(row),
      medianDurationMs: Number(row.recent) < 5 || row.median === null ? null : Math.round(Number(row.median)),
    };
  }

  /**
   * The due cards for the queue in one prepared statement: at most `newLimit` new and `seenLimit`
   * reviewed ones, each earliest first (by `review_cards_user_due_idx` / `_new_due_idx`).
   */
  async findDueBoth(userId: string, until: Date, newLimit: number, seenLimit: number): Promise<QueueRow[]> {
    if (newLimit <= 0 && seenLimit <= 0) return [];
    return this.dueQuery.execute({
      userId,
      until: until.toISOString(),
      newLimit: Math.max(0, newLimit),
      seenLimit: Math.max(0, seenLimit),
    }) as Promise<QueueRow[]>;
  }

  async counts(userId: string, now: Date, dayEnd: Date): Promise<CountsRow> {
    const [row] = await this.countsQuery({ userId, now: now.toISOString(), dayEnd: dayEnd.toISOString() });
    return countsFrom(row);
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

  /**
   * The card, only if it is this learner's, with the learner's settings row (null: the defaults),
   * in one statement; `lock`: locked for the rest of the transaction `db`.
   */
  async cardWithSettings(
    cardId: string,
    userId: string,
    lock = false,
    db: Db = this.db,
  ): Promise<{ card: CardRow; settings: SettingsRow | null } | undefined> {
    if (!lock && db === this.db) {
      const [row] = await this.cardQuery.execute({ cardId, userId });
      return row;
    }
    const [row] = await db
      .select({ card: reviewCards, settings: reviewSettings })
      .from(reviewCards)
      .leftJoin(reviewSettings, eq(reviewSettings.userId, reviewCards.userId))
      .where(and(eq(reviewCards.id, cardId), eq(reviewCards.userId, userId)))
      .limit(1)
      .for('update', { of: reviewCards });
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

  /**
   * Grading without a transaction (one statement, one round trip): inserts the review and stores the
   * card's new state only if the card is still as it was read (`expectedCount` reviews applied) and
   * the review is not there yet; the update also re-checks the count under its row lock. Answers
   * `applied`; `duplicate` (this reviewId was already applied); `stale` (the card changed since it
   * was read: nothing written); `orphan` (the log went in but a concurrent grading changed the card
   * first, so the state was not stored). The caller settles the last two under the card's lock.
   */
  async applyReviewIfUnchanged(
    log: LogInsert,
    state: CardState,
    expectedCount: number,
    suspendedAt: Date | null,
  ): Promise<'applied' | 'duplicate' | 'stale' | 'orphan'> {
    const iso = (d: Date | null) => (d ? d.toISOString() : null);
    const [row] = await this.applyQuery({
      cardId: log.cardId,
      userId: log.userId,
      reviewId: log.reviewId,
      rating: log.rating,
      selectedOption: log.selectedOption,
      reviewedAt: iso(log.reviewedAt),
      durationMs: log.durationMs,
      wasNew: log.wasNew,
      createdAt: iso(log.createdAt),
      due: iso(state.due),
      stability: state.stability,
      difficulty: state.difficulty,
      scheduledDays: state.scheduledDays,
      learningSteps: state.learningSteps,
      reps: state.reps,
      lapses: state.lapses,
      state: state.state,
      lastReview: iso(state.lastReview),
      expectedCount,
      nextCount: expectedCount + 1,
      suspendedAt: iso(suspendedAt),
    });
    if (Number(row?.inserted)) return Number(row?.updated) ? 'applied' : 'orphan';
    return row?.existed ? 'duplicate' : 'stale';
  }

  /** Inserts the review unless this card already has it; true when inserted (`tx`: under the card's lock). */
  async insertLog(tx: Db, log: LogInsert): Promise<boolean> {
    const inserted = await tx
      .insert(reviewLogs)
      .values(log)
      .onConflictDoNothing({ target: [reviewLogs.cardId, reviewLogs.reviewId] })
      .returning({ id: reviewLogs.id });
    return inserted.length > 0;
  }

  /** Stores a card's state (`tx`: under the card's lock). */
  async updateCard(
    tx: Db,
    cardId: string,
    state: CardState,
    reviewCount: number,
    suspendedAt: Date | null,
  ): Promise<void> {
    await tx
      .update(reviewCards)
      .set({ ...state, reviewCount, suspendedAt })
      .where(eq(reviewCards.id, cardId));
  }

  async logsOf(
    cardId: string,
    tx: Db = this.db,
  ): Promise<{ reviewId: string; rating: number; reviewedAt: Date }[]> {
    return tx
      .select({ reviewId: reviewLogs.reviewId, rating: reviewLogs.rating, reviewedAt: reviewLogs.reviewedAt })
      .from(reviewLogs)
      .where(eq(reviewLogs.cardId, cardId))
      .orderBy(asc(reviewLogs.reviewedAt), asc(reviewLogs.createdAt));
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
   * per IST day ('YYYY-MM-DD'; overdue cards count on `today`), leaving out `exceptCardId`; and the
   * learner's active cards, all of them (`db`: the transaction, when called inside one). One pass.
   */
  async dueLoad(
    userId: string,
    today: string,
    until: Date,
    exceptCardId: string | null = null,
    db: Db = this.db,
  ): Promise<{ perDay: Map<string, number>; cards: number }> {
    const rows = rawRows<{ day: string | null; n: number }>(
      await db.execute(sql`
        select case when review_count > 0 and due < ${until.toISOString()}::timestamptz
                         ${exceptCardId ? sql`and id <> ${exceptCardId}::uuid` : sql``}
                    then greatest(to_char((due at time zone 'Asia/Kolkata')::date, 'YYYY-MM-DD'), ${today})
               end as day,
               count(*)::int as n
        from ${reviewCards}
        where user_id = ${userId} and suspended_at is null
        group by 1
      `),
    );
    const perDay = new Map<string, number>();
    let cards = 0;
    for (const r of rows) {
      cards += Number(r.n);
      if (r.day !== null) perDay.set(r.day, Number(r.n));
    }
    return { perDay, cards };
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

  /**
   * The question with its quiz's publication facts, whether an admin dropped it (issue 14), and
   * whether this learner submitted an attempt.
   */
  async questionForAdding(
    questionId: string,
    userId: string,
  ): Promise<{ published: boolean; attended: boolean; dropped: boolean } | undefined> {
    const [row] = await this.db
      .select({
        droppedAt: questions.droppedAt,
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
      dropped: row.droppedAt !== null,
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
      .where(
        and(
          eq(reviewCards.userId, userId),
          isNotNull(reviewCards.suspendedAt),
          // A card suspended because its question was dropped (issue 14) is not a leech.
          isNull(questions.droppedAt),
        ),
      )
      .orderBy(asc(reviewCards.suspendedAt))
      .limit(100);
  }
}
