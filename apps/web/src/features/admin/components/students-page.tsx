import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { webPath } from '@quizcast/contract/routes';
import { ADMIN_PAGE_SIZE } from '@quizcast/contract/schemas/admin';
import { Badge } from '../../../components/ui/badge';
import { useStudents } from '../api/students';
import { useSearchPaging } from '../hooks/use-search-paging';
import { Pager } from './pager';
import { ListState } from './list-state';
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
        <ListState
          query={query}
          loadingLabel="Loading students"
          errorTitle="Could not load students"
          isEmpty={(data) => data.students.length === 0}
          emptyMessage={searchTerm ? 'No students match your search.' : 'No students yet.'}
        >
          {(data) => (
            <>
              <p className="mb-2 text-sm text-slate-600">{data.total} students</p>
              <ul
                className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white"
                aria-label="Students"
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
