import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedRaw } from '../../db/raw-rows';
import { reviewCards, reviewLogs, reviewSettings } from '../../db/schema';
import type { CardRow } from './review-cards.repository';
import type { SettingsRow } from './review-settings.repository';
import type { CardState } from './scheduler';

/**
 * Grading a card (POST /review/cards/:cardId/reviews): the card with the learner's settings, the
 * one-statement write of the usual case, and the locked path that replays the card's whole log.
 */

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

const ph = (name: string) => sql.placeholder(name);

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

export class ReviewGradingRepository {
  /** The hot statements, prepared once (planned once per connection; no SQL rebuilt per call). */
  private readonly cardQuery;
  private readonly applyQuery;

  constructor(private readonly db: Db) {
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
}
