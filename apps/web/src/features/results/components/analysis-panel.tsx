import type { QuizAnalysisResponse } from '@quizcast/contract/schemas/analytics';
import { BarChart } from '../../../components/charts/bar-chart';
import { ChartFigure } from '../../../components/charts/chart-figure';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { useQuizAnalysis } from '../api/quiz-analysis';

const secs = (ms: number | null) => (ms === null ? '–' : `${(ms / 1000).toFixed(1)} s`);
const marks = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));

function Advisor({ data }: { data: QuizAnalysisResponse }) {
  const { advisor, markingScheme } = data;
  const breakEven = Math.round(advisor.breakEvenProbability * 1000) / 10;
  const scheme = `+${marks(markingScheme.correct)} / −${marks(markingScheme.wrong)}`;
  return (
    <section
      aria-labelledby="advisor-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h3 id="advisor-heading" className="text-base font-bold text-slate-900">
        Negative-marking advisor ({scheme})
      </h3>
      <dl className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-3">
        <div className="rounded-xl bg-red-50 p-3">
          <dt className="text-sm font-medium text-red-900">Marks lost to wrong answers</dt>
          <dd className="mt-1 text-xl font-bold text-red-950 tabular-nums">
            {marks(advisor.marksLostToWrong)}
          </dd>
          <dd className="text-xs text-red-900">{advisor.wrong} wrong</dd>
        </div>
        <div className="rounded-xl bg-amber-50 p-3">
          <dt className="text-sm font-medium text-amber-900">Marks left on the table</dt>
          <dd className="mt-1 text-xl font-bold text-amber-950 tabular-nums">
            {marks(advisor.marksLeftOnTable)}
          </dd>
          <dd className="text-xs text-amber-900">{advisor.skipped} skipped</dd>
        </div>
        <div className="rounded-xl bg-emerald-50 p-3">
          <dt className="text-sm font-medium text-emerald-900">A guess pays above</dt>
          <dd className="mt-1 text-xl font-bold text-emerald-950 tabular-nums">{breakEven}%</dd>
          <dd className="text-xs text-emerald-900">chance of being right</dd>
        </div>
      </dl>
      <p className="mt-3 text-sm text-slate-800">
        {advisor.breakEvenProbability === 0
          ? 'There is no negative marking here: answer every question.'
          : advisor.eliminateToGuess === null
            ? 'The penalty is as large as the reward: guessing never pays here; answer only what you know.'
            : advisor.eliminateToGuess === 0
              ? `Even a blind guess among four options (25%) beats ${breakEven}%, but rule out what you can first.`
              : `Rule out at least ${advisor.eliminateToGuess} option${advisor.eliminateToGuess > 1 ? 's' : ''} before you guess.`}
      </p>
    </section>
  );
}

function Timing({ data }: { data: QuizAnalysisResponse }) {
  const { timing } = data;
  if (!timing.hasData) {
    return (
      <section
        aria-labelledby="timing-heading"
        className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <h3 id="timing-heading" className="text-base font-bold text-slate-900">
          Time per question
        </h3>
        <p className="mt-2 text-sm text-slate-700">No timing data for this attempt.</p>
      </section>
    );
  }
  const max = Math.max(1, ...timing.questions.flatMap((q) => [q.yourMs ?? 0, q.top10MedianMs ?? 0]));
  const sinks = timing.timeSinks.map((s) => `Q${s.number} (${secs(s.yourMs)})`).join(', ');
  return (
    <ChartFigure
      title="Time per question: you and the top 10%"
      summary={`Your biggest time sinks: ${sinks}.`}
      table={{
        columns: ['Question', 'Your time', 'Top 10% median'],
        rows: timing.questions.map((q) => [`Q${q.number}`, secs(q.yourMs), secs(q.top10MedianMs)]),
      }}
    >
      {(ids) => (
        <BarChart
          {...ids}
          max={max}
          legend={{ bar: 'You', compare: 'Top 10% median' }}
          bars={timing.questions.map((q) => ({
            label: `Q${q.number}`,
            value: q.yourMs ?? 0,
            compare: q.top10MedianMs,
          }))}
        />
      )}
    </ChartFigure>
  );
}

/** The quiz summary's Analysis tab (issue 14): topics, time, the negative-marking advisor. */
export function AnalysisPanel({ quizId }: { quizId: string }) {
  const { data, isPending, isError, refetch } = useQuizAnalysis(quizId);
  if (isPending) return <Spinner label="Loading analysis" />;
  if (isError) {
    return (
      <ErrorState
        title="Failed to load the analysis"
        message="We couldn't load this quiz's analysis. Please try again."
        onRetry={() => void refetch()}
      />
    );
  }
  const weakest = data.byTopic[0];
  return (
    <div className="space-y-4">
      <ChartFigure
        title="Accuracy and marks by topic"
        summary={
          weakest
            ? `Weakest topic: ${weakest.label}, ${weakest.correct} of ${weakest.questions} right (${weakest.accuracy}%).`
            : 'No topics.'
        }
        table={{
          columns: ['Topic', 'Accuracy', 'Correct', 'Wrong', 'Skipped', 'Marks'],
          rows: data.byTopic.map((t) => [
            t.label,
            `${t.accuracy}%`,
            t.correct,
            t.wrong,
            t.skipped,
            `${marks(t.marks)} of ${marks(t.maxMarks)}`,
          ]),
        }}
      >
        {(ids) => (
          <BarChart
            {...ids}
            max={100}
            bars={data.byTopic.map((t) => ({ label: `${t.label} (${t.questions})`, value: t.accuracy }))}
          />
        )}
      </ChartFigure>
      <Timing data={data} />
      <Advisor data={data} />
    </div>
  );
}
