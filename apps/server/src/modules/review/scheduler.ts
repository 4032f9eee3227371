import {
  createEmptyCard,
  fsrs,
  forgetting_curve,
  Rating,
  State,
  type Card,
  type FSRS,
  type Grade,
} from 'ts-fsrs';
import { indiaDateStart, indiaDayKey, indiaDayStart } from '@quizcast/contract/domain/review';
import { REVIEW_DEFAULTS, REVIEW_LIMITS, type Intervals } from '@quizcast/contract/schemas/review';

/**
 * The app's one use of FSRS (ts-fsrs, ADR 011). Nothing here implements the algorithm: it picks the
 * parameters, replays a card's review log through `fsrs().next`, and adds the exam-date clamp on top
 * of ts-fsrs's forgetting curve.
 */

const DAY_MS = 86_400_000;

/**
 * Without an exam date: plain FSRS at the learner's desired retention, with one 10-minute
 * (re)learning step, as the grade buttons show.
 */
export const SCHEDULER_OPTIONS = {
  enable_fuzz: false,
  enable_short_term: true,
  learning_steps: ['10m'],
  relearning_steps: ['10m'],
  maximum_interval: 3650,
} as const;

/**
 * With an exam date (ADR 011, "Exam pacing"): what counts is recall on the exam day, which the clamp
 * guarantees with a last review on the exam's eve. Until then intervals aim at this lower retention
 * (longer gaps, so each review strengthens memory more and fewer are needed), and a lapse comes back
 * the next day instead of after a same-day 10-minute step.
 */
export const EXAM_INTERVAL_RETENTION = 0.5;
export const EXAM_SCHEDULER_OPTIONS = {
  ...SCHEDULER_OPTIONS,
  learning_steps: [],
  relearning_steps: [],
  request_retention: EXAM_INTERVAL_RETENTION,
} as const;

export interface SchedulingSettings {
  desiredRetention: number;
  /** The exam's IST calendar day, 'YYYY-MM-DD', or null (also once the exam day has passed). */
  examDate: string | null;
}

export const DEFAULT_SCHEDULING: SchedulingSettings = {
  desiredRetention: REVIEW_DEFAULTS.desiredRetention,
  examDate: null,
};

const schedulers = new Map<number, FSRS>();
let examScheduler: FSRS | undefined;

/**
 * The ts-fsrs scheduler for a learner's settings (they are pure; kept for reuse): exam pacing while
 * an exam date is ahead, otherwise one per desired retention.
 */
export function schedulerFor(settings: SchedulingSettings): FSRS {
  if (settings.examDate) {
    examScheduler ??= fsrs({ ...EXAM_SCHEDULER_OPTIONS });
    return examScheduler;
  }
  const key = Math.round(settings.desiredRetention * 1000);
  let scheduler = schedulers.get(key);
  if (!scheduler) {
    scheduler = fsrs({ ...SCHEDULER_OPTIONS, request_retention: key / 1000 });
    schedulers.set(key, scheduler);
  }
  return scheduler;
}

export interface ReviewEvent {
  rating: Grade;
  at: Date;
}

/** The FSRS columns of `review_cards`. */
export interface CardState {
  due: Date;
  stability: number;
  difficulty: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: number;
  lastReview: Date | null;
}

const toState = (card: Card): CardState => ({
  due: card.due,
  stability: card.stability,
  difficulty: card.difficulty,
  scheduledDays: card.scheduled_days,
  learningSteps: card.learning_steps,
  reps: card.reps,
  lapses: card.lapses,
  state: card.state,
  lastReview: card.last_review ?? null,
});

export const toCard = (s: CardState): Card => ({
  due: s.due,
  stability: s.stability,
  difficulty: s.difficulty,
  elapsed_days: 0,
  scheduled_days: s.scheduledDays,
  learning_steps: s.learningSteps,
  reps: s.reps,
  lapses: s.lapses,
  state: s.state as State,
  last_review: s.lastReview ?? undefined,
});

/**
 * The learner's review load before the exam, for the exam clamp to respect the daily review cap:
 * reviewed (not new) active cards due on each IST day ('YYYY-MM-DD'; overdue ones count on today),
 * the card being scheduled left out. `now` bounds the clamp: it never places a card before today.
 */
export interface ExamLoad {
  perDay: ReadonlyMap<string, number>;
  cap: number;
  now: Date;
  /**
   * The learner's active (not suspended) cards, the one being scheduled included: each needs a final
   * review before the exam, so the last ⌈cards / cap⌉ days are the final window. Unknown: one day.
   */
  cards?: number;
}

/**
 * The final window (ADR 011): the fewest last days before the exam that give every active card one
 * final review within the daily cap, ⌈cards / cap⌉ (at least the eve).
 */
