import { Navigate } from 'react-router';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import { ButtonLink } from '../../../components/ui/button-link';
import { ErrorState } from '../../../components/ui/error-state';
import { FullScreenLoader } from '../../../components/ui/full-screen-loader';
import { errorMessage } from '../../../lib/api-client';
import { useServerMessage, useT } from '../../../i18n/use-t';
import { useDailyFive } from '../api/daily-five';
import { dailyFiveCatalog } from '../messages/catalog';

/**
 * /daily-five (where the reminder opens): today's five, run by the practice screen (its attempt),
 * or a word that there is nothing to practise yet (its link in the primary style: ButtonLink's ghost is
 * white, for dark backgrounds, and was invisible here).
 */
export function DailyFivePage() {
  const t = useT(dailyFiveCatalog);
  const localise = useServerMessage();
  const query = useDailyFive();
  if (query.isPending) return <FullScreenLoader label={t('dailyFive.loading')} />;
  if (query.isError)
    return (
      <ErrorState
        title={t('dailyFive.loadFailed')}
        message={localise(errorMessage(query.error, t('dailyFive.loadFailed')))}
        onRetry={() => void query.refetch()}
      />
    );
  const attempt = query.data.attempt;
  if (attempt) return <Navigate replace to={`${WEB_ROUTES.practiceAttempt}/${attempt._id}`} />;
  return (
    <section aria-labelledby="daily-five-page-heading" className="space-y-4">
      <h1 id="daily-five-page-heading" className="text-2xl font-bold text-slate-900">
        {t('dailyFive.heading')}
      </h1>
      <p className="text-slate-700">{t('dailyFive.nothing')}</p>
      <ButtonLink to={WEB_ROUTES.quizzes}>{t('dailyFive.toQuizzes')}</ButtonLink>
    </section>
  );
}
