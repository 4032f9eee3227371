import { and, asc, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { preparedRaw } from '../../db/raw-rows';
import {
  questions,
  quizzes,
  reviewCardCounts,
  reviewCards,
  reviewLogs,
  reviewSettings,
  type StoredQuestionMath,
} from '../../db/schema';
import type { CardRow } from './review-cards.repository';
import type { SettingsRow } from './review-settings.repository';

/**
 * The review queue's reads (GET /review/queue, and the counts the stats show): the head of the queue
 * (settings, today's reviews, counts, median duration) and the due cards, each one prepared statement.
 */

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

/** How many overdue cards "due now" counts one by one before it counts the other side instead. */
export const DUE_NOW_PROBE = 256;

/**
 * The queue's counts for one learner (placeholders userId, now, dayEnd), none of them a count of the
 * learner's whole card set (issue 31; ADR 011, "Speed"). New, learning, suspended and the active
 * total are one row of `review_card_counts`, kept in step by triggers. Due now counts at most
 * DUE_NOW_PROBE overdue entries of `review_cards_user_due_idx`; when there are more, it is the active
 * total minus the cards not yet due (a learner with 10,000 overdue cards reads a few hundred index
 * entries, not 10,000). Due today adds the range from now to the day's end, and the next due time is
 * the index's first entry.
 */
const active = sql`user_id = ${ph('userId')}::uuid and suspended_at is null`;
const countsSql = sql`
  select n.due_now,
         n.due_now + (select count(*) from ${reviewCards}
                      where ${active} and due > ${ph('now')}::timestamptz
                        and due < ${ph('dayEnd')}::timestamptz)::int as due_today,
         coalesce(k.new_cards, 0) as new_count,
         coalesce(k.learning, 0) as learning,
         coalesce(k.suspended, 0) as suspended,
         (select min(due) from ${reviewCards} where ${active}) as next_due_at
  from (select 1) one
  left join ${reviewCardCounts} k on k.user_id = ${ph('userId')}::uuid
  cross join lateral (
    select case when p.overdue < ${sql.raw(String(DUE_NOW_PROBE))} then p.overdue
                else coalesce(k.active, 0) - (select count(*) from ${reviewCards}
                                              where ${active} and due > ${ph('now')}::timestamptz)::int
           end as due_now
    from (select count(*)::int as overdue
          from (select 1 from ${reviewCards} where ${active} and due <= ${ph('now')}::timestamptz
                limit ${sql.raw(String(DUE_NOW_PROBE))}) o) p
  ) n`;

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
  cards_from_practice: boolean | null;
  today_total: number;
  today_new: number;
  median: number | null;
  recent: number;
}

export class ReviewQueueRepository {
  /** The hot statements, prepared once (planned once per connection; no SQL rebuilt per call). */
  private readonly headQuery;
  private readonly countsQuery;
  private readonly dueQuery;

  constructor(db: Db) {
    this.headQuery = preparedRaw<HeadSqlRow>(
      db,
      'review_queue_head',
      sql`
        select s.user_id is not null as has_settings, s.desired_retention, s.exam_name,
               to_char(s.exam_date, 'YYYY-MM-DD') as exam_date, s.daily_new_limit, s.daily_review_cap,
               s.cards_from_practice,
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
            cardsFromPractice: row.cards_from_practice !== false,
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
}
