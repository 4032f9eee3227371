import { Rating, type Grade } from 'ts-fsrs';
import { indiaDateStart, indiaDayKey, indiaDayStart } from '@quizcast/contract/domain/review';
import {
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  type GradeReviewBody,
  type GradeReviewResponse,
  type Intervals,
  type ReviewCard,
  type ReviewQueueResponse,
  type ReviewSettings,
} from '@quizcast/contract/schemas/review';
import type { Db } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import type { Clock } from '../../lib/clock';
import { participantTexts, revealedQuestion } from '../../lib/question-texts';
import type { CardRow, ReviewCardsRepository } from './review-cards.repository';
import type { LogInsert, ReviewGradingRepository } from './review-grading.repository';
import type { QueueRow, ReviewQueueRepository } from './review-queue.repository';
import type { ReviewSettingsRepository } from './review-settings.repository';
import { activeScheduling, cardState, DAY_MS, settingsFrom } from './review-state';
import { dailyAllowances, mergeQueue } from './daily-limits';
import {
  advance,
  CARD_STATE_NAMES,
  initialState,
  isLeech,
  previewIntervals,
  replay,
  type ExamLoad,
  type SchedulingSettings,
} from './scheduler';

const stateName = (row: CardRow) =>
  row.reviewCount === 0 ? 'new' : (CARD_STATE_NAMES[row.state] ?? 'review');

export class ReviewService {
  constructor(
    private readonly db: Db,
    private readonly repos: {
      queue: ReviewQueueRepository;
      grading: ReviewGradingRepository;
      cards: ReviewCardsRepository;
      /** The exam clamp's review load. */
      settings: ReviewSettingsRepository;
    },
    private readonly clock: Clock,
  ) {}

  private scheduling(settings: ReviewSettings, now: Date): SchedulingSettings {
    return activeScheduling(settings, now);
  }

  /**
   * The review load before the exam, for the clamp to keep each day under the review cap (null
   * without an active exam date). `exceptCardId`: the card being scheduled.
   */
  private async examLoad(
    userId: string,
    settings: ReviewSettings,
    scheduling: SchedulingSettings,
    now: Date,
    exceptCardId: string | null = null,
    tx?: Db,
  ): Promise<ExamLoad | undefined> {
    if (!scheduling.examDate) return undefined;
    const { perDay, cards } = await this.repos.settings.dueLoad(
      userId,
      indiaDayKey(now),
      indiaDateStart(scheduling.examDate),
      exceptCardId,
      tx,
    );
    return { perDay, cap: settings.dailyReviewCap, now, cards };
  }

  private toCard(
    row: QueueRow,
    scheduling: SchedulingSettings,
    now: Date,
    load: ExamLoad | undefined,
    previews: Map<string, Intervals>,
  ): ReviewCard {
    return {
      cardId: row.card.id,
      questionId: row.questionId,
      quizId: row.quizId,
      quizName: row.quizName,
      ...revealedQuestion(row),
      ...participantTexts(row, true),
      source: row.card.source,
      state: stateName(row.card),
      due: row.card.due.toISOString(),
      createdAt: row.card.createdAt.toISOString(),
      lapses: row.card.lapses,
      intervals: this.intervals(row.card, scheduling, now, load, previews),
    };
  }

  /**
   * What each grade would schedule (the grade buttons' previews), computed once per distinct card
   * state in a read: cards with the same state, the same initial rating (new cards) and no exam
   * load get the same preview. ts-fsrs schedules from `last_review`, never from the stored `due`
   * (scheduler.test.ts pins it), so `due` is not part of the key; with an exam date the clamp's
   * load depends on the card's due day, so each card is previewed on its own.
   */
  private intervals(
    card: CardRow,
    scheduling: SchedulingSettings,
    now: Date,
    load: ExamLoad | undefined,
    previews: Map<string, Intervals>,
  ): Intervals {
    const initialRating = card.reviewCount === 0 ? (card.initialRating as Grade) : null;
    if (load) {
      const cardLoad = card.reviewCount > 0 ? withoutCard(load, card.due) : load;
      return previewIntervals(cardState(card), scheduling, now, initialRating, cardLoad);
    }
    const key =
      `${initialRating}|${card.state}|${card.stability}|${card.difficulty}|${card.scheduledDays}|` +
      `${card.learningSteps}|${card.reps}|${card.lapses}|${card.lastReview?.getTime()}`;
    let preview = previews.get(key);
    if (!preview) {
      preview = previewIntervals(cardState(card), scheduling, now, initialRating);
      previews.set(key, preview);
    }
    return preview;
  }

