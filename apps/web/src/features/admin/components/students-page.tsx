import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { webPath } from '@quizcast/contract/routes';
import { ADMIN_PAGE_SIZE } from '@quizcast/contract/schemas/admin';
import { Badge } from '../../../components/ui/badge';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useStudents } from '../api/students';
import { useSearchPaging } from '../hooks/use-search-paging';
import { Pager } from './pager';
import { SearchBox } from './search-box';

/** Admin: every student with search and paging; each opens a detail view. */
export function StudentsPage() {
  const { page, searchTerm, input, setInput, setPage } = useSearchPaging();
  const query = useStudents({ page, limit: ADMIN_PAGE_SIZE, searchTerm });

  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900">Participants</h1>
      <div className="mt-4">
        <SearchBox
          label="Search students"
          value={input}
          onChange={setInput}
          placeholder="Search by name, phone, place or school"
        />
      </div>
      <div className="mt-4">
        {query.isPending ? (
          <Spinner label="Loading students" />
        ) : query.isError ? (
          <ErrorState
            title="Could not load students"
            message={errorMessage(query.error, 'Please try again.')}
            onRetry={() => void query.refetch()}
          />
        ) : query.data.students.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
            {searchTerm ? 'No students match your search.' : 'No students yet.'}
          </p>
        ) : (
          <>
            <p className="mb-2 text-sm text-slate-600">{query.data.total} students</p>
            <ul
              className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white"
              aria-label="Students"
            >
              {query.data.students.map((s) => (
                <li key={s._id}>
                  <Link
                    to={webPath.participant(s._id)}
                    className="flex min-h-16 items-center justify-between gap-3 px-4 py-3 hover:bg-slate-50"
                  >
                    <span className="min-w-0">
                      <span className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                        {s.name}
                        {s.role === 'admin' && <Badge tone="brand">Admin</Badge>}
                      </span>
                      <span className="block text-sm text-slate-600">
                        {s.phNo} · {s.place} · {s.class}
                      </span>
                    </span>
                    <span className="flex shrink-0 items-center gap-1 text-sm text-slate-600">
                      {s.attemptCount} {s.attemptCount === 1 ? 'attempt' : 'attempts'}
                      <ChevronRight className="size-4" aria-hidden="true" />
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
            <Pager
              label="Student pages"
              page={page}
              limit={ADMIN_PAGE_SIZE}
              total={query.data.total}
              onPage={setPage}
            />
          </>
        )}
      </div>
    </div>
  );
}
