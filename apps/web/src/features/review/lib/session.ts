import type { ReviewCard } from '@quizcast/contract/schemas/review';
import { formatNumericAnswer, numericAnswerMatches } from '@quizcast/contract/domain/numeric-answer';
import { seedFrom, shuffledChoiceOrder, suggestRating } from '@quizcast/contract/domain/review';

/**
 * One review session as a reducer: a card is shown (its choices shuffled, "All/None of the above"
 * last), the learner picks, reveals, and grades; then the next card. Pure, so it is unit-tested.
 */

export type Phase = 'answering' | 'revealed' | 'graded';

/** How well the learner knew the card: 1 again, 2 hard, 3 good, 4 easy. */
export type Grade = 1 | 2 | 3 | 4;

export interface SessionState {
  cards: ReviewCard[];
  index: number;
  phase: Phase;
  /** Display order: indices into the card's choices. */
  order: number[];
  /** The picked choice (index into the card's choices), or null. */
  picked: number | null;
  /** A numeric card (issue 12): the number typed, as canonical text; null when none (or not a number). */
  typed: string | null;
  shownAt: number;
  durationMs: number;
  /** The grade given (graded phase), for the feedback line. */
  rating: 1 | 2 | 3 | 4 | null;
  done: number;
}

export type SessionAction =
  | { type: 'start'; cards: ReviewCard[]; now: number }
  | { type: 'pick'; position: number }
  | { type: 'type'; value: string | null }
  | { type: 'reveal'; now: number }
  | { type: 'graded'; rating: 1 | 2 | 3 | 4 }
  | { type: 'next'; now: number }
  /** The card left the session without a grade (removed from review). */
  | { type: 'skip'; now: number };

const orderFor = (card: ReviewCard | undefined) =>
  card ? shuffledChoiceOrder(card.choices, seedFrom(`${card.cardId}:${card.due}`)) : [];

export function initialSession(cards: ReviewCard[], now: number): SessionState {
  return {
    cards,
    index: 0,
    phase: 'answering',
    order: orderFor(cards[0]),
    picked: null,
    typed: null,
    shownAt: now,
    durationMs: 0,
    rating: null,
    done: 0,
  };
}

export function sessionReducer(state: SessionState, action: SessionAction): SessionState {
  switch (action.type) {
    case 'start':
      return initialSession(action.cards, action.now);
    case 'pick': {
      if (state.phase !== 'answering') return state;
      const choice = state.order[action.position];
      return choice === undefined ? state : { ...state, picked: choice };
    }
    case 'type':
      return state.phase === 'answering' ? { ...state, typed: action.value } : state;
    case 'reveal':
      if (state.phase !== 'answering') return state;
      return { ...state, phase: 'revealed', durationMs: Math.max(0, action.now - state.shownAt) };
    case 'graded':
      if (state.phase !== 'revealed') return state;
      return { ...state, phase: 'graded', rating: action.rating, done: state.done + 1 };
    case 'skip':
    case 'next': {
      if (action.type === 'next' && state.phase !== 'graded') return state;
      const index = state.index + 1;
      return {
        ...state,
        index,
        phase: 'answering',
        order: orderFor(state.cards[index]),
        picked: null,
        typed: null,
        shownAt: action.now,
        durationMs: 0,
        rating: null,
      };
    }
  }
}

export const currentCard = (state: SessionState): ReviewCard | undefined => state.cards[state.index];

export const isCorrect = (state: SessionState) => {
  const card = currentCard(state);
  if (card?.type === 'numeric') return numericAnswerMatches(state.typed, card.numericAnswer, card.tolerance);
  return card !== undefined && state.picked === card.ansIndex;
};

/** The learner's answer as sent with the grade: the picked choice's text, or the number typed. */
export function answerGiven(state: SessionState): string | null {
  const card = currentCard(state);
  if (!card) return null;
  if (card.type === 'numeric') return state.typed;
  return state.picked === null ? null : (card.choices[state.picked] ?? null);
}

/** The right answer as shown and spoken: "B: Mars", or a number ("2.5 ± 0.01"). */
export function answerText(state: SessionState): string {
  const card = currentCard(state);
  if (!card) return '';
  if (card.type === 'numeric') return formatNumericAnswer(card.numericAnswer ?? '', card.tolerance);
  return `${letterOf(state, card.ansIndex)}: ${card.choices[card.ansIndex]}`;
}

/** The grade suggested for the revealed card. */
export function suggestedRating(state: SessionState, medianDurationMs: number | null): 1 | 2 | 3 {
  return suggestRating({ correct: isCorrect(state), durationMs: state.durationMs, medianDurationMs });
}

/** The letter a choice is shown under (its position in the shuffled order). */
export function letterOf(state: SessionState, choiceIndex: number): string {
  return String.fromCharCode(65 + Math.max(0, state.order.indexOf(choiceIndex)));
}