export const finalWindowDays = (load: ExamLoad): number =>
  Math.max(1, Math.ceil((load.cards ?? 0) / Math.max(1, load.cap)));

/**
 * The predicted recall at `examEnd` if the card's final review is at `day`, counting that the review
 * itself may be failed: p·R_Good + (1 − p)·R_Again, where p is the card's predicted recall at `day`
 * (ts-fsrs's forgetting curve) and R_Good / R_Again the recall at `examEnd` after ts-fsrs `repeat`
 * with that outcome (the learner either remembers, Good, or not, Again).
 */
export function predictedExamRecall(card: Card, day: number, examEnd: number, scheduler: FSRS): number {
  const w = scheduler.parameters.w;
  const lastReview = card.last_review?.getTime() ?? day;
  const p = forgetting_curve(w, Math.max(0, day - lastReview) / DAY_MS, card.stability);
  const outcomes = scheduler.repeat(card, new Date(day));
  const after = (grade: Grade) =>
    forgetting_curve(w, (examEnd - day) / DAY_MS, outcomes[grade].card.stability);
  return p * after(Rating.Good) + (1 - p) * after(Rating.Again);
}

/**
 * The bar a card must meet to take a day of the final window before the eve: the desired retention,
 * but no higher than the default 0.90 (ADR 011, "Retention above 0.90"). Above it, no final review a
 * day early predicts the bar for any card, so every card asks for the eve; the daily cap then fills
 * the eve first-come and pushes the rest, weak or strong, to earlier days: 0.97 gave a LOWER exam-day
 * recall (0.910) than 0.90 (0.931) in the benchmark, and 0.942 for both without the cap.
 */
export const WINDOW_TARGET_MAX = REVIEW_DEFAULTS.desiredRetention;

/** Counts a card placed on `due` into a load (for callers that place several cards in a row). */
export function addToLoad(perDay: Map<string, number>, due: Date): void {
  const key = indiaDayKey(due);
  perDay.set(key, (perDay.get(key) ?? 0) + 1);
}

/**
 * The exam-date clamp (ADR 011). Until the exam day starts, a card whose next due lies at or after
 * that start is left alone if its predicted recall at the END of the exam day, by ts-fsrs's
 * forgetting curve R(t) = forgetting_curve(w, t − last_review, S), still meets the desired retention
 * (the target). A card last reviewed on the eve (or later) is not moved either.
 *
 * Otherwise its final review is placed, never on a day with no room under the daily review cap
 * (`load`), never before today nor on its last review's day:
 *
 * 1. In the final window (the last ⌈cards / cap⌉ days up to the eve, `finalWindowDays`): on the
 *    EARLIEST day whose predicted exam-day recall, counting the chance that this final review is
 *    failed (`predictedExamRecall`), still meets the target (at most `WINDOW_TARGET_MAX`); else on
 *    the eve. So a card likely to be
 *    remembered takes an earlier day of the window, and the eve, which the cap limits, goes to the
 *    cards that need it most. With a cap above the card count the window is the eve alone.
 * 2. When the window has no room for it: on the LATEST earlier day at which a successful review
 *    (ts-fsrs `next` with Good) still gives a predicted recall at the end of the exam day ≥ the
 *    target, else the latest day with room (best effort); when every day up to the eve is full, the
 *    card keeps its FSRS due (the clamp never puts a day over the cap).
 *
 * Without `load`, every day has room: the card goes to the eve.
 */
export function clampToExam(
  card: Card,
  settings: SchedulingSettings,
  scheduler: FSRS,
  load?: ExamLoad,
): Card {
  if (!settings.examDate || !card.last_review || card.state === State.New) return card;
  const examStart = indiaDateStart(settings.examDate).getTime();
  const examEnd = examStart + DAY_MS;
  const eve = examStart - DAY_MS;
  const lastReview = card.last_review.getTime();
  if (card.due.getTime() < examStart || lastReview >= eve) return card;
  const recallAtExam = forgetting_curve(
    scheduler.parameters.w,
    (examEnd - lastReview) / DAY_MS,
    card.stability,
  );
  if (recallAtExam >= settings.desiredRetention) return card;
  if (!load) return { ...card, due: new Date(eve) };
  const earliest = Math.max(
    indiaDayStart(card.last_review).getTime() + DAY_MS,
    indiaDayStart(load.now).getTime(),
  );
  const hasRoom = (day: number) => (load.perDay.get(indiaDayKey(new Date(day))) ?? 0) < load.cap;
  const windowStart = Math.max(earliest, eve - (finalWindowDays(load) - 1) * DAY_MS);
  const windowTarget = Math.min(settings.desiredRetention, WINDOW_TARGET_MAX);
  for (let day = windowStart; day <= eve; day += DAY_MS) {
    if (!hasRoom(day)) continue;
    if (day === eve || predictedExamRecall(card, day, examEnd, scheduler) >= windowTarget) {
      return { ...card, due: new Date(day) };
    }
  }
  let latestWithRoom: number | null = null;
  for (let day = eve; day >= earliest; day -= DAY_MS) {
    if (!hasRoom(day)) continue;
    latestWithRoom ??= day;
    const after = scheduler.next(card, new Date(day), Rating.Good).card;
    const recall = forgetting_curve(scheduler.parameters.w, (examEnd - day) / DAY_MS, after.stability);
    if (recall >= settings.desiredRetention) return { ...card, due: new Date(day) };
  }
  return latestWithRoom === null ? card : { ...card, due: new Date(latestWithRoom) };
}

