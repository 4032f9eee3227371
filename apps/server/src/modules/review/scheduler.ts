import { createEmptyCard, fsrs, forgetting_curve, State, type Card, type FSRS, type Grade } from 'ts-fsrs';
import { indiaDateStart } from '@quizcast/contract/domain/review';
import { REVIEW_DEFAULTS, REVIEW_LIMITS, type Intervals } from '@quizcast/contract/schemas/review';

/**
 * The app's one use of FSRS (ts-fsrs, ADR 011). Nothing here implements the algorithm: it picks the
 * parameters, replays a card's review log through `fsrs().next`, and adds the exam-date clamp on top
 * of ts-fsrs's forgetting curve.
 */

const DAY_MS = 86_400_000;

/** Short-term steps for a card in (re)learning: one 10-minute step, as the grade buttons show. */
export const SCHEDULER_OPTIONS = {
  enable_fuzz: false,
  enable_short_term: true,
  learning_steps: ['10m'],
  relearning_steps: ['10m'],
  maximum_interval: 3650,
} as const;

const schedulers = new Map<number, FSRS>();

/** One ts-fsrs scheduler per desired retention (they are pure; kept for reuse). */
export function schedulerFor(desiredRetention: number): FSRS {
  const key = Math.round(desiredRetention * 1000);
  let scheduler = schedulers.get(key);
  if (!scheduler) {
    scheduler = fsrs({ ...SCHEDULER_OPTIONS, request_retention: key / 1000 });
    schedulers.set(key, scheduler);
  }
  return scheduler;
}

export interface SchedulingSettings {
  desiredRetention: number;
  /** The exam's IST calendar day, 'YYYY-MM-DD', or null. */
  examDate: string | null;
}

export const DEFAULT_SCHEDULING: SchedulingSettings = {
  desiredRetention: REVIEW_DEFAULTS.desiredRetention,
  examDate: null,
};

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
 * The exam-date clamp (ADR 011). Until the exam day starts, a card whose next due lies at or after
 * that start must still be recalled with probability ≥ the desired retention at the END of the exam
 * day, by ts-fsrs's forgetting curve R(t) = forgetting_curve(w, t − last_review, S). If it would not,
 * the card is brought forward to the exam's eve (24 h before the exam day starts); a review then
 * renews its stability so the exam day is covered. On the eve itself (or later) nothing is moved.
 */
export function clampToExam(card: Card, settings: SchedulingSettings, scheduler: FSRS): Card {
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
  return { ...card, due: new Date(eve) };
}

/** The state right after a card is made: the initial rating applied at creation (Again or Hard). */
export function initialState(createdAt: Date, initialRating: Grade): CardState {
  const scheduler = schedulerFor(REVIEW_DEFAULTS.desiredRetention);
  const card = scheduler.next(createEmptyCard(createdAt), createdAt, initialRating).card;
  // A new card is shown at once; the initial rating only shapes its memory state.
  return { ...toState(card), due: createdAt };
}

/**
 * The card's state recomputed from its whole log: the initial rating at creation, then every review
 * in review-time order (so an offline review that arrives late lands where it happened), then the
 * exam clamp. Deterministic: the same log always gives the same state.
 */
export function replay(
  createdAt: Date,
  initialRating: Grade,
  reviews: readonly ReviewEvent[],
  settings: SchedulingSettings,
): CardState {
  if (!reviews.length) return initialState(createdAt, initialRating);
  const scheduler = schedulerFor(settings.desiredRetention);
  let card = scheduler.next(createEmptyCard(createdAt), createdAt, initialRating).card;
  const ordered = [...reviews].sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const review of ordered) card = scheduler.next(card, review.at, review.rating).card;
  return toState(clampToExam(card, settings, scheduler));
}

/**
 * One more review on top of the stored state, for the usual case of a review newer than every other
 * one. ts-fsrs schedules from `last_review` (never from the stored `due`, which the clamp may have
 * moved), so this equals `replay` over the whole log; the API tests compare the two paths.
 */
export function advance(state: CardState, review: ReviewEvent, settings: SchedulingSettings): CardState {
  const scheduler = schedulerFor(settings.desiredRetention);
  const card = scheduler.next(toCard(state), review.at, review.rating).card;
  return toState(clampToExam(card, settings, scheduler));
}

/** What each grade would schedule if given now: milliseconds until the next due (clamp included). */
export function previewIntervals(state: CardState, settings: SchedulingSettings, now: Date): Intervals {
  const scheduler = schedulerFor(settings.desiredRetention);
  const preview = scheduler.repeat(toCard(state), now);
  const interval = (grade: Grade) =>
    Math.max(0, clampToExam(preview[grade].card, settings, scheduler).due.getTime() - now.getTime());
  return { 1: interval(1), 2: interval(2), 3: interval(3), 4: interval(4) };
}

export const isLeech = (state: CardState) => state.lapses >= REVIEW_LIMITS.leechLapses;

export const CARD_STATE_NAMES = ['new', 'learning', 'review', 'relearning'] as const;
