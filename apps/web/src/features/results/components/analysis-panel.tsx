import type { Language } from '@quizcast/contract/i18n/languages';
import type { QuizAnalysisResponse } from '@quizcast/contract/schemas/analytics';
import { BarChart } from '../../../components/charts/bar-chart';
import { ChartFigure } from '../../../components/charts/chart-figure';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { formatDecimal, formatNumber, formatPercent } from '../../../i18n/format';
import { useLanguage, useT, type Translate } from '../../../i18n/use-t';
import { useQuizAnalysis } from '../api/quiz-analysis';
import { resultsCatalog } from '../messages/catalog';

type ResultsKey = NonNullable<(typeof resultsCatalog)['keys']>;

interface Words {
  t: Translate<ResultsKey>;
  language: Language;
}

const secs = ({ t, language }: Words, ms: number | null) =>
  ms === null ? '–' : t('results.analysis.seconds', { seconds: formatDecimal(ms / 1000, language) });
const marks = ({ language }: Words, n: number) =>
  formatNumber(n, language, {
    maximumFractionDigits: Number.isInteger(n) ? 0 : 2,
    minimumFractionDigits: Number.isInteger(n) ? 0 : 2,
  });
const percent = ({ language }: Words, value: number) =>
  formatNumber(value / 100, language, { style: 'percent', maximumFractionDigits: 1 });

function Advisor({ data, words }: { data: QuizAnalysisResponse; words: Words }) {
  const { t } = words;
  const { advisor, markingScheme } = data;
  const breakEven = Math.round(advisor.breakEvenProbability * 1000) / 10;
  const scheme = `+${marks(words, markingScheme.correct)} / −${marks(words, markingScheme.wrong)}`;
  return (
    <section
      aria-labelledby="advisor-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h3 id="advisor-heading" className="text-base font-bold text-slate-900">
        {t('results.analysis.advisor', { scheme })}
      </h3>
      <dl className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-3">
        <div className="rounded-xl bg-red-50 p-3">
          <dt className="text-sm font-medium text-red-900">{t('results.analysis.lostToWrong')}</dt>
          <dd className="mt-1 text-xl font-bold text-red-950 tabular-nums">
            {marks(words, advisor.marksLostToWrong)}
          </dd>
          <dd className="text-xs text-red-900">
            {t('results.analysis.wrongCount', { count: advisor.wrong })}
          </dd>
        </div>
        <div className="rounded-xl bg-amber-50 p-3">
          <dt className="text-sm font-medium text-amber-900">{t('results.analysis.leftOnTable')}</dt>
          <dd className="mt-1 text-xl font-bold text-amber-950 tabular-nums">
            {marks(words, advisor.marksLeftOnTable)}
          </dd>
          <dd className="text-xs text-amber-900">
            {t('results.analysis.skippedCount', { count: advisor.skipped })}
          </dd>
        </div>
        <div className="rounded-xl bg-emerald-50 p-3">
          <dt className="text-sm font-medium text-emerald-900">{t('results.analysis.guessPays')}</dt>
          <dd className="mt-1 text-xl font-bold text-emerald-950 tabular-nums">
            {percent(words, breakEven)}
          </dd>
          <dd className="text-xs text-emerald-900">{t('results.analysis.chanceRight')}</dd>
        </div>
      </dl>
      <p className="mt-3 text-sm text-slate-800">
        {advisor.breakEvenProbability === 0
          ? t('results.analysis.noNegative')
          : advisor.eliminateToGuess === null
            ? t('results.analysis.neverGuess')
            : advisor.eliminateToGuess === 0
              ? t('results.analysis.blindGuess', { percent: percent(words, breakEven) })
              : t('results.analysis.ruleOut', { count: advisor.eliminateToGuess })}
      </p>
    </section>
  );
}

function Timing({ data, words }: { data: QuizAnalysisResponse; words: Words }) {
  const { t } = words;
  const { timing } = data;
  if (!timing.hasData) {
    return (
      <section
        aria-labelledby="timing-heading"
        className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <h3 id="timing-heading" className="text-base font-bold text-slate-900">
          {t('results.analysis.timing')}
        </h3>
        <p className="mt-2 text-sm text-slate-700">{t('results.analysis.noTiming')}</p>
      </section>
    );
  }
  const q = (number: number) => t('results.analysis.q', { number });
  const max = Math.max(1, ...timing.questions.flatMap((x) => [x.yourMs ?? 0, x.top10MedianMs ?? 0]));
  const sinks = timing.timeSinks.map((s) => `${q(s.number)} (${secs(words, s.yourMs)})`).join(', ');
  return (
    <ChartFigure
      title={t('results.analysis.timingTitle')}
      summary={t('results.analysis.timeSinks', { list: sinks })}
      table={{
        columns: [
          t('results.analysis.col.question'),
          t('results.analysis.col.yourTime'),
          t('results.analysis.col.top10'),
        ],
        rows: timing.questions.map((x) => [q(x.number), secs(words, x.yourMs), secs(words, x.top10MedianMs)]),
      }}
    >
      {(ids) => (
        <BarChart
          {...ids}
          max={max}
          legend={{ bar: t('results.analysis.you'), compare: t('results.analysis.col.top10') }}
          bars={timing.questions.map((x) => ({
            label: q(x.number),
            value: x.yourMs ?? 0,
            compare: x.top10MedianMs,
          }))}
        />
      )}
    </ChartFigure>
  );
}

/** The quiz summary's Analysis tab (issue 14): topics, time, the negative-marking advisor. */
export function AnalysisPanel({ quizId }: { quizId: string }) {
  const { data, isPending, isError, refetch } = useQuizAnalysis(quizId);
  const t = useT(resultsCatalog);
  const language = useLanguage();
  const words: Words = { t, language };
  if (isPending) return <Spinner label={t('results.analysis.loading')} />;
  if (isError) {
    return (
      <ErrorState
        title={t('results.analysis.failed')}
        message={t('results.analysis.failedText')}
        onRetry={() => void refetch()}
      />
    );
  }
  const weakest = data.byTopic[0];
  return (
    <div className="space-y-4">
      <ChartFigure
        title={t('results.analysis.byTopic')}
        summary={
          weakest
            ? t('results.analysis.weakest', {
                topic: weakest.label,
                correct: weakest.correct,
                questions: weakest.questions,
                percent: formatPercent(weakest.accuracy, language),
              })
            : t('results.analysis.noTopics')
        }
        table={{
          columns: [
            t('results.analysis.col.topic'),
            t('results.analysis.col.accuracy'),
            t('results.analysis.col.correct'),
            t('results.analysis.col.wrong'),
            t('results.analysis.col.skipped'),
            t('results.analysis.col.marks'),
          ],
          rows: data.byTopic.map((x) => [
            x.label,
            formatPercent(x.accuracy, language),
            x.correct,
            x.wrong,
            x.skipped,
            t('results.analysis.marksOf', { marks: marks(words, x.marks), max: marks(words, x.maxMarks) }),
          ]),
        }}
      >
        {(ids) => (
          <BarChart
            {...ids}
            max={100}
            bars={data.byTopic.map((x) => ({ label: `${x.label} (${x.questions})`, value: x.accuracy }))}
          />
        )}
      </ChartFigure>
      <Timing data={data} words={words} />
      <Advisor data={data} words={words} />
    </div>
  );
}
