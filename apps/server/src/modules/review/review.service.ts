import { Rating, type Grade } from 'ts-fsrs';
import { indiaDateStart, indiaDayKey, indiaDayStart } from '@quizcast/contract/domain/review';
import { questionAudioUrl } from '@quizcast/contract/schemas/question-audio';
import {
  REVIEW_DEFAULTS,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  type GradeReviewBody,
  type GradeReviewResponse,
  type ReviewCard,
  type ReviewCounts,
  type ReviewQueueResponse,
  type ReviewSettings,
  type ReviewStats,
} from '@quizcast/contract/schemas/review';
import type { Db } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import type { Clock } from '../../lib/clock';
import { participantTexts } from '../../lib/question-texts';
import type { CardRow, LogInsert, QueueRow, ReviewRepository, SettingsRow } from './review.repository';
import { dailyAllowances, mergeQueue } from './daily-limits';
import {
  addToLoad,
  advance,
  CARD_STATE_NAMES,
  clampToExam,
  initialState,
  isLeech,
  previewIntervals,
  replay,
  schedulerFor,
  toCard,
  type CardState,
  type ExamLoad,
  type SchedulingSettings,
} from './scheduler';

const DAY_MS = 86_400_000;

const cardState = (row: CardRow): CardState => ({
  due: row.due,
  stability: row.stability,
  difficulty: row.difficulty,
  scheduledDays: row.scheduledDays,
  learningSteps: row.learningSteps,
  reps: row.reps,
  lapses: row.lapses,
  state: row.state,
  lastReview: row.lastReview,
});

const stateName = (row: CardRow) =>
  row.reviewCount === 0 ? 'new' : (CARD_STATE_NAMES[row.state] ?? 'review');

export class ReviewService {
  constructor(
    private readonly db: Db,
    private readonly repo: ReviewRepository,
    private readonly clock: Clock,
  ) {}

  private async settingsOf(userId: string): Promise<ReviewSettings> {
    return settingsFrom(await this.repo.findSettings(userId));
  }

  /** The exam date counts only until it has passed. */
  private scheduling(settings: ReviewSettings, now: Date): SchedulingSettings {
    const examActive = settings.examDate !== null && indiaDayKey(now) <= settings.examDate;
    return { desiredRetention: settings.desiredRetention, examDate: examActive ? settings.examDate : null };
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
    const { perDay, cards } = await this.repo.dueLoad(
      userId,
      indiaDayKey(now),
      indiaDateStart(scheduling.examDate),
      exceptCardId,
      tx,
    );
    return { perDay, cap: settings.dailyReviewCap, now, cards };
  }

  private async countsOf(userId: string, now: Date): Promise<ReviewCounts> {
    const dayEnd = new Date(indiaDayStart(now).getTime() + DAY_MS);
    const c = await this.repo.counts(userId, now, dayEnd);
    return {
      dueNow: c.dueNow,
      dueToday: c.dueToday,
      new: c.newCount,
      learning: c.learning,
      suspended: c.suspended,
      nextDueAt: c.nextDueAt?.toISOString() ?? null,
    };
  }

  private toCard(
    row: QueueRow,
    scheduling: SchedulingSettings,
    now: Date,
    load: ExamLoad | undefined,
  ): ReviewCard {
    return {
      cardId: row.card.id,
      questionId: row.questionId,
      quizId: row.quizId,
      quizName: row.quizName,
      qn: row.qn,
      choices: row.choices,
      ansIndex: row.ansIndex,
      explanation: row.explanation,
      lang: row.lang,
      audioUrl: row.audioKey ? questionAudioUrl(row.audioKey) : null,
      ...(row.type === 'numeric' && {
        type: row.type,
        numericAnswer: row.numericAnswer,
        tolerance: row.tolerance,
      }),
      ...participantTexts(row, true),
      source: row.card.source,
      state: stateName(row.card),
      due: row.card.due.toISOString(),
      createdAt: row.card.createdAt.toISOString(),
      lapses: row.card.lapses,
      intervals: previewIntervals(
        cardState(row.card),
        scheduling,
        now,
        row.card.reviewCount === 0 ? (row.card.initialRating as Grade) : null,
        load && row.card.reviewCount > 0 ? withoutCard(load, row.card.due) : load,
      ),
    };
  }

