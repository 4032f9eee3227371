import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { indiaDayKey } from '@quizcast/contract/domain/review';
import { reviewStatsResponseSchema } from '@quizcast/contract/schemas/review';
import { reviewCards } from '../src/db/schema';
import { testDatabaseKind } from './helpers';
import {
  MIN,
  DAY,
  START,
  learnerWhoSkippedEverything,
  api,
  queue,
  review,
  grade,
  learnerWithOneCard,
  putSettings,
  useReviewApp,
} from './support/review';
import { t } from './support/app';

describe(`review (${testDatabaseKind})`, () => {
  useReviewApp();

  it('brings a card forward so it is not scheduled past the exam day with recall below the target', async () => {
    t.clock.set(START);
    // Control: with retention 0.80 and no exam, two Good reviews push the card well beyond 5 days.
    const control = await learnerWithOneCard(t);
    expect((await putSettings(t, control.user, { desiredRetention: 0.8 })).statusCode).toBe(200);
    const now = t.clock.now();
    await grade(t, control.user, control.cardId, review(3, now));
    t.clock.set(new Date(now.getTime() + 3 * DAY));
    const free = await grade(t, control.user, control.cardId, review(3, t.clock.now()));
    const freeDue = new Date(free.due);
    expect(freeDue.getTime()).toBeGreaterThan(t.clock.now().getTime() + 5 * DAY);

    // The same history for a learner whose exam falls on the day that review would land.
    t.clock.set(START);
    const learner = await learnerWithOneCard(t);
    const examDate = indiaDayKey(freeDue);
    expect(
      (await putSettings(t, learner.user, { desiredRetention: 0.8, examDate, examName: 'SSC CGL' }))
        .statusCode,
    ).toBe(200);
    await grade(t, learner.user, learner.cardId, review(3, now));
    t.clock.set(new Date(now.getTime() + 3 * DAY));
    const clamped = await grade(t, learner.user, learner.cardId, review(3, t.clock.now()));
    const examStart = new Date(`${examDate}T00:00:00+05:30`);
    expect(new Date(clamped.due).toISOString()).toBe(new Date(examStart.getTime() - DAY).toISOString());

    // Setting an exam date later re-dates the cards already scheduled past it.
    expect(
      (await putSettings(t, control.user, { desiredRetention: 0.8, examDate, examName: 'SSC CGL' }))
        .statusCode,
    ).toBe(200);
    const [moved] = await t.db.select().from(reviewCards).where(eq(reviewCards.id, control.cardId));
    expect(moved!.due.toISOString()).toBe(new Date(examStart.getTime() - DAY).toISOString());

    // After the exam has passed the date no longer constrains anything.
    t.clock.set(new Date(examStart.getTime() + 2 * DAY));
    const after = await grade(t, learner.user, learner.cardId, review(3, t.clock.now()));
    expect(new Date(after.due).getTime()).toBeGreaterThan(t.clock.now().getTime() + 5 * DAY);
  });

  it('keeps each day before the exam within the daily review cap when it brings cards forward', async () => {
    const user = await learnerWhoSkippedEverything(t);
    const cards = (await t.db.select().from(reviewCards).where(eq(reviewCards.userId, user.id)))
      .sort((a, b) => a.id.localeCompare(b.id))
      .slice(0, 3);
    expect(cards).toHaveLength(3);
    // Without an exam date, two Good reviews each push the three cards well beyond 5 days.
    expect((await putSettings(t, user, { desiredRetention: 0.8 })).statusCode).toBe(200);
    const now = t.clock.now();
    for (const card of cards) await grade(t, user, card.id, review(3, now));
    t.clock.set(new Date(now.getTime() + 3 * DAY));
    const frees = [];
    for (const card of cards) frees.push(await grade(t, user, card.id, review(3, t.clock.now())));
    const firstDue = Math.min(...frees.map((f) => new Date(f.due).getTime()));
    expect(firstDue).toBeGreaterThan(t.clock.now().getTime() + 5 * DAY);
    // An exam on the day the earliest of them would land, with a cap of one review a day: the three
    // cards are brought forward, one a day. The learner has 4 active cards, so the final window is
    // the last 4 days before the exam (⌈4 / 1⌉); each of these cards, likely to be remembered,
    // takes the earliest day of the window with room whose predicted exam-day recall meets 0.8,
    // which leaves the eve to the fourth card (never reviewed yet).
    const examDate = indiaDayKey(new Date(firstDue));
    const res = await putSettings(t, user, { desiredRetention: 0.8, examDate, dailyReviewCap: 1 });
    expect(res.statusCode).toBe(200);
    const examStart = new Date(`${examDate}T00:00:00+05:30`).getTime();
    const dues = (await t.db.select().from(reviewCards).where(eq(reviewCards.userId, user.id)))
      .filter((c) => cards.some((k) => k.id === c.id))
      .map((c) => c.due.getTime())
      .sort((a, b) => a - b);
    expect(await t.db.select().from(reviewCards).where(eq(reviewCards.userId, user.id))).toHaveLength(4);
    expect(dues).toEqual([examStart - 4 * DAY, examStart - 3 * DAY, examStart - 2 * DAY]);
  });

  it('suspends a card that lapses 8 times as a leech and lists it', async () => {
    t.clock.set(START);
    const { user, cardId } = await learnerWithOneCard(t);
    let at = t.clock.now();
    let result = await grade(t, user, cardId, review(3, at));
    for (let lapse = 1; lapse <= 8; lapse += 1) {
      expect(result.suspended).toBe(false);
      at = new Date(new Date(result.due).getTime());
      t.clock.set(at);
      result = await grade(t, user, cardId, review(1, at)); // lapse
      expect(result.lapses).toBe(lapse);
      at = new Date(new Date(result.due).getTime());
      t.clock.set(at);
      if (lapse < 8) result = await grade(t, user, cardId, review(3, at)); // relearned
    }
    expect(result.suspended).toBe(true);
    t.clock.advance(30 * DAY);
    const body = await queue(t, user);
    expect(body.cards).toEqual([]);
    expect(body.counts.suspended).toBe(1);
    const stats = reviewStatsResponseSchema.parse((await api(t, user, 'GET', '/api/review/stats')).json());
    expect(stats.leeches.map((l) => l.cardId)).toEqual([cardId]);
    expect(stats.leeches[0]!.lapses).toBe(8);
  });

  it('keeps to the daily new-card limit and reports stats, streak, retention and the forecast', async () => {
    const user = await learnerWhoSkippedEverything(t);
    expect((await putSettings(t, user, { dailyNewLimit: 2 })).statusCode).toBe(200);
    const first = await queue(t, user);
    expect(first.cards).toHaveLength(2);
    // The offline copy (next 24 hours) keeps to the same allowance.
    expect((await queue(t, user, '?ahead=true&limit=200')).cards).toHaveLength(2);
    expect(first.counts.new).toBe(4);
    await grade(t, user, first.cards[0]!.cardId, review(3, t.clock.now()));
    await grade(t, user, first.cards[1]!.cardId, review(1, t.clock.now()));
    // Both new cards of today are used: only the relearning card comes back (in 10 minutes).
    t.clock.advance(11 * MIN);
    const second = await queue(t, user);
    expect(second.cards.map((c) => c.cardId)).toEqual([first.cards[1]!.cardId]);

    // The next day: a review yesterday and one today make a 2-day streak.
    t.clock.advance(DAY);
    await grade(t, user, second.cards[0]!.cardId, review(3, t.clock.now()));
    const stats = reviewStatsResponseSchema.parse((await api(t, user, 'GET', '/api/review/stats')).json());
    expect(stats.doneToday).toBe(1);
    expect(stats.streakDays).toBe(2);
    expect(stats.reviews30d).toBe(3);
    expect(stats.retention30d).toBeCloseTo(2 / 3, 3);
    expect(stats.forecast).toHaveLength(14);
    expect(stats.forecast[0]!.date).toBe(indiaDayKey(t.clock.now()));
    expect(stats.forecast.reduce((n, d) => n + d.count, 0)).toBeGreaterThanOrEqual(2);
    expect(stats.settings.dailyNewLimit).toBe(2);
  });

  it("the queue reports its counts, the next due time and the learner's median review time", async () => {
    const user = await learnerWhoSkippedEverything(t);
    const fresh = await queue(t, user);
    expect(fresh.counts).toMatchObject({ dueNow: 4, dueToday: 4, new: 4, learning: 0, suspended: 0 });
    expect(fresh.medianDurationMs).toBeNull();
    const [a, b] = fresh.cards;
    // Again on one card (relearning in 10 minutes), Good on another (days ahead).
    await grade(t, user, a!.cardId, review(1, t.clock.now(), { durationMs: 1000 }));
    const good = await grade(t, user, b!.cardId, review(3, t.clock.now(), { durationMs: 9000 }));
    const after = await queue(t, user);
    expect(after.counts).toMatchObject({ dueNow: 2, dueToday: 3, new: 2, learning: 1, suspended: 0 });
    expect(after.counts.nextDueAt).toBe(after.cards[0]!.due);
    expect(after.medianDurationMs).toBeNull(); // fewer than 5 reviews
    // Five reviews: 1 s, 9 s, then 2, 3 and 4 s: the median is 3 s.
    t.clock.advance(11 * MIN);
    await grade(t, user, a!.cardId, review(3, t.clock.now(), { durationMs: 2000 }));
    const [c, d] = (await queue(t, user)).cards.filter((x) => x.state === 'new');
    await grade(t, user, c!.cardId, review(3, t.clock.now(), { durationMs: 3000 }));
    await grade(t, user, d!.cardId, review(3, t.clock.now(), { durationMs: 4000 }));
    const five = await queue(t, user);
    expect(five.medianDurationMs).toBe(3000);
    expect(five.counts).toMatchObject({ dueNow: 0, new: 0, learning: 0 });
    expect(new Date(five.counts.nextDueAt!).getTime()).toBeLessThanOrEqual(new Date(good.due).getTime());
  });
});