  /**
   * Due cards, earliest first, within today's allowances: at most `dailyNewLimit` new cards and
   * `dailyReviewCap` reviews of seen cards per IST day (minus what was already done today).
   * `ahead` also takes cards due in the next 24 hours (the offline copy, "Practise ahead").
   */
  async queue(userId: string, limit: number, ahead: boolean): Promise<ReviewQueueResponse> {
    const now = this.clock.now();
    const dayStart = indiaDayStart(now);
    const until = ahead ? new Date(now.getTime() + REVIEW_LIMITS.offlineWindowMs) : now;
    // One statement: the settings, today's reviews, the counts, the median duration and the due cards.
    const head = await this.repos.queue.queueRead(
      userId,
      { now, dayStart, dayEnd: new Date(dayStart.getTime() + DAY_MS), until },
      limit,
      settingsFrom(null),
    );
    const settings = settingsFrom(head.settings);
    const scheduling = this.scheduling(settings, now);
    const { newAllowance, reviewAllowance } = dailyAllowances(settings, head.today);
    const load = await this.examLoad(userId, settings, scheduling, now);
    const rows = mergeQueue(
      head.seen.slice(0, Math.min(limit, reviewAllowance)),
      head.fresh.slice(0, Math.min(limit, newAllowance)),
      limit,
    );
    const c = head.counts;
    const previews = new Map<string, Intervals>();
    return {
      cards: rows.map((row) => this.toCard(row, scheduling, now, load, previews)),
      counts: {
        dueNow: c.dueNow,
        dueToday: c.dueToday,
        new: c.newCount,
        learning: c.learning,
        suspended: c.suspended,
        nextDueAt: c.nextDueAt?.toISOString() ?? null,
      },
      medianDurationMs: head.medianDurationMs,
      serverTime: now.toISOString(),
    };
  }

  /**
   * Applies one review, idempotent by reviewId, in review-time order (a late offline review lands
   * where it happened: the card's state is then recomputed from its whole log).
   *
   * The usual case takes two statements and no transaction: read the card with the learner's
   * settings, compute the new state, then one statement inserts the review and stores the state
   * only if the card is unchanged since the read (`applyReviewIfUnchanged`). When a concurrent
   * grading changed the card in between, the review is settled under the card's row lock by
   * replaying the whole log (`gradeLocked`).
   */
  async grade(userId: string, cardId: string, body: GradeReviewBody): Promise<GradeReviewResponse> {
    const now = this.clock.now();
    const reviewedAt = new Date(body.reviewedAt);
    const read = await this.repos.grading.cardWithSettings(cardId, userId);
    if (!read) throw notFound(REVIEW_MESSAGES.cardNotFound);
    const { card } = read;
    const problems: string[] = [];
    if (reviewedAt.getTime() > now.getTime() + REVIEW_LIMITS.futureToleranceMs) {
      problems.push(REVIEW_MESSAGES.reviewedAtFuture);
    }
    if (reviewedAt.getTime() < card.createdAt.getTime()) problems.push(REVIEW_MESSAGES.reviewedAtBeforeCard);
    if (problems.length) throw badRequest(problems);

    const settings = settingsFrom(read.settings);
    const scheduling = this.scheduling(settings, now);
    const load = await this.examLoad(userId, settings, scheduling, now, cardId);
    const review = { rating: body.rating as Grade, at: reviewedAt };
    const newest =
      card.reviewCount > 0 && card.lastReview !== null && reviewedAt.getTime() >= card.lastReview.getTime();
    // The usual case (the newest review) advances the stored state: an append, no log read. The
    // first review replays from the initial rating alone (a card with no review applied has no log
    // to read: the write below only lands while review_count is still 0). A late review replays
    // the stored log with this review in it, in review-time order (equal times keep arrival order).
    const state = newest
      ? advance(cardState(card), review, scheduling, load)
      : replay(
          card.createdAt,
          card.initialRating as Grade,
          card.reviewCount === 0
            ? [review]
            : [...(await this.repos.grading.logsOf(cardId)).map(toEvent), review],
          scheduling,
          load,
        );
    const suspendedAt = isLeech(state) ? (card.suspendedAt ?? now) : null;
    const log: LogInsert = {
      cardId,
      userId,
      reviewId: body.reviewId,
      rating: body.rating,
      selectedOption: body.selectedOption,
      reviewedAt,
      durationMs: body.durationMs,
      wasNew: card.reviewCount === 0,
      createdAt: now,
    };
    const outcome = await this.repos.grading.applyReviewIfUnchanged(
      log,
      state,
      card.reviewCount,
      suspendedAt,
    );
    if (outcome === 'applied') {
      return gradeResponse({ ...card, ...state, reviewCount: card.reviewCount + 1, suspendedAt }, true);
    }
    if (outcome === 'duplicate') {
      // A replay: nothing changes; answer with the card as it is now (the first copy may have been
      // applied after this request read it).
      const current = await this.repos.grading.cardWithSettings(cardId, userId);
      return gradeResponse(current?.card ?? card, false);
    }
    return this.gradeLocked(userId, log, outcome === 'orphan', now);
  }

