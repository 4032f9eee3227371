import { Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { formatRupees } from '@quizcast/contract/domain/price';
import { webPath } from '@quizcast/contract/routes';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { educationLevelLabel } from '../../../i18n/education-level';
import { commonCatalog } from '../../../i18n/messages/catalog';
import { useLanguage, useT } from '../../../i18n/use-t';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { authoringCatalog } from '../messages/catalog';
import { useAdminQuiz } from '../api/admin-quizzes';
import { formatIst } from '../../../lib/date-time';
import { QuizStatusBadge } from './quiz-status-badge';
import { ScoreHistogram } from './score-histogram';

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * The page's slots, filled by the route from other features (features never import each other): the
 * quiz's participants (Students) and how each question performed (Item analysis).
 */
export interface QuizDetailsSlots {
  renderParticipants(quizId: string): ReactNode;
  renderItemAnalysis(quizId: string, resultsPublished: boolean): ReactNode;
}

/** Admin: one quiz's status, counts, average score, score histogram and participants. */
export function QuizDetailsPage({ renderParticipants, renderItemAnalysis }: QuizDetailsSlots) {
  const { quizId = '' } = useParams();
  const query = useAdminQuiz(quizId);
  const t = useT(authoringCatalog);
  const tCommon = useT(commonCatalog);
  const language = useLanguage();

  if (query.isPending) return <Spinner label={t('authoring.loadingQuiz')} />;
  if (query.isError) {
    return (
      <ErrorState
        title={
          isApiError(query.error) && query.error.status === 404
            ? t('authoring.quizNotFound')
            : t('authoring.quizLoadFailed')
        }
        message={errorMessage(query.error, t('authoring.tryAgain'))}
        onRetry={() => void query.refetch()}
      />
    );
  }

  const quiz = query.data;
  const { stats } = quiz;
  const score = (value: number | null) => (value === null ? '—' : `${value} / ${stats.maxScore}`);
  const percentBins = stats.histogram.length === 10 && stats.histogram[0]?.label === '< 10%';

  return (
    <div>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words text-slate-900">{quiz.name}</h1>
          <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <QuizStatusBadge status={quiz.status} />
            <span>
              {t('authoring.details.summary', {
                exam: quiz.exam,
                class: educationLevelLabel(quiz.class, tCommon),
                duration: quiz.duration,
                questions: quiz.questions.length,
                price: quiz.price > 0 ? formatRupees(Math.round(quiz.price * 100)) : t('authoring.free'),
              })}
            </span>
          </div>
          <p className="mt-1 text-sm text-slate-600">
            {formatIst(quiz.startTimeStamp, language)} → {formatIst(quiz.endTimeStamp, language)}
          </p>
          {quiz.resultsPublished && (
            <p className="mt-1 text-sm text-emerald-800">{t('authoring.details.published')}</p>
          )}
        </div>
        <Link
          to={webPath.editQuiz(quiz._id)}
          className="inline-flex min-h-11 items-center gap-2 rounded-xl px-4 text-sm font-semibold text-brand-800 ring-1 ring-slate-300 hover:bg-slate-50"
        >
          <Pencil className="size-4" aria-hidden="true" />
          {t('authoring.details.edit')}
        </Link>
      </div>

      <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={t('authoring.details.attempts')}>
        <Stat label={t('authoring.details.attempted')} value={stats.attempted} />
        <Stat label={t('authoring.details.submitted')} value={stats.submitted} />
        <Stat label={t('authoring.details.inProgress')} value={stats.inProgress} />
        <Stat label={t('authoring.details.average')} value={score(stats.averageScore)} />
      </dl>

      <div className="mt-4 rounded-2xl border border-slate-200 bg-white p-4">
        <ScoreHistogram bins={stats.histogram} percentBins={percentBins} />
      </div>

      {renderParticipants(quiz._id)}

      {renderItemAnalysis(quiz._id, quiz.resultsPublished)}
    </div>
  );
}
