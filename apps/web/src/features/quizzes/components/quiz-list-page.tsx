import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { EXAM_FAMILIES, type ExamFamily } from '@quizcast/contract/constants';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import { ButtonLink } from '../../../components/ui/button-link';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useQuizList } from '../api/quiz-list';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { useNow } from '../hooks/use-now';
import { useOnlineStatus } from '../hooks/use-online-status';
import { OfflineListNotice } from './offline-list-notice';
import { QuizListRow } from './quiz-list-row';
import { InstallAppButton } from '../../../components/pwa/install-app-button';
import { examLabel } from '../../../i18n/exam-family';
import { commonCatalog } from '../../../i18n/messages/catalog';
import { useServerMessage, useT } from '../../../i18n/use-t';
import { quizzesCatalog } from '../messages/catalog';

const SEARCH_DEBOUNCE_MS = 300;

function SkeletonRows({ count = 4 }: { count?: number }) {
  return (
    <ul aria-hidden="true" className="divide-y divide-slate-100">
      {Array.from({ length: count }, (_, i) => (
        <li
          key={i}
          data-testid="quiz-row-skeleton"
          className="flex animate-pulse flex-col gap-3 p-4 sm:flex-row"
        >
          <div className="flex-1 space-y-2">
            <div className="h-4 w-3/4 rounded bg-slate-200" />
            <div className="h-3 w-1/3 rounded bg-slate-200" />
          </div>
          <div className="h-6 w-24 rounded-full bg-slate-200" />
          <div className="h-10 w-24 rounded-xl bg-slate-200" />
        </li>
      ))}
    </ul>
  );
}

/**
 * Quizzes list (spec sections 2 and 4): search, exam chips, rows, infinite scroll. `top`: another
 * feature's part shown above the list (the streak, composed in app/routes).
 */
export function QuizListPage({ top }: { top?: ReactNode } = {}) {
  const [searchInput, setSearchInput] = useState('');
  const [exam, setExam] = useState<ExamFamily | undefined>(undefined);
  const searchTerm = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const query = useQuizList({ searchTerm: searchTerm || undefined, exam });
  const now = useNow();
  const searchId = useId();
  const sentinel = useRef<HTMLDivElement>(null);
  const t = useT(quizzesCatalog);
  const tc = useT(commonCatalog);
  const localise = useServerMessage();
  const online = useOnlineStatus();

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '100px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const quizzes = query.data?.pages.flatMap((p) => p.quizzes) ?? [];
  const filtered = Boolean(searchTerm || exam);

  return (
    <section aria-labelledby="quizzes-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="quizzes-heading" className="text-2xl font-bold text-slate-900">
          {t('quizzes.title')}
        </h1>
        <div className="flex flex-wrap items-center gap-2">
          <ButtonLink to={WEB_ROUTES.practice} variant="accent">
            {t('quizzes.practiceLink')}
          </ButtonLink>
          <InstallAppButton />
        </div>
      </div>
      {top}

      <div className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
        <div className="relative">
          <label htmlFor={searchId} className="sr-only">
            {t('quizzes.search')}
          </label>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          <input
            id={searchId}
            type="search"
            value={searchInput}
            onChange={(e) => setSearchInput(e.target.value)}
            placeholder={t('quizzes.search')}
            autoComplete="off"
            enterKeyHint="search"
            maxLength={100}
            className="block min-h-11 w-full rounded-xl border border-slate-500 bg-white py-2.5 pr-3.5 pl-10 text-base text-slate-900 placeholder:text-slate-500"
          />
        </div>
        <div role="group" aria-label={t('quizzes.filterByExam')} className="flex flex-wrap gap-2">
          {[undefined, ...EXAM_FAMILIES].map((value) => {
            const active = exam === value;
            return (
              <button
                key={value ?? 'all'}
                type="button"
                aria-pressed={active}
                onClick={() => setExam(value)}
                className={`min-h-11 shrink-0 rounded-full px-4 text-sm font-semibold transition-colors ${
                  active
                    ? 'bg-brand-700 text-white'
                    : 'bg-slate-100 text-slate-700 ring-1 ring-slate-200 hover:bg-slate-200 active:bg-slate-300'
                }`}
              >
                {value ? examLabel(value, tc) : t('quizzes.allExams')}
              </button>
            );
          })}
        </div>
      </div>

      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
        {!online && !quizzes.length && (query.isPending || query.isError) ? (
          <OfflineListNotice />
        ) : query.isPending ? (
          <div role="status" aria-label={t('quizzes.loading')}>
            <SkeletonRows />
          </div>
        ) : query.isError && !quizzes.length ? (
          <div className="p-4">
            <ErrorState
              title={t('quizzes.loadFailed')}
              message={localise(errorMessage(query.error, t('quizzes.somethingWentWrong')))}
              onRetry={() => void query.refetch()}
            />
          </div>
        ) : quizzes.length === 0 ? (
          <div className="p-8 text-center">
            <p className="font-medium text-slate-700">{t('quizzes.empty')}</p>
            {filtered && <p className="mt-1 text-sm text-slate-600">{t('quizzes.emptyFiltered')}</p>}
          </div>
        ) : (
          <>
            <ul aria-label={t('quizzes.title')} className="divide-y divide-slate-100">
              {quizzes.map((quiz) => (
                <QuizListRow key={quiz._id} quiz={quiz} now={now} />
              ))}
            </ul>
            {isFetchingNextPage && (
              <div className="flex justify-center p-4">
                <Spinner label={t('quizzes.loadingMore')} />
              </div>
            )}
            {query.isFetchNextPageError && (
              <div className="p-4">
                <ErrorState
                  title={t('quizzes.loadMoreFailed')}
                  message={localise(errorMessage(query.error, t('quizzes.somethingWentWrong')))}
                  onRetry={() => void fetchNextPage()}
                />
              </div>
            )}
            <div ref={sentinel} aria-hidden="true" className="h-px" />
          </>
        )}
      </div>
    </section>
  );
}
