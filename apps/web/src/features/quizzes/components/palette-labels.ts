import type { PaletteState } from '@quizcast/contract/domain/answer-merge';
import type { Translate } from '../../../i18n/use-t';
import type { attemptCatalog } from '../attempt/messages/catalog';

export type AttemptKey = NonNullable<(typeof attemptCatalog)['keys']>;
export type AttemptT = Translate<AttemptKey>;

const KEYS: Record<PaletteState, AttemptKey> = {
  not_visited: 'attempt.state.notVisited',
  not_answered: 'attempt.state.notAnswered',
  answered: 'attempt.state.answered',
  marked: 'attempt.state.marked',
  answered_marked: 'attempt.state.answeredMarked',
};

/** A palette state's name in the language on screen (the contract's PALETTE_LABELS are its English). */
export function paletteLabel(t: AttemptT, state: PaletteState): string {
  return t(KEYS[state]);
}
