import type { ReviewCard } from '@quizcast/contract/schemas/review';
import type { ShownText } from '@quizcast/contract/domain/question-text';
import { RichText } from '../../../components/question-text/rich-text';
import { useT } from '../../../i18n/use-t';
import { optionLetter, type ReadingPart } from '../../../lib/speech';
import type { SessionState } from '../lib/session';
import { reviewCatalog } from '../messages/catalog';

/** The card's choices in their shuffled order (A–F); once revealed, the right one and a wrong pick marked. */
export function ReviewChoices({
  card,
  shown,
  state,
  revealed,
  readingPart,
  pick,
}: {
  card: ReviewCard;
  shown: ShownText;
  state: SessionState;
  revealed: boolean;
  readingPart: ReadingPart | null;
  pick(position: number): void;
}) {
  const t = useT(reviewCatalog);
  const choiceText = (i: number) => (
    <RichText text={shown.choices[i] ?? card.choices[i] ?? ''} math={shown.math?.choices[i]} />
  );
  return (
    <div role="group" aria-label={t('review.card.choices')} className="mt-5 space-y-3">
      {state.order.map((choiceIndex, position) => {
        const chosen = state.picked === choiceIndex;
        const right = revealed && choiceIndex === card.ansIndex;
        const wrong = revealed && chosen && !right;
        return (
          <button
            key={choiceIndex}
            type="button"
            lang={shown.lang}
            aria-pressed={chosen}
            disabled={revealed}
            onClick={() => pick(position)}
            className={`flex min-h-14 w-full items-center gap-3 rounded-xl border-2 px-4 py-3 text-left text-base transition-colors ${
              right
                ? 'border-emerald-600 bg-emerald-50 text-emerald-950'
                : wrong
                  ? 'border-red-600 bg-red-50 text-red-950'
                  : chosen
                    ? 'border-brand-600 bg-brand-50 text-brand-950'
                    : 'border-slate-200 bg-white text-slate-800 hover:border-brand-300'
            } ${readingPart === position ? 'ring-4 ring-amber-300' : ''}`}
          >
            <span className="font-semibold text-slate-700" aria-hidden="true">
              {optionLetter(position)}.
            </span>
            <span className="whitespace-pre-line">{choiceText(choiceIndex)}</span>
            {right && (
              <span className="ml-auto text-sm font-semibold text-emerald-800">
                {t('review.card.correctAnswer')}
              </span>
            )}
            {wrong && (
              <span className="ml-auto text-sm font-semibold text-red-800">{t('review.card.yourPick')}</span>
            )}
          </button>
        );
      })}
    </div>
  );
}
