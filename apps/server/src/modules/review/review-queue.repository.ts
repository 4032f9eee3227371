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

/**
 * One due card as the queue's statement returns it: a JSON array in this order (PostgreSQL builds it,
 * so the driver decodes one text per read instead of ~50 per card; timestamps as epoch milliseconds).
 */
type CardTuple = [
  cardId: string,
  source: CardRow['source'],
  initialRating: number,
  due: number,
  stability: number,
  difficulty: number,
  scheduledDays: number,
  learningSteps: number,
  reps: number,
  lapses: number,
  state: number,
  lastReview: number | null,
  reviewCount: number,
  createdAt: number,
  questionId: string,
  quizId: string,
  quizName: string,
  qn: string,
  choices: string[],
  ansIndex: number,
  explanation: string | null,
  lang: 'en' | 'hi',
  audioKey: string | null,
  type: 'mcq' | 'numeric',
  numericAnswer: string | null,
  tolerance: string | null,
  qnHi: string | null,
  choicesHi: string[] | null,
  explanationHi: string | null,
  math: StoredQuestionMath | null,
];

/** The head's columns and the due cards of both kinds, earliest first, as one JSON array (null: none). */
interface QueueSqlRow extends HeadSqlRow {
  cards: CardTuple[] | string | null;
}

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
const epochMs = (column: SQL) => sql`extract(epoch from ${column}) * 1000`;
const dueSql = (kind: 'new' | 'seen', cap: SQL) => sql`
  select c.due, c.id,
         json_build_array(c.id, c.source, c.initial_rating, ${epochMs(sql`c.due`)}, c.stability, c.difficulty,
           c.scheduled_days, c.learning_steps, c.reps, c.lapses, c.state, ${epochMs(sql`c.last_review`)},
           c.review_count, ${epochMs(sql`c.created_at`)},
           q.id, z.id, z.name, q.qn, q.choices, q.ans_index, q.explanation, q.lang, q.audio_key, q.type,
           q.numeric_answer::text, q.tolerance::text, q.qn_hi, q.choices_hi, q.explanation_hi, q.math) as card
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
    // The head and both kinds of due cards in one statement and one row: one round trip a read, and
    // the cards as one JSON array (issue 31: decoding ~50 text columns a card was the app's largest cost).
    this.queueQuery = preparedRaw<QueueSqlRow>(
      db,
      'review_queue',
      sql`
        select h.*,
               (select json_agg(d.card order by d.due, d.id)
                from ((${dueSql('new', sql`coalesce(h.daily_new_limit, ${ph('defaultNewLimit')}::int)`)})
                      union all
                      (${dueSql('seen', sql`coalesce(h.daily_review_cap, ${ph('defaultReviewCap')}::int)`)})) d
               ) as cards
        from (${headSql}) h`,
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
    const cards = typeof row.cards === 'string' ? (JSON.parse(row.cards) as CardTuple[]) : (row.cards ?? []);
    for (const t of cards) {
      const queued = toQueueRow(t, userId);
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

function toQueueRow(t: CardTuple, userId: string): QueueRow {
  const [
    id,
    source,
    initialRating,
    due,
    stability,
    difficulty,
    scheduledDays,
    learningSteps,
    reps,
    lapses,
    state,
    lastReview,
    reviewCount,
    createdAt,
    questionId,
    quizId,
    quizName,
    qn,
    choices,
    ansIndex,
    explanation,
    lang,
    audioKey,
    type,
    numericAnswer,
    tolerance,
    qnHi,
    choicesHi,
    explanationHi,
    math,
  ] = t;
  return {
    card: {
      id,
      userId,
      questionId,
      source,
      initialRating,
      due: new Date(due),
      stability,
      difficulty,
      scheduledDays,
      learningSteps,
      reps,
      lapses,
      state,
      lastReview: lastReview === null ? null : new Date(lastReview),
      reviewCount,
      suspendedAt: null,
      createdAt: new Date(createdAt),
    },
    questionId,
    quizId,
    quizName,
    qn,
    choices,
    ansIndex,
    explanation,
    lang,
    audioKey,
    type,
    numericAnswer,
    tolerance,
    qnHi,
    choicesHi,
    explanationHi,
    math,
  };
}
