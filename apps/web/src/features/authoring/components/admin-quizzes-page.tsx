import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { formatRupees } from '@quizcast/contract/domain/price';
import { WEB_ROUTES, webPath } from '@quizcast/contract/routes';
import { ADMIN_PAGE_SIZE } from '@quizcast/contract/schemas/admin-page';
import { ButtonLink } from '../../../components/ui/button-link';
import { educationLevelLabel } from '../../../i18n/education-level';
import { commonCatalog } from '../../../i18n/messages/catalog';
import { useLanguage, useT } from '../../../i18n/use-t';
import { useAdminQuizzes } from '../api/admin-quizzes';
import { authoringCatalog } from '../messages/catalog';
import { useSearchPaging } from '../../../hooks/use-search-paging';
import { formatIst } from '../../../lib/date-time';
import { Pager } from '../../../components/lists/pager';
import { QuizStatusBadge } from './quiz-status-badge';
import { ListState } from '../../../components/lists/list-state';
import { SearchBox } from '../../../components/lists/search-box';

/** Admin: every quiz with its status and attempts, and the way to create, edit or follow one. */
export function AdminQuizzesPage() {
  const { page, searchTerm, input, setInput, setPage } = useSearchPaging();
  const query = useAdminQuizzes({ page, limit: ADMIN_PAGE_SIZE, searchTerm });
  const t = useT(authoringCatalog);
  const tCommon = useT(commonCatalog);
  const language = useLanguage();

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{t('authoring.quizzes.title')}</h1>
        <ButtonLink to={WEB_ROUTES.createQuiz}>
          <Plus className="size-4" aria-hidden="true" />
          {t('authoring.quizzes.create')}
        </ButtonLink>
      </div>
      <div className="mt-4">
        <SearchBox
          label={t('authoring.quizzes.search')}
          value={input}
          onChange={setInput}
          placeholder={t('authoring.quizzes.searchPlaceholder')}
        />
      </div>

      <div className="mt-4">
        <ListState
          query={query}
          loadingLabel={t('authoring.quizzes.loading')}
          errorTitle={t('authoring.quizzes.loadFailed')}
          isEmpty={(data) => data.quizzes.length === 0}
          emptyMessage={searchTerm ? t('authoring.quizzes.noMatch') : t('authoring.quizzes.empty')}
        >
          {(data) => (
            <>
              <ul className="space-y-3" aria-label={t('authoring.quizzes.list')}>
                {data.quizzes.map((quiz) => (
                  <li key={quiz._id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <div className="min-w-0">
                        <h2 className="font-semibold break-words text-slate-900">{quiz.name}</h2>
                        <p className="mt-1 text-sm text-slate-600">
                          {quiz.exam} · {educationLevelLabel(quiz.class, tCommon)} ·{' '}
                          {t('authoring.minutes', { count: quiz.duration })} ·{' '}
                          {quiz.price > 0 ? formatRupees(Math.round(quiz.price * 100)) : t('authoring.free')}
                        </p>
                        <p className="mt-1 text-sm text-slate-600">
                          {formatIst(quiz.startTimeStamp, language)} →{' '}
                          {formatIst(quiz.endTimeStamp, language)}
                        </p>
                      </div>
                      <QuizStatusBadge status={quiz.status} />
                    </div>
                    <p className="mt-2 text-sm text-slate-700">
                      {t('authoring.quizzes.counts', {
                        questions: quiz.questionCount,
                        attempted: quiz.attemptCount,
                        submitted: quiz.submittedCount,
                      })}
                    </p>
                    <div className="mt-3 flex flex-wrap gap-2">
                      <Link
                        to={webPath.quizDetails(quiz._id)}
                        className="inline-flex min-h-11 items-center rounded-xl bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
                        aria-label={t('authoring.quizzes.detailsOf', { name: quiz.name })}
                      >
                        {t('authoring.quizzes.details')}
                      </Link>
                      <Link
                        to={webPath.editQuiz(quiz._id)}
                        className="inline-flex min-h-11 items-center rounded-xl px-4 text-sm font-semibold text-brand-800 ring-1 ring-slate-300 hover:bg-slate-50"
                        aria-label={t('authoring.quizzes.editOf', { name: quiz.name })}
                      >
                        {t('authoring.quizzes.edit')}
                      </Link>
                    </div>
                  </li>
                ))}
              </ul>
              <Pager
                label={t('authoring.quizzes.pages')}
                page={page}
                limit={ADMIN_PAGE_SIZE}
                total={data.total}
                onPage={setPage}
              />
            </>
          )}
        </ListState>
      </div>
    </div>
  );
}
