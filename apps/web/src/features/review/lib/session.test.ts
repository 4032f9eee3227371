import { describe, expect, it } from 'vitest';
import type { ReviewCard } from '@quizcast/contract/schemas/review';
import {
  answerGiven,
  answerText,
  currentCard,
  initialSession,
  isCorrect,
  letterOf,
  sessionReducer,
  suggestedRating,
} from './session';

const card = (id: string, ansIndex = 0): ReviewCard => ({
  cardId: id,
  questionId: `q-${id}`,
  quizId: 'quiz',
  quizName: 'Quiz',
  qn: `Question ${id}`,
  choices: ['Delhi', 'Pune', 'Agra', 'None of the above'],
  ansIndex,
  explanation: null,
  lang: 'en',
  audioUrl: null,
  source: 'wrong',
  state: 'new',
  due: '2026-11-22T10:00:00.000Z',
  createdAt: '2026-11-22T10:00:00.000Z',
  lapses: 0,
  intervals: { 1: 600_000, 2: 900_000, 3: 86_400_000, 4: 4 * 86_400_000 },
});

describe('review session reducer', () => {
  it('picks by shown position, reveals with the time taken, grades, then moves on', () => {
    let s = initialSession([card('a'), card('b')], 1000);
    expect(s.order.at(-1)).toBe(3); // "None of the above" stays last
    const rightPosition = s.order.indexOf(0);
    s = sessionReducer(s, { type: 'pick', position: rightPosition });
    expect(isCorrect(s)).toBe(true);
    expect(letterOf(s, 0)).toBe(String.fromCharCode(65 + rightPosition));
    s = sessionReducer(s, { type: 'graded', rating: 3 });
    expect(s.phase).toBe('answering'); // cannot grade before revealing
    s = sessionReducer(s, { type: 'reveal', now: 6000 });
    expect(s.durationMs).toBe(5000);
    expect(suggestedRating(s, 2000)).toBe(2); // right but more than twice the median
    expect(suggestedRating(s, 4000)).toBe(3);
    s = sessionReducer(s, { type: 'pick', position: 0 });
    expect(s.picked).toBe(0); // no change of answer after the reveal
    s = sessionReducer(s, { type: 'graded', rating: 3 });
    s = sessionReducer(s, { type: 'next', now: 7000 });
    expect(currentCard(s)?.cardId).toBe('b');
    expect(s).toMatchObject({ phase: 'answering', picked: null, done: 1, shownAt: 7000 });
  });

  it('skips a removed card without counting it as done', () => {
    let s = initialSession([card('a'), card('b')], 0);
    s = sessionReducer(s, { type: 'next', now: 5 });
    expect(currentCard(s)?.cardId).toBe('a'); // next needs a grade
    s = sessionReducer(s, { type: 'skip', now: 5 });
    expect(currentCard(s)?.cardId).toBe('b');
    expect(s.done).toBe(0);
  });

  it('suggests Again when nothing or the wrong choice was picked', () => {
    let s = initialSession([card('a', 2)], 0);
    s = sessionReducer(s, { type: 'reveal', now: 100 });
    expect(suggestedRating(s, null)).toBe(1);
  });
});

describe('a numeric card (issue 12)', () => {
  const numeric = (tolerance: string | null): ReviewCard => ({
    ...card('n'),
    choices: [],
    ansIndex: 0,
    type: 'numeric',
    numericAnswer: '2.5',
    tolerance,
  });

  it('is graded by the tolerance rule on the number typed, and sends it with the grade', () => {
    let s = initialSession([numeric('0.01')], 0);
    expect(s.order).toEqual([]);
    expect(isCorrect(s)).toBe(false); // nothing typed
    s = sessionReducer(s, { type: 'type', value: '2.49' });
    expect(isCorrect(s)).toBe(true);
    expect(answerGiven(s)).toBe('2.49');
    expect(answerText(s)).toBe('2.5 ± 0.01');
    s = sessionReducer(s, { type: 'type', value: '2.52' });
    expect(isCorrect(s)).toBe(false);
    s = sessionReducer(s, { type: 'reveal', now: 10 });
    s = sessionReducer(s, { type: 'type', value: '2.5' });
    expect(answerGiven(s)).toBe('2.52'); // no change after the reveal
  });

  it('needs the exact number without a tolerance', () => {
    let s = initialSession([numeric(null)], 0);
    s = sessionReducer(s, { type: 'type', value: '2.50' });
    expect(isCorrect(s)).toBe(true);
    s = sessionReducer(s, { type: 'type', value: '2.51' });
    expect(isCorrect(s)).toBe(false);
    expect(answerText(s)).toBe('2.5');
  });
});
