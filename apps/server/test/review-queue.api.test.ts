import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Rating } from 'ts-fsrs';
import { reviewCards } from '../src/db/schema';
import { initialState } from '../src/modules/review/scheduler';
import { buildQuestions, createQuiz, createStudent, type UserRow } from '../src/seed/factories';
import { testDatabaseKind } from './helpers';
import { HOUR, MIN, putSettings, queue, START, useReviewApp } from './support/review';
import { t } from './support/app';

/**
 * GET /review/queue reads only a session's worth of a learner's cards (issue 31): the due ones,
 * earliest first (equal due times by card id), at most `limit`, new cards within the day's
 * allowance, and the counts of all of them. Each check names the exact cards in their order.
 */

interface Seeded {
  name: string;
  due: number; // minutes from START
  seen?: boolean;
  suspended?: boolean;
}

/** The learner's cards, one question each; returns card id by name. */
async function seedCards(user: UserRow, cards: Seeded[]) {
  const visible = await createQuiz(
    t.db,
    { published: true, resultsPublishedAt: START },
    buildQuestions(cards.length),
    START,
  );
  // Two cards share a due time: their ids decide, so give them ids in a known order.
  const ids = cards.map(() => randomUUID()).sort();
  // A new card is as a mistake makes it (rated Again at creation); a seen one is in review.
  const created = new Date(START.getTime() - 10 * 24 * HOUR);
  const fresh = initialState(created, Rating.Again);
  await t.db.insert(reviewCards).values(
    cards.map((c, i) => ({
      id: ids[i]!,
      userId: user.id,
      questionId: visible.questions[i]!.id,
      source: 'wrong' as const,
      initialRating: Rating.Again,
      due: new Date(START.getTime() + c.due * MIN),
      ...(c.seen
        ? {
            stability: 3,
            difficulty: 5,
            scheduledDays: 3,
            reps: 3,
            state: 2,
            lastReview: new Date(START.getTime() - 3 * 24 * HOUR),
            reviewCount: 2,
          }
        : {
            stability: fresh.stability,
            difficulty: fresh.difficulty,
            learningSteps: fresh.learningSteps,
            reps: fresh.reps,
            state: fresh.state,
            lastReview: created,
            reviewCount: 0,
          }),
      suspendedAt: c.suspended ? START : null,
      createdAt: created,
    })),
  );
  return new Map<string, string>(cards.map((c, i) => [ids[i]!, c.name]));
}

// Ids are handed out in this order, so "tieA" sorts before "tieB" (same due time) by id.
const CARDS: Seeded[] = [
  { name: 'tieA', due: -30, seen: true },
  { name: 'tieB', due: -30, seen: true },
  { name: 'seen50', due: -50, seen: true },
  { name: 'new40', due: -40 },
  { name: 'new20', due: -20 },
  { name: 'seen10', due: -10, seen: true },
  { name: 'new5', due: -5 },
  { name: 'suspended', due: -60, seen: true, suspended: true },
  { name: 'later', due: 60, seen: true },
  { name: 'tomorrowish', due: 23 * 60, seen: true },
  { name: 'farAhead', due: 3 * 24 * 60, seen: true },
];

describe(`review queue: order, limit and counts (${testDatabaseKind})`, () => {
  useReviewApp();

  it('returns the due cards earliest first, at most the limit, with the count of all of them', async () => {
    t.clock.set(START);
    const user = await createStudent(t.db);
    const names = await seedCards(user, CARDS);
    const read = async (query: string) => {
      const body = await queue(t, user, query);
      return { names: body.cards.map((c) => names.get(c.cardId)), counts: body.counts };
    };

    const five = await read('?limit=5');
    expect(five.names).toEqual(['seen50', 'new40', 'tieA', 'tieB', 'new20']);
    // The counts are of every active card, not of the page.
    expect(five.counts).toMatchObject({ dueNow: 7, new: 3, suspended: 1 });

    expect((await read('?limit=2')).names).toEqual(['seen50', 'new40']);
    expect((await read('')).names).toEqual(['seen50', 'new40', 'tieA', 'tieB', 'new20', 'seen10', 'new5']);

    // The offline copy: the next 24 hours too, still earliest first.
    expect((await read('?limit=200&ahead=true')).names).toEqual([
      'seen50',
      'new40',
      'tieA',
      'tieB',
      'new20',
      'seen10',
      'new5',
      'later',
      'tomorrowish',
    ]);

    // One new card a day: the first new card only, the seen ones still fill the limit.
    expect((await putSettings(t, user, { dailyNewLimit: 1 })).statusCode).toBe(200);
    expect((await read('?limit=5')).names).toEqual(['seen50', 'new40', 'tieA', 'tieB', 'seen10']);
    // Two reviews of seen cards a day: the earliest two seen cards and the one new card.
    expect((await putSettings(t, user, { dailyNewLimit: 1, dailyReviewCap: 2 })).statusCode).toBe(200);
    expect((await read('?limit=5')).names).toEqual(['seen50', 'new40', 'tieA']);

    // Later, the cards due by then join in due order.
    t.clock.set(new Date(START.getTime() + 2 * HOUR));
    expect((await putSettings(t, user, {})).statusCode).toBe(200);
    expect((await read('?limit=9')).names).toEqual([
      'seen50',
      'new40',
      'tieA',
      'tieB',
      'new20',
      'seen10',
      'new5',
      'later',
    ]);
  });
});