/** The card right after it is made: the initial rating (Again or Hard) applied at creation. */
function initialCard(createdAt: Date, initialRating: Grade): Card {
  return schedulerFor(DEFAULT_SCHEDULING).next(createEmptyCard(createdAt), createdAt, initialRating).card;
}

/** The state stored when a card is made. */
export function initialState(createdAt: Date, initialRating: Grade): CardState {
  // A new card is shown at once; the initial rating only shapes its memory state.
  return { ...toState(initialCard(createdAt, initialRating)), due: createdAt };
}

/**
 * The first showing of a card made from a wrong or skipped answer is where the learner first meets
 * the right answer (answers are secret until publication). "Again" there is the same failure the
 * initial rating already records, not a second one: the card then starts afresh as one FSRS Again
 * at that moment (ADR 011) instead of taking two Agains (which would lower its stability and raise
 * its difficulty for one mistake).
 */
function foldsIntoInitial(initialRating: Grade, first: ReviewEvent | undefined): first is ReviewEvent {
  return initialRating === Rating.Again && first?.rating === Rating.Again;
}

/**
 * The card's state recomputed from its whole log: the initial rating at creation, then every review
 * in review-time order (so an offline review that arrives late lands where it happened), then the
 * exam clamp. Deterministic: the same log always gives the same state, and the same as `advance`
 * applied review by review after the first.
 */
export function replay(
  createdAt: Date,
  initialRating: Grade,
  reviews: readonly ReviewEvent[],
  settings: SchedulingSettings,
  load?: ExamLoad,
): CardState {
  if (!reviews.length) return initialState(createdAt, initialRating);
  const scheduler = schedulerFor(settings);
  const ordered = [...reviews].sort((a, b) => a.at.getTime() - b.at.getTime());
  const [first] = ordered;
  let card: Card;
  let rest = ordered;
  if (foldsIntoInitial(initialRating, first)) {
    card = scheduler.next(createEmptyCard(first.at), first.at, Rating.Again).card;
    rest = ordered.slice(1);
  } else {
    card = initialCard(createdAt, initialRating);
  }
  for (const review of rest) card = scheduler.next(card, review.at, review.rating).card;
  return toState(clampToExam(card, settings, scheduler, load));
}

/**
 * One more review on top of the stored state, for the usual case of a review newer than every other
 * one on a card already reviewed at least once (the first review goes through `replay`). ts-fsrs
 * schedules from `last_review` (never from the stored `due`, which the clamp may have moved), so this
 * equals `replay` over the whole log; the API tests compare the two paths.
 */
export function advance(
  state: CardState,
  review: ReviewEvent,
  settings: SchedulingSettings,
  load?: ExamLoad,
): CardState {
  const scheduler = schedulerFor(settings);
  const card = scheduler.next(toCard(state), review.at, review.rating).card;
  return toState(clampToExam(card, settings, scheduler, load));
}

/**
 * What each grade would schedule if given now: milliseconds until the next due (clamp included).
 * `initialRating` is given for a card never reviewed yet (its first showing).
 */
export function previewIntervals(
  state: CardState,
  settings: SchedulingSettings,
  now: Date,
  initialRating: Grade | null = null,
  load?: ExamLoad,
): Intervals {
  const scheduler = schedulerFor(settings);
  const preview = scheduler.repeat(toCard(state), now);
  const next = (grade: Grade) =>
    initialRating !== null && foldsIntoInitial(initialRating, { rating: grade, at: now })
      ? scheduler.next(createEmptyCard(now), now, Rating.Again).card
      : preview[grade].card;
  const interval = (grade: Grade) =>
    Math.max(0, clampToExam(next(grade), settings, scheduler, load).due.getTime() - now.getTime());
  return { 1: interval(1), 2: interval(2), 3: interval(3), 4: interval(4) };
}

export const isLeech = (state: CardState) => state.lapses >= REVIEW_LIMITS.leechLapses;

export const CARD_STATE_NAMES = ['new', 'learning', 'review', 'relearning'] as const;
