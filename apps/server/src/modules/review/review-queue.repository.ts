import { sql, type SQL } from 'drizzle-orm';
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
 * (settings, today's reviews, counts, median duration) with the due cards in one prepared statement,
 * and the counts alone.
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

/** One due card as the queue's statement returns it (snake_case; timestamps as the driver gives them). */
interface CardSqlRow {
  card_id: string | null;
  source: CardRow['source'];
  initial_rating: number;
  due: string | Date;
  stability: number;
  difficulty: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  state: number;
  last_review: string | Date | null;
  review_count: number;
  card_created_at: string | Date;
  question_id: string;
  quiz_id: string;
  quiz_name: string;
  qn: string;
  choices: string[];
  ans_index: number;
  explanation: string | null;
  lang: 'en' | 'hi';
  audio_key: string | null;
  type: 'mcq' | 'numeric';
  numeric_answer: string | null;
  tolerance: string | null;
  qn_hi: string | null;
  choices_hi: string[] | null;
  explanation_hi: string | null;
  math: StoredQuestionMath | null;
}

const asDate = (v: string | Date): Date => (v instanceof Date ? v : new Date(v));

/** What GET /review/queue reads, in one statement: the head of the queue and the due candidates. */
export interface QueueRead {
  settings: Omit<SettingsRow, 'userId' | 'updatedAt'> | null;
  today: { total: number; newCards: number };
  counts: CountsRow;
  medianDurationMs: number | null;
  /** Due seen cards (review_count > 0), earliest first, at most the read's `limit` and the review cap. */
  seen: QueueRow[];
  /** Due new cards, earliest first, at most the read's `limit` and the daily new limit. */
  fresh: QueueRow[];
}

/**
 * The head of the queue: the settings row (null: defaults), today's reviews (all, and first
 * reviews), the counts, and the median duration of the last 50 reviews.
 */
const headSql = sql`
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
  ) m`;

/**
 * A learner's due cards of one kind with their questions (read live: a corrected answer key shows
 * at once), earliest first by `review_cards_user_due_idx` / `_new_due_idx`, only of published quizzes
 * whose results are out. `cap` bounds the candidates by the learner's setting (an upper bound of the
 * day's allowance: the allowance itself, which subtracts today's reviews, is `dailyAllowances`'s).
 */
const dueSql = (kind: 'new' | 'seen', cap: SQL) => sql`
  select c.id as card_id, c.source, c.initial_rating, c.due, c.stability, c.difficulty,
         c.scheduled_days, c.learning_steps, c.reps, c.lapses, c.state, c.last_review, c.review_count,
         c.created_at as card_created_at,
         q.id as question_id, z.id as quiz_id, z.name as quiz_name, q.qn, q.choices, q.ans_index,
         q.explanation, q.lang, q.audio_key, q.type, q.numeric_answer::text as numeric_answer,
         q.tolerance::text as tolerance, q.qn_hi, q.choices_hi, q.explanation_hi, q.math
  from ${reviewCards} c
  join ${questions} q on q.id = c.question_id
  join ${quizzes} z on z.id = q.quiz_id
  where c.user_id = ${ph('userId')}::uuid and c.suspended_at is null
    and c.due <= ${ph('until')}::timestamptz
    and c.review_count ${sql.raw(kind === 'new' ? '= 0' : '> 0')}
    and z.results_published_at is not null and z.published = true
  order by c.due, c.id
  limit least(${ph('limit')}::int, ${cap})`;

export class ReviewQueueRepository {
  /** The hot statements, prepared once (no SQL rebuilt per call). */
  private readonly queueQuery;
  private readonly countsQuery;

  constructor(db: Db) {
    // The head and both kinds of due cards in one statement: one round trip a read (issue 31). The
    // head's row is repeated on each card row (one row with null card columns when none is due).
    this.queueQuery = preparedRaw<HeadSqlRow & CardSqlRow>(
      db,
      'review_queue',
      sql`
        select h.*, d.*
        from (${headSql}) h
        left join lateral (
          (${dueSql('new', sql`coalesce(h.daily_new_limit, ${ph('defaultNewLimit')}::int)`)})
          union all
          (${dueSql('seen', sql`coalesce(h.daily_review_cap, ${ph('defaultReviewCap')}::int)`)})
        ) d on true`,
    );
    this.countsQuery = preparedRaw<CountsSqlRow>(db, 'review_counts', countsSql);
  }

  /**
   * Everything GET /review/queue reads, in one statement: the head (settings, today's reviews, the
   * counts, the median duration, null with fewer than 5 reviews) and, of each kind, the earliest due
   * cards up to `until`, at most `limit` and the learner's daily limit (`defaults`: the limits of a
   * learner without settings).
   */
  async queueRead(
    userId: string,
    times: { now: Date; dayStart: Date; dayEnd: Date; until: Date },
    limit: number,
    defaults: { dailyNewLimit: number; dailyReviewCap: number },
  ): Promise<QueueRead> {
    const rows = await this.queueQuery({
      userId,
      now: times.now.toISOString(),
      dayStart: times.dayStart.toISOString(),
      dayEnd: times.dayEnd.toISOString(),
      until: times.until.toISOString(),
      limit,
      defaultNewLimit: defaults.dailyNewLimit,
      defaultReviewCap: defaults.dailyReviewCap,
    });
    const row = rows[0];
    if (!row) throw new Error('queue read: no row');
    const seen: QueueRow[] = [];
    const fresh: QueueRow[] = [];
    for (const r of rows) {
      if (r.card_id === null) continue;
      const queued = toQueueRow(r, userId);
      (queued.card.reviewCount > 0 ? seen : fresh).push(queued);
    }
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
      seen,
      fresh,
    };
  }

  async counts(userId: string, now: Date, dayEnd: Date): Promise<CountsRow> {
    const [row] = await this.countsQuery({ userId, now: now.toISOString(), dayEnd: dayEnd.toISOString() });
    return countsFrom(row);
  }
}

function toQueueRow(r: CardSqlRow, userId: string): QueueRow {
  return {
    card: {
      id: r.card_id!,
      userId,
      questionId: r.question_id,
      source: r.source,
      initialRating: r.initial_rating,
      due: asDate(r.due),
      stability: Number(r.stability),
      difficulty: Number(r.difficulty),
      scheduledDays: r.scheduled_days,
      learningSteps: r.learning_steps,
      reps: r.reps,
      lapses: r.lapses,
      state: r.state,
      lastReview: r.last_review === null ? null : asDate(r.last_review),
      reviewCount: r.review_count,
      suspendedAt: null,
      createdAt: asDate(r.card_created_at),
    },
    questionId: r.question_id,
    quizId: r.quiz_id,
    quizName: r.quiz_name,
    qn: r.qn,
    choices: r.choices,
    ansIndex: r.ans_index,
    explanation: r.explanation,
    lang: r.lang,
    audioKey: r.audio_key,
    type: r.type,
    numericAnswer: r.numeric_answer,
    tolerance: r.tolerance,
    qnHi: r.qn_hi,
    choicesHi: r.choices_hi,
    explanationHi: r.explanation_hi,
    math: r.math,
  };
}
