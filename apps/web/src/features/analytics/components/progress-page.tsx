import { Link } from 'react-router';
import { WEB_ROUTES, webPath } from '@quizcast/contract/routes';
import type { AccuracyRow, ProgressResponse } from '@quizcast/contract/schemas/analytics';
import { BarChart } from '../../../components/charts/bar-chart';
import { ChartFigure } from '../../../components/charts/chart-figure';
import { LineChart } from '../../../components/charts/line-chart';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { useProgress } from '../api/progress';

const seconds = (ms: number | null) => (ms === null ? '–' : `${(ms / 1000).toFixed(1)} s`);
const shortDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'short' });

function AccuracyChart({ title, rows }: { title: string; rows: AccuracyRow[] }) {
  const weakest = rows[0];
  return (
    <ChartFigure
      title={title}
      summary={
        weakest
          ? `Weakest: ${weakest.label}, ${weakest.accuracy}% of ${weakest.questions} questions right.`
          : 'No questions yet.'
      }
      table={{
        columns: ['Name', 'Accuracy', 'Questions', 'Correct'],
        rows: rows.map((r) => [r.label, `${r.accuracy}%`, r.questions, r.correct]),
      }}
    >
      {(ids) => (
        <BarChart
          {...ids}
          max={100}
          bars={rows.map((r) => ({ label: `${r.label} (${r.questions})`, value: r.accuracy }))}
        />
      )}
    </ChartFigure>
  );
}

function Trend({ trend }: { trend: ProgressResponse['trend'] }) {
  const first = trend[0]!;
  const last = trend[trend.length - 1]!;
  return (
    <ChartFigure
      title="Score and percentile over time"
      summary={
        trend.length > 1
          ? `Your score went from ${first.scorePercent}% to ${last.scorePercent}%; your percentile from ${first.percentile} to ${last.percentile}.`
          : `One published quiz so far: ${last.scorePercent}% score, percentile ${last.percentile}.`
      }
      table={{
        columns: ['Quiz', 'Date', 'Score', 'Score %', 'Rank', 'Percentile'],
        rows: trend.map((p) => [
          p.name,
          shortDate(p.publishedAt),
          `${p.score} of ${p.maxScore}`,
          `${p.scorePercent}%`,
          `${p.rank} of ${p.participants}`,
          p.percentile,
        ]),
      }}
    >
      {(ids) => (
        <LineChart
          {...ids}
          labels={trend.map((p) => shortDate(p.publishedAt))}
          series={[
            { name: 'Score %', values: trend.map((p) => p.scorePercent), className: 'text-brand-700' },
            {
              name: 'Percentile',
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

/** `/progress`: where the learner stands across quizzes (issue 14), from one request. */
export function ProgressPage() {
  const { data, isPending, isError, refetch } = useProgress();
  if (isPending) {
    return (
      <div className="flex min-h-64 items-center justify-center">
        <Spinner label="Loading your progress" className="scale-150" />
      </div>
    );
  }
  if (isError) {
    return (
      <ErrorState
        title="Failed to load your progress"
        message="We couldn't load your analytics. Please try again."
        onRetry={() => void refetch()}
      />
    );
  }
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Your progress</h1>
      {data.trend.length === 0 ? (
        <section className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm">
          <h2 className="text-lg font-bold text-slate-900">No results yet</h2>
          <p className="mt-2 text-slate-700">
            Take a quiz first. Once its window closes and results are published, your scores, percentiles and
            weakest topics appear here.
          </p>
          <Link
            to={WEB_ROUTES.quizzes}
            className="mt-4 inline-flex min-h-11 items-center rounded-xl bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 active:bg-brand-900"
          >
            Find a quiz to take
          </Link>
        </section>
      ) : (
        <ProgressBody data={data} />
      )}
    </div>
  );
}

function ProgressBody({ data }: { data: ProgressResponse }) {
  const { speed, strategy, recall } = data;
  const last = data.trend[data.trend.length - 1]!;
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label="Latest score" value={`${last.scorePercent}%`} hint={last.name} />
        <Stat label="Latest percentile" value={String(last.percentile)} />
        <Stat
          label="Attempted"
          value={`${strategy.attempted} of ${strategy.questions}`}
          hint={`${strategy.skipped} skipped`}
        />
        <Stat
          label="Accuracy when attempted"
          value={strategy.accuracyOnAttempted === null ? '–' : `${strategy.accuracyOnAttempted}%`}
        />
      </dl>
      <Trend trend={data.trend} />
      <div className="grid gap-4 lg:grid-cols-2">
        <AccuracyChart title="Accuracy by topic (weakest first)" rows={data.byTopic} />
        <AccuracyChart title="Accuracy by exam (weakest first)" rows={data.byExam} />
      </div>
      <section
        aria-labelledby="speed-heading"
        className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <h2 id="speed-heading" className="text-base font-bold text-slate-900">
          Speed
        </h2>
        {speed.timedQuestions === 0 ? (
          <p className="mt-2 text-sm text-slate-700">
            No timing data yet: time per question is recorded from now on.
          </p>
        ) : (
          <dl className="mt-2 grid grid-cols-2 gap-3">
            <Stat
              label="Your average per question"
              value={seconds(speed.yourAvgMs)}
              hint={`${speed.timedQuestions} questions timed`}
            />
            <Stat label="Top 10% median, same questions" value={seconds(speed.top10MedianMs)} />
          </dl>
        )}
      </section>
      <section
        aria-labelledby="recall-heading"
        className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <h2 id="recall-heading" className="text-base font-bold text-slate-900">
          Revision
        </h2>
        {recall.cards === 0 ? (
          <p className="mt-2 text-sm text-slate-700">
            No revision cards yet: questions you get wrong are added for review.
          </p>
        ) : (
          <>
            <dl className="mt-2 grid grid-cols-2 gap-3">
              <Stat label="Cards due" value={String(recall.due)} hint={`${recall.cards} cards in all`} />
              <Stat
                label="Retention"
                value={recall.retention === null ? '–' : `${recall.retention}%`}
                hint={`${recall.reviews} reviews`}
              />
            </dl>
            {recall.lapsingTopics.length > 0 && (
              <p className="mt-3 text-sm text-slate-800">
                Topics that keep slipping:{' '}
                {recall.lapsingTopics.map((t) => `${t.topic} (${t.lapses} lapses)`).join(', ')}.
              </p>
            )}
          </>
        )}
      </section>
      <section aria-labelledby="quizzes-heading">
        <h2 id="quizzes-heading" className="text-base font-bold text-slate-900">
          Your published quizzes
        </h2>
        <ul className="mt-2 space-y-2">
          {[...data.trend].reverse().map((p) => (
            <li key={p.quizId}>
              <Link
                to={`${webPath.quizSummary(p.quizId)}?tab=analysis`}
                className="flex min-h-11 items-center justify-between gap-2 rounded-xl border border-slate-200 bg-white px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-slate-50 active:bg-slate-100"
              >
                <span>{p.name}</span>
                <span className="text-slate-700 tabular-nums">{p.scorePercent}%</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
