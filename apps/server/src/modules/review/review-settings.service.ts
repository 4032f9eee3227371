import { indiaDateStart, indiaDayKey, indiaDayStart } from '@quizcast/contract/domain/review';
import { REVIEW_MESSAGES, type ReviewSettings, type ReviewStats } from '@quizcast/contract/schemas/review';
import { badRequest } from '../../lib/http-error';
import type { Clock } from '../../lib/clock';
import type { ReviewQueueRepository } from './review-queue.repository';
import type { ReviewSettingsRepository, SettingsRow } from './review-settings.repository';
import type { ReviewStatsRepository } from './review-stats.repository';
import { activeScheduling, cardState, countsOf, DAY_MS, settingsFrom } from './review-state';
import { addToLoad, clampToExam, schedulerFor, toCard, type ExamLoad } from './scheduler';

/** A learner's review settings (exam date, limits) and their review statistics. */
export class ReviewSettingsService {
  constructor(
    private readonly repos: {
      settings: ReviewSettingsRepository;
      stats: ReviewStatsRepository;
      /** The queue's counts. */
      queue: ReviewQueueRepository;
    },
    private readonly clock: Clock,
  ) {}

  private async settingsOf(userId: string): Promise<ReviewSettings> {
    return settingsFrom(await this.repos.settings.findSettings(userId));
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
      cardsFromPractice: input.cardsFromPractice,
      updatedAt: now,
    };
    await this.repos.settings.saveSettings(row);
    const saved = await this.settingsOf(userId);
    const scheduling = activeScheduling(saved, now);
    if (scheduling.examDate) {
      const scheduler = schedulerFor(scheduling);
      const examStart = indiaDateStart(scheduling.examDate);
      const [candidates, { perDay, cards }] = await Promise.all([
        this.repos.settings.cardsDueFrom(userId, examStart),
        this.repos.settings.dueLoad(userId, indiaDayKey(now), examStart),
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
      await this.repos.settings.setDues(userId, moved);
    }
    return saved;
  }

  async stats(userId: string): Promise<ReviewStats> {
    const now = this.clock.now();
    const dayStart = indiaDayStart(now);
    const today = indiaDayKey(now);
    const [settings, counts, done, days, retention, forecast, leeches] = await Promise.all([
      this.settingsOf(userId),
      countsOf(this.repos.queue, userId, now),
      this.repos.stats.reviewsSince(userId, dayStart),
      this.repos.stats.reviewDays(userId, new Date(dayStart.getTime() - 400 * DAY_MS)),
      this.repos.stats.retentionSince(userId, new Date(now.getTime() - 30 * DAY_MS)),
      this.repos.stats.forecast(userId, today, new Date(dayStart.getTime() + 14 * DAY_MS)),
      this.repos.stats.leeches(userId),
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