  /**
   * Due cards, earliest first, within today's allowances: at most `dailyNewLimit` new cards and
   * `dailyReviewCap` reviews of seen cards per IST day (minus what was already done today).
   * `ahead` also takes cards due in the next 24 hours (the offline copy, "Practise ahead").
   */
  async queue(userId: string, limit: number, ahead: boolean): Promise<ReviewQueueResponse> {
    const now = this.clock.now();
    const dayStart = indiaDayStart(now);
    // One statement for the settings, today's reviews, the counts and the median duration.
    const head = await this.repo.queueHead(userId, now, dayStart, new Date(dayStart.getTime() + DAY_MS));
    const settings = settingsFrom(head.settings);
    const scheduling = this.scheduling(settings, now);
    const { newAllowance, reviewAllowance } = dailyAllowances(settings, head.today);
    const until = ahead ? new Date(now.getTime() + REVIEW_LIMITS.offlineWindowMs) : now;
    const [due, load] = await Promise.all([
      this.repo.findDueBoth(userId, until, Math.min(limit, newAllowance), Math.min(limit, reviewAllowance)),
      this.examLoad(userId, settings, scheduling, now),
    ]);
    const seen = due.filter((row) => row.card.reviewCount > 0);
    const fresh = due.filter((row) => row.card.reviewCount === 0);
    const rows = mergeQueue(seen, fresh, limit);
    const c = head.counts;
    return {
      cards: rows.map((row) => this.toCard(row, scheduling, now, load)),
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
    const read = await this.repo.cardWithSettings(cardId, userId);
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
          card.reviewCount === 0 ? [review] : [...(await this.repo.logsOf(cardId)).map(toEvent), review],
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
    const outcome = await this.repo.applyReviewIfUnchanged(log, state, card.reviewCount, suspendedAt);
    if (outcome === 'applied') {
      return gradeResponse({ ...card, ...state, reviewCount: card.reviewCount + 1, suspendedAt }, true);
    }
    if (outcome === 'duplicate') {
      // A replay: nothing changes; answer with the card as it is now (the first copy may have been
      // applied after this request read it).
      const current = await this.repo.cardWithSettings(cardId, userId);
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
    return this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const locked = await this.repo.cardWithSettings(log.cardId, userId, true, tx);
      if (!locked) throw notFound(REVIEW_MESSAGES.cardNotFound);
      const { card } = locked;
      const inserted = await this.repo.insertLog(tx, { ...log, wasNew: card.reviewCount === 0 });
      if (!inserted && !orphan) return gradeResponse(card, false);
      const settings = settingsFrom(locked.settings);
      const scheduling = this.scheduling(settings, now);
      const load = await this.examLoad(userId, settings, scheduling, now, card.id, tx);
      const logs = await this.repo.logsOf(card.id, tx);
      const state = replay(card.createdAt, card.initialRating as Grade, logs.map(toEvent), scheduling, load);
      const suspendedAt = isLeech(state) ? (card.suspendedAt ?? now) : null;
      await this.repo.updateCard(tx, card.id, state, logs.length, suspendedAt);
      return gradeResponse({ ...card, ...state, reviewCount: logs.length, suspendedAt }, true);
    });
  }

  async addCard(userId: string, questionId: string): Promise<{ cardId: string; created: boolean }> {
    const question = await this.repo.questionForAdding(questionId, userId);
    if (!question) throw notFound(REVIEW_MESSAGES.questionNotFound);
    if (!question.published) throw forbidden(REVIEW_MESSAGES.notPublished);
    if (!question.attended) throw forbidden(REVIEW_MESSAGES.notYours);
    // Dropped in an answer-key correction (issue 14): it counts for no one, so no card (ADR 011).
    if (question.dropped) throw conflict(REVIEW_MESSAGES.questionDropped);
    const now = this.clock.now();
    const made = await this.repo.insertManualCard(
      userId,
      questionId,
      initialState(now, Rating.Again),
      Rating.Again,
      now,
    );
    return { cardId: made.id, created: made.created };
  }

  async removeCard(userId: string, cardId: string): Promise<void> {
    if (!(await this.repo.deleteCard(cardId, userId))) throw notFound(REVIEW_MESSAGES.cardNotFound);
  }

  async settings(userId: string): Promise<ReviewSettings> {
    return this.settingsOf(userId);
  }

