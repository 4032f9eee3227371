import { Link } from 'react-router';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import { Spinner } from '../../../components/ui/spinner';
import { usePracticeProgress } from '../api/practice-progress';
import { AccuracyChart, useWords } from './accuracy-chart';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-slate-50 p-3">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="mt-1 text-xl font-bold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * Practice and drills on the progress page (issue 27), apart from contest attempts: they never
 * count in the contest figures above, and this part says what its accuracy counts.
 */
export function PracticeProgressSection() {
  const { data, isPending, isError } = usePracticeProgress();
  const { t, n, pct } = useWords();
  return (
    <section
      aria-labelledby="practice-progress-heading"
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="practice-progress-heading" className="text-base font-bold text-slate-900">
        {t('analytics.practice.title')}
      </h2>
      <p className="text-sm text-slate-700">{t('analytics.practice.apart')}</p>
      {isPending ? (
        <Spinner label={t('analytics.practice.loading')} />
      ) : isError ? (
        <p className="text-sm text-slate-700">{t('analytics.practice.failed')}</p>
      ) : data.questions === 0 ? (
        <p className="text-sm text-slate-700">
          {t('analytics.practice.none')}{' '}
          <Link to={WEB_ROUTES.practice} className="font-semibold text-brand-800 underline">
            {t('analytics.practice.start')}
          </Link>
        </p>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Figure label={t('analytics.practice.quizzes')} value={n(data.quizPractices)} />
            <Figure label={t('analytics.practice.drills')} value={n(data.drills)} />
            <Figure label={t('analytics.practice.questions')} value={n(data.questions)} />
            <Figure
              label={t('analytics.practice.accuracy')}
              value={data.accuracy === null ? '–' : pct(data.accuracy)}
            />
          </dl>
          <p className="text-sm text-slate-700">{t('analytics.practice.counts')}</p>
          <AccuracyChart title={t('analytics.practice.byTopic')} rows={data.byTopic} />
        </>
      )}
    </section>
  );
}
