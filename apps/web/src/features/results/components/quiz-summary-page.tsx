import { ArrowLeft, BookOpen, Clock, GraduationCap, Timer } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useEffect, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { TOAST } from '@quizcast/contract/constants';
import { timeTakenMinutes } from '@quizcast/contract/domain/time-format';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useQuizAnalysis } from '../api/quiz-analysis';
import { useQuizSummary } from '../api/quiz-summary';
import { AnalysisPanel } from './analysis-panel';
import { formatDateTime } from './format';
import { LeaderboardPanel } from './leaderboard-panel';
import { QuestionReview } from './question-review';
import { SectionResultsTable } from './section-results-table';
import { SummaryStats } from './summary-stats';
import { formatDecimal, formatNumber } from '../../../i18n/format';
import { educationLevelLabel } from '../../../i18n/education-level';
import { commonCatalog } from '../../../i18n/messages/catalog';
import { useLanguage, useServerMessage, useT } from '../../../i18n/use-t';
import { resultsCatalog } from '../messages/catalog';

const TABS = ['summary', 'questions', 'analysis', 'leaderboard'] as const;
type Tab = (typeof TABS)[number];

/** Tabs size to their labels and wrap onto a second row rather than overflow (a longer language, 360 px). */
const tabClass =
  'min-h-11 flex-auto rounded-lg px-2 text-sm sm:px-4 font-semibold text-slate-600 transition-colors hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-brand-900 data-[state=active]:shadow-sm';

/**
 * Quiz summary (spec section 2): spinner while loading; on failure an error toast (top right on this
 * flow) and "Failed to load quiz summary" with Retry; otherwise the header and the Summary, Questions
 * and Leaderboard tabs. `actions` holds the poster button (composed by the app, not imported here).
 */
export function QuizSummaryPage({
  actions,
  questionAction,
}: {
  actions?: ReactNode;
  questionAction?: (questionId: string) => ReactNode;
}) {
  const { quizId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((t) => t === params.get('tab')) ?? 'summary';
  const { data, isPending, isError, error, errorUpdatedAt, refetch, isFetching } = useQuizSummary(quizId);
  // Issue 14: the per-question "N% got this right" and key-correction notes (only once results load).
  const analysis = useQuizAnalysis(quizId, Boolean(data));
  const t = useT(resultsCatalog);
  const tc = useT(commonCatalog);
  const localise = useServerMessage();
  const language = useLanguage();

  useEffect(() => {
    if (isError) {
      toast.error(localise(errorMessage(error, t('results.loadFailed'))), {
        id: `quiz-summary-error-${errorUpdatedAt}`,
        position: TOAST.flowPosition,
      });
    }
    // One toast per failed load (errorUpdatedAt changes on each failure), not per change of language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isError, error, errorUpdatedAt]);

  if (isPending || (isError && isFetching)) {
    return (
      <div className="flex min-h-64 items-center justify-center">
        <Spinner label={t('results.loading')} className="scale-150" />
      </div>
    );
  }

  if (isError) {
    return (
      <div className="mx-auto max-w-lg py-8">
        <ErrorState
          title={t('results.loadFailed')}
          message={t('results.loadFailedText')}
          onRetry={() => void refetch()}
        />
        <p className="mt-4 text-center">
          <Link
            to={WEB_ROUTES.quizzes}
            className="text-sm font-semibold text-brand-800 underline-offset-4 hover:underline"
          >
            {t('results.back')}
          </Link>
        </p>
      </div>
    );
  }

  const { quizDetails, quizzSummary } = data;
  const minutes = timeTakenMinutes(quizzSummary.startedAt, quizzSummary.submittedAt);
  return (
    <div className="space-y-6">
      <Link
        to={WEB_ROUTES.quizzes}
        className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-brand-800 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> {t('results.back')}
      </Link>
      <header className="surface-dark rounded-3xl bg-gradient-to-br from-brand-950 via-brand-900 to-brand-700 p-6 text-white shadow-lg sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{quizDetails.name}</h1>
        {quizDetails.desc && <p className="mt-2 whitespace-pre-line text-brand-100">{quizDetails.desc}</p>}
        <ul className="mt-5 flex flex-wrap gap-2 text-sm" aria-label={t('results.details')}>
          <li className="inline-flex items-center gap-1.5 rounded-lg bg-white/10 px-3 py-1.5 ring-1 ring-white/20">
            <Timer className="size-4 text-amber-300" aria-hidden="true" />
            {t('results.duration', { minutes: formatNumber(quizDetails.duration, language) })}
          </li>
          <li className="inline-flex items-center gap-1.5 rounded-lg bg-white/10 px-3 py-1.5 ring-1 ring-white/20">
            <Clock className="size-4 text-amber-300" aria-hidden="true" />
            {t('results.timeTaken', { minutes: formatDecimal(minutes, language) })}
          </li>
          <li className="inline-flex items-center gap-1.5 rounded-lg bg-white/10 px-3 py-1.5 ring-1 ring-white/20">
            <GraduationCap className="size-4 text-amber-300" aria-hidden="true" />
            {t('results.class', { level: educationLevelLabel(quizDetails.class, tc) })}
          </li>
          <li className="inline-flex items-center gap-1.5 rounded-lg bg-white/10 px-3 py-1.5 ring-1 ring-white/20">
            <BookOpen className="size-4 text-amber-300" aria-hidden="true" />
            {t('results.questionCount', { count: quizDetails.questions.length })}
          </li>
        </ul>
        {actions && <div className="mt-6">{actions}</div>}
      </header>
      {analysis.data?.corrections.map((c) => (
        <p
          key={`${c.number}-${c.correctedAt}`}
          role="note"
          className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-950"
        >
          {t(c.dropped ? 'results.correctionDropped' : 'results.correction', {
            when: formatDateTime(c.correctedAt, language),
            number: c.number,
          })}
        </p>
      ))}

      <Tabs.Root
        value={tab}
        onValueChange={(value) =>
          setParams(
            (prev) => {
              const next = new URLSearchParams(prev);
              if (value === 'summary') next.delete('tab');
              else next.set('tab', value);
              return next;
            },
            { replace: true },
          )
        }
      >
        <Tabs.List
          aria-label={t('results.tabs')}
          className="flex flex-wrap gap-1 rounded-xl bg-slate-200/70 p-1"
        >
          <Tabs.Trigger value="summary" className={tabClass}>
            {t('results.tab.summary')}
          </Tabs.Trigger>
          <Tabs.Trigger value="questions" className={tabClass}>
            {t('results.tab.questions')}
          </Tabs.Trigger>
          <Tabs.Trigger value="analysis" className={tabClass}>
            {t('results.tab.analysis')}
          </Tabs.Trigger>
          <Tabs.Trigger value="leaderboard" className={tabClass}>
            {t('results.tab.leaderboard')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="summary" className="mt-5 space-y-6">
          <SummaryStats summary={data} />
          <SectionResultsTable summary={data} />
        </Tabs.Content>
        <Tabs.Content value="questions" className="mt-5">
          <QuestionReview
            summary={data}
            focusQuestionId={params.get('question')}
            questionAction={questionAction}
            percentCorrect={new Map(analysis.data?.questions.map((q) => [q.qnId, q.percentCorrect]))}
          />
        </Tabs.Content>
        <Tabs.Content value="analysis" className="mt-5">
          <AnalysisPanel quizId={quizId} />
        </Tabs.Content>
        <Tabs.Content value="leaderboard" className="mt-5">
          <LeaderboardPanel quizId={quizId} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
