import { Clock, Lock } from 'lucide-react';
import { Link } from 'react-router';
import { quizRowAction, quizRowStatus, type QuizRowStatus } from '@quizcast/contract/domain/quiz-row';
import { startTimeLabel } from '@quizcast/contract/domain/time-format';
import { webPath } from '@quizcast/contract/routes';
import type { QuizListItem } from '@quizcast/contract/schemas/quiz';
import { Badge } from '../../../components/ui/badge';
import { formatNumber, formatStartTime } from '../../../i18n/format';
import { examLabel } from '../../../i18n/exam-family';
import { commonCatalog } from '../../../i18n/messages/catalog';
import { useLanguage, useT } from '../../../i18n/use-t';
import { quizzesCatalog } from '../messages/catalog';

const statusTone: Record<QuizRowStatus, 'green' | 'slate' | 'amber'> = {
  Attended: 'green',
  'Time over': 'slate',
  'Not Attended': 'amber',
};

/** What the intro page may show before its own data arrives (e.g. when the quiz opens). */
export interface QuizIntroLinkState {
  name: string;
  startTimeStamp: string;
  endTimeStamp: string;
}

export function QuizListRow({ quiz, now }: { quiz: QuizListItem; now: Date }) {
  const t = useT(quizzesCatalog);
  const tc = useT(commonCatalog);
  const language = useLanguage();
  const status = quizRowStatus(quiz, now);
  const action = quizRowAction(quiz, now);
  const locked = quiz.price > 0 && !quiz.isPaid;
  const introState: QuizIntroLinkState = {
    name: quiz.name,
    startTimeStamp: quiz.startTimeStamp,
    endTimeStamp: quiz.endTimeStamp,
  };

  return (
    <li
      data-testid="quiz-row"
      className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
    >
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold break-words text-slate-900">{quiz.name}</h2>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
          <span className="inline-flex items-center gap-1">
            <Clock className="size-4" aria-hidden="true" />
            <span>
              {formatStartTime(quiz.startTimeStamp, now, language, startTimeLabel(quiz.startTimeStamp, now))}
            </span>
          </span>
          <span>{examLabel(quiz.exam, tc)}</span>
          <span>{t('quizzes.minutes', { minutes: formatNumber(quiz.duration, language) })}</span>
          {locked && (
            <span className="inline-flex items-center gap-1 text-amber-800">
              <Lock className="size-3.5" aria-hidden="true" />
              {t('quizzes.premium')}
            </span>
          )}
        </p>
      </div>
      <div className="flex items-center justify-between gap-3 sm:justify-end">
        <Badge tone={statusTone[status]}>{t(`quizzes.status.${status}`)}</Badge>
        {action.kind === 'start' && (
          <Link
            to={webPath.quizIntro(quiz._id)}
            state={introState}
            aria-label={t('quizzes.action.startName', { name: quiz.name })}
            className="inline-flex min-h-11 min-w-24 items-center justify-center rounded-xl bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800 active:bg-brand-900"
          >
            {t('quizzes.action.start')}
          </Link>
        )}
        {action.kind === 'view-details' && (
          <Link
            to={webPath.quizSummary(quiz._id)}
            aria-label={t('quizzes.action.viewDetailsName', { name: quiz.name })}
            className="inline-flex min-h-11 items-center justify-center rounded-xl bg-white px-4 text-sm font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50 active:bg-brand-100"
          >
            {t('quizzes.action.viewDetails')}
          </Link>
        )}
        {action.kind === 'wait' && (
          <span className="max-w-44 text-right text-sm text-slate-600">{t('quizzes.action.wait')}</span>
        )}
        {action.kind === 'none' && (
          <span className="min-w-24 text-center text-slate-600">
            <span aria-hidden="true">{action.label}</span>
            <span className="sr-only">{t('quizzes.action.none')}</span>
          </span>
        )}
      </div>
    </li>
  );
}
