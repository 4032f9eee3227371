import { Sparkles } from 'lucide-react';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import { ButtonLink } from '../../../components/ui/button-link';
import { useT } from '../../../i18n/use-t';
import { useDailyFive } from '../api/daily-five';
import { dailyFiveCatalog } from '../messages/catalog';

/**
 * Today's five at the top of the quiz list (issue 28) until it is done. Nothing is shown while it
 * loads, if it fails, when there is nothing to practise, or once today's five is finished.
 */
export function DailyFiveCard() {
  const t = useT(dailyFiveCatalog);
  const { data } = useDailyFive();
  const attempt = data?.attempt;
  if (!attempt || attempt.status === 'submitted') return null;
  const answered = attempt.savedAnswers.filter((a) => a.selectedOption != null).length;
  return (
    <section
      aria-labelledby="daily-five-heading"
      className="rounded-2xl border border-brand-200 bg-brand-50 p-4"
      data-testid="daily-five-card"
    >
      <h2 id="daily-five-heading" className="flex items-center gap-2 text-base font-bold text-slate-900">
        <Sparkles className="size-5 text-brand-700" aria-hidden="true" />
        {t('dailyFive.heading')}
      </h2>
      <p className="mt-1 text-sm text-slate-800">{t('dailyFive.about')}</p>
      {answered > 0 && (
        <p className="mt-1 text-sm text-slate-800">
          {t('dailyFive.progress', { answered, total: attempt.questions.length })}
        </p>
      )}
      <ButtonLink to={`${WEB_ROUTES.practiceAttempt}/${attempt._id}`} className="mt-3 w-full">
        {answered > 0 ? t('dailyFive.continue') : t('dailyFive.start')}
      </ButtonLink>
    </section>
  );
}
