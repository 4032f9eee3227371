import type { PracticeAttempt, PracticeResult } from '@quizcast/contract/schemas/practice';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import { ButtonLink } from '../../../components/ui/button-link';
import { formatNumber } from '../../../i18n/format';
import { useLanguage, useT } from '../../../i18n/use-t';
import { practiceCatalog } from '../messages/catalog';
import { PracticeFeedbackPanel } from './practice-feedback-panel';

/** The end of a practice: score, right and wrong, the predicted rank of a timed quiz, every answer. */
export function PracticeResultView({
  attempt,
  result,
}: {
  attempt: PracticeAttempt;
  result: PracticeResult;
}) {
  const t = useT(practiceCatalog);
  const language = useLanguage();
  const n = (v: number) => formatNumber(v, language);
  const rank = result.predictedRank;
  const byId = new Map(attempt.questions.map((q) => [q._id, q]));
  return (
    <section aria-labelledby="practice-result-heading" className="space-y-4">
      <h1 id="practice-result-heading" className="text-2xl font-bold text-slate-900">
        {t('practice.result.title')}
      </h1>
      <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="practice-score">
        <p className="text-lg font-semibold">
          {t('practice.result.score', { score: n(result.score), max: n(result.maxScore) })}
        </p>
        <p>{t('practice.result.counts', { correct: n(result.correctCount), wrong: n(result.wrongCount) })}</p>
        {rank && (
          <p className="mt-2 font-semibold text-brand-900" data-testid="predicted-rank">
            {t('practice.result.rank', {
              rank: n(rank.rank),
              of: n(rank.of),
              percentile: n(rank.percentile),
            })}
            {rank.worstRank > rank.bestRank && (
              <> {t('practice.result.rankBand', { best: n(rank.bestRank), worst: n(rank.worstRank) })}</>
            )}
          </p>
        )}
      </div>
      <h2 className="text-lg font-bold text-slate-900">{t('practice.result.review')}</h2>
      <ol className="space-y-3">
        {result.feedback.map((f, i) => (
          <li key={f.qnId} className="space-y-2 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
            <p className="font-medium text-slate-900">
              {i + 1}. {byId.get(f.qnId)?.qn}
            </p>
            <PracticeFeedbackPanel feedback={f} />
          </li>
        ))}
      </ol>
      <ButtonLink to={WEB_ROUTES.practice}>{t('practice.result.again')}</ButtonLink>
    </section>
  );
}