  /**
   * A review whose card changed while it was being graded (`orphan`: its log is already stored),
   * settled under the card's row lock: the log is inserted unless there, then the card's state is
   * replayed from the whole log.
   */
  private async gradeLocked(
    userId: string,
    log: LogInsert,
    orphan: boolean,
    now: Date,
  ): Promise<GradeReviewResponse> {
    return this.db.transaction(async (tx) => {
      const locked = await this.repos.grading.cardWithSettings(log.cardId, userId, true, tx);
      if (!locked) throw notFound(REVIEW_MESSAGES.cardNotFound);
      const { card } = locked;
      const inserted = await this.repos.grading.insertLog(tx, { ...log, wasNew: card.reviewCount === 0 });
      if (!inserted && !orphan) return gradeResponse(card, false);
      const settings = settingsFrom(locked.settings);
      const scheduling = this.scheduling(settings, now);
      const load = await this.examLoad(userId, settings, scheduling, now, card.id, tx);
      const logs = await this.repos.grading.logsOf(card.id, tx);
      const state = replay(card.createdAt, card.initialRating as Grade, logs.map(toEvent), scheduling, load);
      const suspendedAt = isLeech(state) ? (card.suspendedAt ?? now) : null;
      await this.repos.grading.updateCard(tx, card.id, state, logs.length, suspendedAt);
      return gradeResponse({ ...card, ...state, reviewCount: logs.length, suspendedAt }, true);
    });
  }

  async addCard(userId: string, questionId: string): Promise<{ cardId: string; created: boolean }> {
    const question = await this.repos.cards.questionForAdding(questionId, userId);
    if (!question) throw notFound(REVIEW_MESSAGES.questionNotFound);
    if (!question.published) throw forbidden(REVIEW_MESSAGES.notPublished);
    if (!question.attended) throw forbidden(REVIEW_MESSAGES.notYours);
    // Dropped in an answer-key correction (issue 14): it counts for no one, so no card (ADR 011).
    if (question.dropped) throw conflict(REVIEW_MESSAGES.questionDropped);
    const now = this.clock.now();
    const made = await this.repos.cards.insertManualCard(
      userId,
      questionId,
      initialState(now, Rating.Again),
      Rating.Again,
      now,
    );
    return { cardId: made.id, created: made.created };
  }

  async removeCard(userId: string, cardId: string): Promise<void> {
    if (!(await this.repos.cards.deleteCard(cardId, userId))) throw notFound(REVIEW_MESSAGES.cardNotFound);
  }
}

const toEvent = (l: { rating: number; reviewedAt: Date }) => ({
  rating: l.rating as Grade,
  at: l.reviewedAt,
});

function gradeResponse(row: CardRow, applied: boolean): GradeReviewResponse {
  return {
    cardId: row.id,
    due: row.due.toISOString(),
    state: stateName(row),
    reps: row.reps,
    lapses: row.lapses,
    stability: row.stability,
    suspended: row.suspendedAt !== null,
    applied,
  };
}

/** The load without one reviewed card already counted on its due day (the card being previewed). */
function withoutCard(load: ExamLoad, due: Date): ExamLoad {
  const perDay = new Map(load.perDay);
  const key = indiaDayKey(due.getTime() < load.now.getTime() ? load.now : due);
  perDay.set(key, Math.max(0, (perDay.get(key) ?? 0) - 1));
  return { ...load, perDay };
}
