import { describe, expect, it } from 'vitest';
import { createEmptyCard, forgetting_curve, Rating, State, type Card } from 'ts-fsrs';
import { indiaDateStart } from '@quizcast/contract/domain/review';
import {
  advance,
  clampToExam,
  DEFAULT_SCHEDULING,
  EXAM_INTERVAL_RETENTION,
  previewIntervals,
  replay,
  schedulerFor,
  type SchedulingSettings,
} from './scheduler';

const DAY = 86_400_000;
const EXAM = '2027-04-01';
const examStart = indiaDateStart(EXAM).getTime();
const eve = examStart - DAY;
const settings: SchedulingSettings = { desiredRetention: 0.9, examDate: EXAM };
const scheduler = schedulerFor(settings);
const w = scheduler.parameters.w;

/** A reviewed card: last review `lastReview`, stability `stability` days, due at `due`. */
function reviewed(lastReview: number, stability: number, due: number): Card {
  return {
    ...createEmptyCard(new Date(lastReview)),
    state: State.Review,
    stability,
    difficulty: 5,
    reps: 3,
    last_review: new Date(lastReview),
    due: new Date(due),
  };
}

/** Predicted recall at the END of the exam day for a card last reviewed at `lastReview`. */
const recallOnExamDay = (lastReview: number, stability: number) =>
  forgetting_curve(w, (examStart + DAY - lastReview) / DAY, stability);

describe('the exam-date clamp', () => {
  const lastReview = examStart - 20 * DAY;

  it('brings a card due past the exam forward to the eve (the latest day before the exam) when its recall on the exam day would be below the target', () => {
    const stability = 10;
    expect(recallOnExamDay(lastReview, stability)).toBeLessThan(0.9);
    for (const due of [examStart, examStart + 3 * DAY, examStart + 60 * DAY]) {
      const clamped = clampToExam(reviewed(lastReview, stability, due), settings, scheduler);
      expect(clamped.due.getTime()).toBe(eve);
    }
    // The eve is the latest day that still satisfies the target: a review there (remembered)
    // keeps the predicted recall at the end of the exam day above it.
    const afterEve = scheduler.next(reviewed(lastReview, stability, eve), new Date(eve), Rating.Good).card;
    expect(recallOnExamDay(eve, afterEve.stability)).toBeGreaterThanOrEqual(0.9);
  });

  it('leaves a card due past the exam alone when its recall on the exam day meets the target', () => {
    const stability = 60;
    expect(recallOnExamDay(lastReview, stability)).toBeGreaterThanOrEqual(0.9);
    const card = reviewed(lastReview, stability, examStart + 90 * DAY);
    expect(clampToExam(card, settings, scheduler).due.getTime()).toBe(examStart + 90 * DAY);
    // The same card for a learner aiming higher is brought forward.
    const strict = { ...settings, desiredRetention: 0.97 };
    expect(recallOnExamDay(lastReview, stability)).toBeLessThan(0.97);
    expect(clampToExam(card, strict, scheduler).due.getTime()).toBe(eve);
  });

  it('never moves a card due before the exam, one last reviewed on the eve, or without an exam date', () => {
    const early = reviewed(lastReview, 1, examStart - 5 * DAY);
    expect(clampToExam(early, settings, scheduler).due.getTime()).toBe(examStart - 5 * DAY);
    const onEve = reviewed(eve + 3_600_000, 0.5, examStart + 2 * DAY);
    expect(clampToExam(onEve, settings, scheduler).due.getTime()).toBe(examStart + 2 * DAY);
    const free = reviewed(lastReview, 10, examStart + 3 * DAY);
    expect(clampToExam(free, DEFAULT_SCHEDULING, scheduler).due.getTime()).toBe(examStart + 3 * DAY);
  });
});

describe('exam pacing', () => {
  const created = new Date(examStart - 60 * DAY);

  it('spaces reviews at the lower interim retention before the exam, then the clamp takes the card to the eve', () => {
    const at = new Date(created.getTime() + 2 * DAY);
    const log = [{ rating: Rating.Good as const, at }];
    const paced = replay(created, Rating.Again, log, settings);
    const plain = replay(created, Rating.Again, log, { desiredRetention: 0.9, examDate: null });
    expect(paced.stability).toBeCloseTo(plain.stability, 8);
    expect(paced.due.getTime()).toBeGreaterThan(plain.due.getTime());
    expect(schedulerFor(settings).parameters.request_retention).toBe(EXAM_INTERVAL_RETENTION);
    // A much later Good lands past the exam with recall below the target there: it is due on the eve.
    const later = replay(
      created,
      Rating.Again,
      [...log, { rating: Rating.Good, at: new Date(at.getTime() + 20 * DAY) }],
      settings,
    );
    expect(later.due.getTime()).toBe(eve);
  });

  it('a lapse comes back the next day, not after a same-day step', () => {
    const log = [
      { rating: Rating.Good as const, at: new Date(created.getTime() + DAY) },
      { rating: Rating.Again as const, at: new Date(created.getTime() + 10 * DAY) },
    ];
    const state = replay(created, Rating.Again, log, settings);
    expect(state.lapses).toBe(1);
    expect(state.due.getTime() - log[1]!.at.getTime()).toBeGreaterThanOrEqual(DAY);
  });
});

describe('the first showing of a card made from a mistake', () => {
  const created = new Date('2027-01-01T03:30:00Z');

  it('treats "Again" at the first showing as the initial failure, not a second one', () => {
    const at = new Date(created.getTime() + 3 * DAY);
    for (const s of [settings, DEFAULT_SCHEDULING]) {
      const state = replay(created, Rating.Again, [{ rating: Rating.Again, at }], s);
      const fresh = schedulerFor(s).next(createEmptyCard(at), at, Rating.Again).card;
      expect(state.stability).toBe(fresh.stability);
      expect(state.difficulty).toBe(fresh.difficulty);
      expect(state.lastReview).toEqual(at);
    }
    // Without an exam date it comes back after the 10-minute learning step, as the button says.
    const plain = replay(created, Rating.Again, [{ rating: Rating.Again, at }], DEFAULT_SCHEDULING);
    expect(plain.due.getTime() - at.getTime()).toBe(10 * 60_000);
  });

  it('previews the same interval the grade then schedules, and later reviews advance like a replay', () => {
    const initial = replay(created, Rating.Again, [], settings);
    const at = new Date(created.getTime() + 60_000);
    const intervals = previewIntervals(initial, settings, at, Rating.Again);
    const again = replay(created, Rating.Again, [{ rating: Rating.Again, at }], settings);
    expect(intervals[1]).toBe(again.due.getTime() - at.getTime());
    const good = replay(created, Rating.Again, [{ rating: Rating.Good, at }], settings);
    expect(intervals[3]).toBe(good.due.getTime() - at.getTime());

    const next = { rating: Rating.Good as const, at: new Date(again.due.getTime()) };
    expect(advance(again, next, settings)).toEqual(
      replay(created, Rating.Again, [{ rating: Rating.Again, at }, next], settings),
    );
  });
});
