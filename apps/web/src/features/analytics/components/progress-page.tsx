import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import type { ProgressResponse } from '@quizcast/contract/schemas/analytics';
import { ChartFigure } from '../../../components/charts/chart-figure';
import { LineChart } from '../../../components/charts/line-chart';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { useProgress } from '../api/progress';
import { AccuracyChart, useWords } from './accuracy-chart';
import { PracticeProgressSection } from './practice-progress-section';
import { PublishedQuizzes } from './published-quizzes';

function Trend({ trend, quizzes }: { trend: ProgressResponse['trend']; quizzes: number }) {
  const { t, n, pct, shortDate } = useWords();
  const first = trend[0]!;
  const last = trend[trend.length - 1]!;
  return (
    <ChartFigure
      title={
        // The trend holds the last few quizzes (TREND_POINTS); every other figure covers them all.
        quizzes > trend.length
          ? t('analytics.trend.titleLast', { count: n(trend.length), total: n(quizzes) })
          : t('analytics.trend.title')
      }
      summary={
        trend.length > 1
          ? t('analytics.trend.summary', {
              from: pct(first.scorePercent),
              to: pct(last.scorePercent),
              pFrom: n(first.percentile),
              pTo: n(last.percentile),
            })
          : t('analytics.trend.one', { score: pct(last.scorePercent), percentile: n(last.percentile) })
      }
      table={{
        columns: [
          t('analytics.col.quiz'),
          t('analytics.col.date'),
          t('analytics.col.score'),
          t('analytics.col.scorePercent'),
          t('analytics.col.rank'),
          t('analytics.col.percentile'),
        ],
        rows: trend.map((p) => [
          p.name,
          shortDate(p.publishedAt),
          t('analytics.of', { value: n(p.score), total: n(p.maxScore) }),
          pct(p.scorePercent),
          t('analytics.of', { value: n(p.rank), total: n(p.participants) }),
          n(p.percentile),
        ]),
      }}
    >
      {(ids) => (
        <LineChart
          {...ids}
          labels={trend.map((p) => shortDate(p.publishedAt))}
          series={[
            {
              name: t('analytics.col.scorePercent'),
              values: trend.map((p) => p.scorePercent),
              className: 'text-brand-700',
            },
            {
              name: t('analytics.col.percentile'),
              values: trend.map((p) => p.percentile),
              className: 'text-amber-700',
              dashed: true,
            },
          ]}
        />
      )}
    </ChartFigure>
  );
}

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{value}</dd>
      {hint && <dd className="mt-1 text-xs text-slate-600">{hint}</dd>}
    </div>
  );
}

/**
 * `/progress`: where the learner stands across quizzes (issue 14), from one request. `top`: another
 * feature's part under the title (the streak, composed in app/routes).
 */
export function ProgressPage({ top }: { top?: ReactNode } = {}) {
  const { data, isPending, isError, refetch } = useProgress();
  const { t } = useWords();
  if (isPending) {
    return (
      <div className="flex min-h-64 items-center justify-center">
        <Spinner label={t('analytics.loading')} className="scale-150" />
      </div>
    );
  }
  if (isError) {
    return (
      <ErrorState
        title={t('analytics.failed')}
        message={t('analytics.failedText')}
        onRetry={() => void refetch()}
      />
    );
  }
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('analytics.title')}</h1>
      {top}
      {data.trend.length === 0 ? (
        <section className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm">
          <h2 className="text-lg font-bold text-slate-900">{t('analytics.empty.title')}</h2>
          <p className="mt-2 text-slate-700">{t('analytics.empty.text')}</p>
          <Link
            to={WEB_ROUTES.quizzes}
            className="mt-4 inline-flex min-h-11 items-center rounded-xl bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 active:bg-brand-900"
          >
            {t('analytics.empty.link')}
          </Link>
        </section>
      ) : (
        <ProgressBody data={data} />
      )}
      <PracticeProgressSection />
    </div>
  );
}

function ProgressBody({ data }: { data: ProgressResponse }) {
  const { speed, strategy, recall } = data;
  const last = data.trend[data.trend.length - 1]!;
  const { t, n, pct, seconds } = useWords();
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label={t('analytics.latestScore')} value={pct(last.scorePercent)} hint={last.name} />
        <Stat label={t('analytics.latestPercentile')} value={n(last.percentile)} />
        <Stat
          label={t('analytics.attempted')}
          value={t('analytics.of', { value: n(strategy.attempted), total: n(strategy.questions) })}
          hint={t('analytics.skipped', { count: n(strategy.skipped) })}
        />
        <Stat
          label={t('analytics.accuracyAttempted')}
          value={strategy.accuracyOnAttempted === null ? '–' : pct(strategy.accuracyOnAttempted)}
        />
      </dl>
      <Trend trend={data.trend} quizzes={data.quizzes} />
      <div className="grid gap-4 lg:grid-cols-2">
        <AccuracyChart title={t('analytics.byTopicContest')} rows={data.byTopic} />
        <AccuracyChart title={t('analytics.byExamContest')} rows={data.byExam} />
      </div>
      <section
        aria-labelledby="speed-heading"
        className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <h2 id="speed-heading" className="text-base font-bold text-slate-900">
          {t('analytics.speed')}
        </h2>
        {speed.timedQuestions === 0 ? (
          <p className="mt-2 text-sm text-slate-700">{t('analytics.noTiming')}</p>
        ) : (
          <dl className="mt-2 grid grid-cols-2 gap-3">
            <Stat
              label={t('analytics.yourAverage')}
              value={seconds(speed.yourAvgMs)}
              hint={t('analytics.timed', { count: speed.timedQuestions })}
            />
            <Stat label={t('analytics.top10')} value={seconds(speed.top10MedianMs)} />
          </dl>
        )}
      </section>
      <section
        aria-labelledby="recall-heading"
        className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <h2 id="recall-heading" className="text-base font-bold text-slate-900">
          {t('analytics.revision')}
        </h2>
        {recall.cards === 0 ? (
          <p className="mt-2 text-sm text-slate-700">{t('analytics.noCards')}</p>
        ) : (
          <>
            <dl className="mt-2 grid grid-cols-2 gap-3">
              <Stat
                label={t('analytics.cardsDue')}
                value={n(recall.due)}
                hint={t('analytics.cardsInAll', { count: recall.cards })}
              />
              <Stat
                label={t('analytics.retention')}
                value={recall.retention === null ? '–' : pct(recall.retention)}
                hint={t('analytics.reviews', { count: recall.reviews })}
              />
            </dl>
            {recall.lapsingTopics.length > 0 && (
              <p className="mt-3 text-sm text-slate-800">
                {t('analytics.slipping', {
                  list: recall.lapsingTopics
                    .map((x) => t('analytics.lapses', { topic: x.topic, count: x.lapses }))
                    .join(', '),
                })}
              </p>
            )}
          </>
        )}
      </section>
      <PublishedQuizzes trend={data.trend} />
    </>
  );
}