  /**
   * Saves the settings (an exam date may not be in the past, India time) and applies the exam clamp
   * to the cards already scheduled past the exam's start.
   */
  async saveSettings(userId: string, input: ReviewSettings): Promise<ReviewSettings> {
    const now = this.clock.now();
    if (input.examDate !== null && input.examDate < indiaDayKey(now)) {
      throw badRequest([REVIEW_MESSAGES.examDatePast]);
    }
    const row: SettingsRow = {
      userId,
      desiredRetention: input.desiredRetention,
      examName: input.examName ? input.examName : null,
      examDate: input.examDate,
      dailyNewLimit: input.dailyNewLimit,
      dailyReviewCap: input.dailyReviewCap,
      updatedAt: now,
    };
    await this.repo.saveSettings(row);
    const saved = await this.settingsOf(userId);
    const scheduling = this.scheduling(saved, now);
    if (scheduling.examDate) {
      const scheduler = schedulerFor(scheduling);
      const examStart = indiaDateStart(scheduling.examDate);
      const [candidates, { perDay, cards }] = await Promise.all([
        this.repo.cardsDueFrom(userId, examStart),
        this.repo.dueLoad(userId, indiaDayKey(now), examStart),
      ]);
      const load: ExamLoad = { perDay, cap: saved.dailyReviewCap, now, cards };
      // Earliest-due first, each placed card counted into the load before the next is placed.
      const ordered = [...candidates].sort(
        (a, b) => a.due.getTime() - b.due.getTime() || a.id.localeCompare(b.id),
      );
      const moved = ordered.flatMap((c) => {
        const clamped = clampToExam(toCard(cardState(c)), scheduling, scheduler, load);
        if (clamped.due.getTime() === c.due.getTime()) return [];
        addToLoad(perDay, clamped.due);
        return [{ id: c.id, due: clamped.due }];
      });
      await this.repo.setDues(userId, moved);
    }
    return saved;
  }

  async stats(userId: string): Promise<ReviewStats> {
    const now = this.clock.now();
    const dayStart = indiaDayStart(now);
    const today = indiaDayKey(now);
    const [settings, counts, done, days, retention, forecast, leeches] = await Promise.all([
      this.settingsOf(userId),
      this.countsOf(userId, now),
      this.repo.reviewsSince(userId, dayStart),
      this.repo.reviewDays(userId, new Date(dayStart.getTime() - 400 * DAY_MS)),
      this.repo.retentionSince(userId, new Date(now.getTime() - 30 * DAY_MS)),
      this.repo.forecast(userId, today, new Date(dayStart.getTime() + 14 * DAY_MS)),
      this.repo.leeches(userId),
    ]);
    return {
      counts,
      doneToday: done.total,
      streakDays: streak(days, dayStart),
      retention30d: retention.total ? Math.round((retention.passed / retention.total) * 1000) / 1000 : null,
      reviews30d: retention.total,
      forecast: Array.from({ length: 14 }, (_, i) => {
        const date = indiaDayKey(new Date(dayStart.getTime() + i * DAY_MS));
        return { date, count: forecast.get(date) ?? 0 };
      }),
      leeches,
      settings,
    };
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

/** The learner's settings from their row (the defaults without one). */
function settingsFrom(row: Omit<SettingsRow, 'userId' | 'updatedAt'> | null | undefined): ReviewSettings {
  if (!row) {
    return {
      desiredRetention: REVIEW_DEFAULTS.desiredRetention,
      examName: null,
      examDate: null,
      dailyNewLimit: REVIEW_DEFAULTS.dailyNewLimit,
      dailyReviewCap: REVIEW_DEFAULTS.dailyReviewCap,
    };
  }
  return {
    desiredRetention: row.desiredRetention,
    examName: row.examName,
    examDate: row.examDate,
    dailyNewLimit: row.dailyNewLimit,
    dailyReviewCap: row.dailyReviewCap,
  };
}

/** The load without one reviewed card already counted on its due day (the card being previewed). */
function withoutCard(load: ExamLoad, due: Date): ExamLoad {
  const perDay = new Map(load.perDay);
  const key = indiaDayKey(due.getTime() < load.now.getTime() ? load.now : due);
  perDay.set(key, Math.max(0, (perDay.get(key) ?? 0) - 1));
  return { ...load, perDay };
}

/** Consecutive IST days with a review, ending today (or yesterday, when today has none yet). */
export function streak(daysNewestFirst: string[], todayStart: Date): number {
  const have = new Set(daysNewestFirst);
  let day = new Date(todayStart.getTime() + DAY_MS / 2);
  if (!have.has(indiaDayKey(day))) day = new Date(day.getTime() - DAY_MS);
  let n = 0;
  while (have.has(indiaDayKey(day))) {
    n += 1;
    day = new Date(day.getTime() - DAY_MS);
  }
  return n;
}
