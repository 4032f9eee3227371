import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { webPath } from '@quizcast/contract/routes';
import { ADMIN_PAGE_SIZE } from '@quizcast/contract/schemas/admin-page';
import { Badge } from '../../../components/ui/badge';
import { educationLevelLabel } from '../../../i18n/education-level';
import { commonCatalog } from '../../../i18n/messages/catalog';
import { useT } from '../../../i18n/use-t';
import { useStudents } from '../api/students';
import { studentsCatalog } from '../messages/catalog';
import { useSearchPaging } from '../../../hooks/use-search-paging';
import { Pager } from '../../../components/lists/pager';
import { ListState } from '../../../components/lists/list-state';
import { SearchBox } from '../../../components/lists/search-box';

/** Admin: every student with search and paging; each opens a detail view. */
export function StudentsPage() {
  const { page, searchTerm, input, setInput, setPage } = useSearchPaging();
  const query = useStudents({ page, limit: ADMIN_PAGE_SIZE, searchTerm });
  const t = useT(studentsCatalog);
  const tCommon = useT(commonCatalog);

  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900">{t('students.students.title')}</h1>
      <div className="mt-4">
        <SearchBox
          label={t('students.students.search')}
          value={input}
          onChange={setInput}
          placeholder={t('students.students.searchPlaceholder')}
        />
      </div>
      <div className="mt-4">
        <ListState
          query={query}
          loadingLabel={t('students.students.loading')}
          errorTitle={t('students.students.loadFailed')}
          isEmpty={(data) => data.students.length === 0}
          emptyMessage={searchTerm ? t('students.students.noMatch') : t('students.students.empty')}
        >
          {(data) => (
            <>
              <p className="mb-2 text-sm text-slate-600">
                {t('students.students.total', { count: data.total })}
              </p>
              <ul
                className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white"
                aria-label={t('students.students.list')}
              >
                {data.students.map((s) => (
                  <li key={s._id}>
                    <Link
                      to={webPath.participant(s._id)}
                      className="flex min-h-16 items-center justify-between gap-3 px-4 py-3 hover:bg-slate-50"
                    >
                      <span className="min-w-0">
                        <span className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                          {s.name}
                          {s.role === 'admin' && <Badge tone="brand">{t('students.adminBadge')}</Badge>}
                        </span>
                        <span className="block text-sm text-slate-600">
                          {s.phNo} · {s.place} · {educationLevelLabel(s.class, tCommon)}
                        </span>
                      </span>
                      <span className="flex shrink-0 items-center gap-1 text-sm text-slate-600">
                        {t('students.students.attempts', { count: s.attemptCount })}
                        <ChevronRight className="size-4" aria-hidden="true" />
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
              <Pager
                label={t('students.students.pages')}
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
