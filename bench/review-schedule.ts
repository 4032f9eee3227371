/**
 * Scheduling quality (issue 13): a simulated learner with 300 mistakes and 90 days to the exam,
 * reviewed by the app's real scheduling code (apps/server/src/modules/review/scheduler.ts: ts-fsrs
 * replay + the exam clamp), next to a fixed 1-3-7-14-30-60-day ladder on the same learner.
 *
 * The learner's memory follows FSRS's forgetting curve with parameters that differ from the
 * scheduler's defaults (they forget new material faster and their curve has a different decay), so
 * the scheduler is not grading its own homework. Recall at each review is drawn from that curve with
 * a seeded random generator; exam-day recall is the mean predicted recall at the exam's start.
 *
 * Counted the same way for both schedules: the answers are secret until publication, so on day 0 the
 * learner sees each right answer for the first time (their memory starts there, as an FSRS Again).
 * In the app that is the card's first showing (a new card is due at once; the learner, who got it
 * wrong, grades it Again); with the ladder it is reading the published result. That first exposure
 * is reported apart (`firstShowings`) and not counted as a review on either side; every later
 * showing is, same-day relearning steps included.
 *
 * The app side runs under the learner's daily limits exactly as GET /review/queue applies them
 * (apps/server/src/modules/review/daily-limits.ts: at most `dailyNewLimit` first showings and
 * `dailyReviewCap` reviews of seen cards per IST day, earliest due first; the rest wait for the next
 * day), defaults 20 and 200. So the 300 first showings take 15 days, and the learner's memory of a
 * card starts at its first showing. The exam clamp gets the same per-day load the service gives it.
 */
import { default_w, forgetting_curve, fsrs, Rating, type FSRSState, type Grade } from 'ts-fsrs';
import { indiaDateStart, indiaDayKey } from '../packages/contract/src/domain/review';
import { REVIEW_DEFAULTS } from '../packages/contract/src/schemas/review';
import { dailyAllowances, mergeQueue } from '../apps/server/src/modules/review/daily-limits';
import { replay, type ReviewEvent } from '../apps/server/src/modules/review/scheduler';

const DAY = 86_400_000;
const MIN = 60_000;

/** The simulated learner's own FSRS weights: initial stabilities ×0.6, growth ×0.85, decay 0.25. */
export const LEARNER_W = default_w.map((w, i) => {
  if (i <= 3) return w * 0.6;
  if (i === 8) return w * 0.85;
  if (i === 20) return 0.25;
  return w;
});

const learner = fsrs({ w: LEARNER_W, enable_short_term: true });

/** Mulberry32: the same run every time. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Memory {
  state: FSRSState;
  last: number;
}

/** The learner's true recall probability now. */
const recallNow = (m: Memory, at: number) =>
  forgetting_curve(LEARNER_W, Math.max(0, (at - m.last) / DAY), m.state.stability);

/** A review in the learner's head: recalled → Good, forgotten → Again; their memory updates. */
function study(m: Memory, at: number, random: () => number): { memory: Memory; rating: Grade } {
  const recalled = random() < recallNow(m, at);
  const rating: Grade = recalled ? Rating.Good : Rating.Again;
  const state = learner.next_state(m.state, Math.max(0, (at - m.last) / DAY), rating);
  return { memory: { state, last: at }, rating };
}

export interface Outcome {
  label: string;
  examRecall: number;
  /** Reviews after the first exposure (same-day relearning steps included). */
  reviews: number;
  /** The day-0 first exposures (one per card), not in `reviews`. */
  firstShowings: number;
  /** The most reviews on one day (the app's default daily review cap is 200). */
  busiestDay: number;
  /** Reviews the learner failed (graded Again): the cost of long gaps during prep. */
  failed: number;
  /** Cards never shown before the exam (the daily limits ran out). */
  neverShown: number;
}

export interface SimulationOptions {
  cards?: number;
  daysToExam?: number;
  desiredRetention?: number;
  seed?: number;
  /** Use the exam date (the clamp); false shows plain FSRS for comparison. */
  withExam?: boolean;
  /** The learner's daily limits (the profile's defaults unless given). */
  dailyNewLimit?: number;
  dailyReviewCap?: number;
}

/** The web client's queue request size (GET /review/queue's default limit). */
const QUEUE_LIMIT = 50;

/**
 * Day 0 (publication, 09:00 IST): every mistake becomes a card rated Again, due at once. Each day at
 * 09:00 IST the learner asks for the queue (GET /review/queue's rules, 50 cards a request), reviews
 * it, and asks again, while cards are due within today's allowances; they keep going while
 * relearning steps fall due within the hour. The first showing of a card is graded Again (the
 * learner sees the right answer there for the first time).
 */
