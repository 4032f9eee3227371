import type { PracticeFeedback } from '@quizcast/contract/schemas/practice';
import { useLanguage, useT } from '../../../i18n/use-t';
import { practiceCatalog } from '../messages/catalog';

/** The words of one judged answer, in the learner's language (shown, and spoken in audio mode). */
export function useFeedbackText() {
  const t = useT(practiceCatalog);
  const language = useLanguage();
  return (f: PracticeFeedback): { verdict: string; explanation: string | null } => {
    const explanation = (language === 'hi' ? f.hi?.explanation : null) ?? f.explanation;
    const verdict =
      f.outcome === 'right'
        ? t('practice.feedback.right')
        : f.outcome === 'dropped'
          ? t('practice.feedback.dropped')
          : t(f.outcome === 'wrong' ? 'practice.feedback.wrong' : 'practice.feedback.skipped', {
              answer: f.correctAnswer,
            });
    return {
      verdict,
      explanation: explanation ? t('practice.feedback.explanation', { text: explanation }) : null,
    };
  };
}

/** Right or wrong, the correct answer and the explanation of one question. */
export function PracticeFeedbackPanel({ feedback }: { feedback: PracticeFeedback }) {
  const text = useFeedbackText()(feedback);
  const right = feedback.outcome === 'right';
  return (
    <div
      data-testid="practice-feedback"
      className={`rounded-xl p-4 ring-1 ${right ? 'bg-emerald-50 text-emerald-900 ring-emerald-200' : 'bg-amber-50 text-amber-950 ring-amber-200'}`}
    >
      <p className="font-semibold">{text.verdict}</p>
      {text.explanation && <p className="mt-1">{text.explanation}</p>}
    </div>
  );
}
