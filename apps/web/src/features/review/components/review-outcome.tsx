import type { ReviewCard } from '@quizcast/contract/schemas/review';
import type { ShownText } from '@quizcast/contract/domain/question-text';
import { Button } from '../../../components/ui/button';
import { RichText } from '../../../components/question-text/rich-text';
import { useLanguage, useT } from '../../../i18n/use-t';
import { formatInterval } from '../lib/interval';
import { answerText, isCorrect, letterOf, type Grade, type SessionState } from '../lib/session';
import { reviewCatalog } from '../messages/catalog';

const GRADES: Grade[] = [1, 2, 3, 4];

/** After the reveal: right or wrong and the answer, the explanation, the four grades (the suggestion marked), Next. */
export function ReviewOutcome({
  card,
  shown,
  state,
  suggestion,
  spokenAnswer,
  grade,
  nextCard,
}: {
  card: ReviewCard;
  shown: ShownText;
  state: SessionState;
  suggestion: Grade | null;
  /** The right answer in words ("B: x squared"). */
  spokenAnswer: string;
  grade(rating: Grade): void;
  nextCard(): void;
}) {
  const t = useT(reviewCatalog);
  const language = useLanguage();
  const interval = (ms: number) => formatInterval(ms, language);
  const ratingLabel = (rating: Grade) => t(`review.rating.${rating}`);
  return (
    <div className="mt-5 space-y-4">
      <p className={`font-semibold ${isCorrect(state) ? 'text-emerald-800' : 'text-red-800'}`}>
        {isCorrect(state)
          ? t('review.card.correct')
          : card.type === 'numeric'
            ? state.typed === null
              ? t('review.card.didNotAnswer', { answer: answerText(state) })
              : t('review.card.answeredWrong', { typed: state.typed, answer: answerText(state) })
            : state.picked === null
              ? t('review.card.didNotPick', { answer: spokenAnswer })
              : t('review.card.pickedWrong', {
                  letter: letterOf(state, state.picked),
                  answer: spokenAnswer,
                })}
      </p>
      {shown.explanation && (
        <div className="rounded-xl bg-slate-50 p-4">
          <h3 className="text-sm font-semibold text-slate-700">{t('review.card.explanation')}</h3>
          <p lang={shown.explanationLang} className="mt-1 whitespace-pre-line text-slate-800">
            <RichText text={shown.explanation} math={shown.math?.explanation} />
          </p>
        </div>
      )}
      {state.phase === 'revealed' && (
        <div
          role="group"
          aria-label={t('review.card.howWell')}
          className="grid grid-cols-2 gap-3 sm:grid-cols-4"
        >
          {GRADES.map((rating) => (
            <button
              key={rating}
              type="button"
              onClick={() => grade(rating)}
              className={`flex min-h-16 flex-col items-center justify-center rounded-xl border-2 px-3 py-2 text-sm font-semibold ${
                suggestion === rating
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
              }`}
            >
              <span>
                {rating}. {ratingLabel(rating)}
              </span>
              <span className="font-normal">{interval(card.intervals[rating])}</span>
              {suggestion === rating && (
                <span className="text-xs font-normal">{t('review.card.suggested')}</span>
              )}
            </button>
          ))}
        </div>
      )}
      {state.phase === 'graded' && <Button onClick={() => nextCard()}>{t('review.card.next')}</Button>}
    </div>
  );
}