export function simulateApp(options: SimulationOptions = {}): Outcome {
  const cards = options.cards ?? 300;
  const days = options.daysToExam ?? 90;
  const retention = options.desiredRetention ?? 0.9;
  const limits = {
    dailyNewLimit: options.dailyNewLimit ?? REVIEW_DEFAULTS.dailyNewLimit,
    dailyReviewCap: options.dailyReviewCap ?? REVIEW_DEFAULTS.dailyReviewCap,
  };
  const random = rng(options.seed ?? 42);
  const start = indiaDateStart('2027-01-01').getTime() + 9 * 3_600_000;
  const examDate = indiaDayKey(new Date(start + days * DAY));
  const examAt = indiaDateStart(examDate).getTime();
  const settings = { desiredRetention: retention, examDate: options.withExam === false ? null : examDate };
  const createdAt = new Date(start);

  const deck = Array.from({ length: cards }, (_, i) => ({
    card: { id: String(i).padStart(6, '0'), due: new Date(start) },
    memory: null as Memory | null,
    log: [] as ReviewEvent[],
  }));
  type Entry = (typeof deck)[number];
  const byDue = (a: Entry, b: Entry) =>
    a.card.due.getTime() - b.card.due.getTime() || a.card.id.localeCompare(b.card.id);

  /**
   * The service's exam load: reviewed cards due per IST day before the exam, `except` left out, and
   * the learner's active cards.
   */
  const loadFor = (except: Entry, now: number) => {
    const perDay = new Map<string, number>();
    for (const c of deck) {
      if (c === except || !c.log.length || c.card.due.getTime() >= examAt) continue;
      const key = indiaDayKey(new Date(Math.max(c.card.due.getTime(), now)));
      perDay.set(key, (perDay.get(key) ?? 0) + 1);
    }
    // The learner's active cards (the simulation suspends none): the service's count.
    return { perDay, cap: limits.dailyReviewCap, now: new Date(now), cards: deck.length };
  };

  let reviews = 0;
  let failed = 0;
  let firstShowings = 0;
  let busiestDay = 0;
  for (let day = 0; day < days; day += 1) {
    const sessionStart = start + day * DAY;
    const done = { total: 0, newCards: 0 };
    let clock = sessionStart;
    for (;;) {
      const { newAllowance, reviewAllowance } = dailyAllowances(limits, done);
      const dueNow = deck.filter((c) => c.card.due.getTime() <= clock).sort(byDue);
      const fresh = dueNow.filter((c) => !c.log.length).slice(0, Math.min(QUEUE_LIMIT, newAllowance));
      const seen = dueNow.filter((c) => c.log.length).slice(0, Math.min(QUEUE_LIMIT, reviewAllowance));
      const batch = mergeQueue(seen, fresh, QUEUE_LIMIT);
      if (!batch.length) {
        const waiting = deck.filter((c) => (c.log.length ? reviewAllowance : newAllowance) > 0);
        const soon = Math.min(...waiting.map((c) => c.card.due.getTime()));
        if (!(soon <= sessionStart + 60 * MIN)) break;
        clock = Math.max(clock, soon);
        continue;
      }
      for (const entry of batch) {
        if (!entry.memory) {
          // The first showing: the learner sees the right answer for the first time (memory starts).
          entry.memory = { state: learner.next_state(null, 0, Rating.Again), last: clock };
          entry.log.push({ rating: Rating.Again, at: new Date(clock) });
          firstShowings += 1;
          done.newCards += 1;
        } else {
          const { memory, rating } = study(entry.memory, clock, random);
          entry.memory = memory;
          entry.log.push({ rating, at: new Date(clock) });
          reviews += 1;
          if (rating === Rating.Again) failed += 1;
        }
        done.total += 1;
        entry.card.due = replay(createdAt, Rating.Again, entry.log, settings, loadFor(entry, clock)).due;
        clock += 20_000; // 20 s a card
      }
    }
    busiestDay = Math.max(busiestDay, done.total - done.newCards);
  }
  const neverShown = deck.filter((c) => !c.memory).length;
  // A card never shown: the learner only read the published result on day 0.
  const examRecall =
    deck.reduce(
      (sum, c) =>
        sum +
        recallNow(c.memory ?? { state: learner.next_state(null, 0, Rating.Again), last: start }, examAt),
      0,
    ) / cards;
  return {
    label: `FSRS (app), retention ${retention}${settings.examDate ? ', exam date' : ', no exam date'}${options.seed === undefined ? '' : `, seed ${options.seed}`}`,
    examRecall,
    reviews,
    firstShowings,
    busiestDay,
    failed,
    neverShown,
  };
}

/** The same learner on a fixed ladder: reviews 1, 3, 7, 14, 30, 60 days apart (those before the exam). */
export function simulateLadder(options: SimulationOptions = {}): Outcome {
  const cards = options.cards ?? 300;
  const days = options.daysToExam ?? 90;
  const random = rng(options.seed ?? 42);
  const start = 0;
  const examAt = start + days * DAY - 9 * 3_600_000;
  const gaps = [1, 3, 7, 14, 30, 60];
  let reviews = 0;
  let failed = 0;
  let total = 0;
  const perDay = new Map<number, number>();
  for (let i = 0; i < cards; i += 1) {
    let memory: Memory = { state: learner.next_state(null, 0, Rating.Again), last: start };
    let at = start;
    for (const gap of gaps) {
      at += gap * DAY;
      if (at >= examAt) break;
      const studied = study(memory, at, random);
      memory = studied.memory;
      reviews += 1;
      if (studied.rating === Rating.Again) failed += 1;
      perDay.set(at, (perDay.get(at) ?? 0) + 1);
    }
    total += recallNow(memory, examAt);
  }
  return {
    label: 'Fixed ladder 1-3-7-14-30-60 days',
    examRecall: total / cards,
    reviews,
    firstShowings: cards,
    busiestDay: Math.max(...perDay.values()),
    failed,
    neverShown: 0,
  };
}
