import { Download } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { formatElapsed } from '@quizcast/contract/domain/time-format';
import { webPath } from '@quizcast/contract/routes';
import { ADMIN_PAGE_SIZE } from '@quizcast/contract/schemas/admin-page';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { HorizontalScroll } from '../../../components/ui/horizontal-scroll';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/api-client';
import { studentsCatalog } from '../messages/catalog';
import { downloadParticipantsCsv, useQuizParticipants } from '../api/quiz-participants';
import { useSearchPaging } from '../../../hooks/use-search-paging';
import { Pager } from '../../../components/lists/pager';
import { ListState } from '../../../components/lists/list-state';
import { SearchBox } from '../../../components/lists/search-box';

const statusTone = { in_progress: 'blue', submitted: 'green', auto_submitted: 'amber' } as const;

/** Everyone who attempted a quiz: rank, name, phone, score, time and status; search, pages, CSV. */
export function ParticipantsTable({ quizId }: { quizId: string }) {
  const { page, searchTerm, input, setInput, setPage } = useSearchPaging('p');
  const query = useQuizParticipants(quizId, { page, limit: ADMIN_PAGE_SIZE, searchTerm });
  const [downloading, setDownloading] = useState(false);
  const t = useT(studentsCatalog);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadParticipantsCsv(quizId, searchTerm);
    } catch (err) {
      toast.error(errorMessage(err, t('students.csvFailed')));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section aria-labelledby="participants-heading" className="mt-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="participants-heading" className="text-lg font-bold text-slate-900">
          {t('students.participants.title')}
        </h2>
        <Button variant="secondary" onClick={() => void download()} loading={downloading}>
          <Download className="size-4" aria-hidden="true" />
          {t('students.participants.download')}
        </Button>
      </div>
      <div className="mt-3">
        <SearchBox
          label={t('students.participants.search')}
          value={input}
          onChange={setInput}
          placeholder={t('students.participants.searchPlaceholder')}
        />
      </div>
      <div className="mt-3">
        <ListState
          query={query}
          loadingLabel={t('students.participants.loading')}
          errorTitle={t('students.participants.loadFailed')}
          isEmpty={(data) => data.participants.length === 0}
          emptyMessage={searchTerm ? t('students.participants.noMatch') : t('students.participants.empty')}
        >
          {(data) => (
            <>
              <HorizontalScroll className="rounded-2xl border border-slate-200 bg-white">
                <table className="w-full min-w-[40rem] text-left text-sm">
                  <caption className="sr-only">
                    {t('students.participants.caption', { quiz: data.quiz.name, total: data.total })}
                  </caption>
                  <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
                    <tr>
                      <th scope="col" className="px-3 py-2">
                        {t('students.participants.rank')}
                      </th>
                      <th scope="col" className="px-3 py-2">
                        {t('students.participants.name')}
                      </th>
                      <th scope="col" className="px-3 py-2">
                        {t('students.participants.phone')}
                      </th>
                      <th scope="col" className="px-3 py-2">
                        {t('students.participants.score')}
                      </th>
                      <th scope="col" className="px-3 py-2">
                        {t('students.participants.time')}
                      </th>
                      <th scope="col" className="px-3 py-2">
                        {t('students.participants.status')}
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {data.participants.map((p) => (
                      <tr key={p._id}>
                        <td className="px-3 py-2 font-semibold">{p.rank ?? '—'}</td>
                        <td className="px-3 py-2">
                          <Link
                            to={webPath.participant(p.userId._id)}
                            className="font-medium text-brand-800 underline-offset-2 hover:underline"
                          >
                            {p.name}
                          </Link>
                        </td>
                        <td className="px-3 py-2 tabular-nums">{p.phNo}</td>
                        <td className="px-3 py-2 tabular-nums">{p.score ?? '—'}</td>
                        <td className="px-3 py-2 tabular-nums">
                          {p.elapsedTime === null ? '—' : formatElapsed(p.elapsedTime)}
                          {p.implausibleTime && (
                            <span className="ms-2">
                              <Badge tone="amber">{t('students.participants.implausibleTime')}</Badge>
                              {p.secondsPerAnswer !== null && (
                                <span className="ms-1 text-xs text-slate-600">
                                  {t('students.participants.secondsPerAnswer', {
                                    seconds: p.secondsPerAnswer,
                                  })}
                                </span>
                              )}
                            </span>
                          )}
                        </td>
                        <td className="px-3 py-2">
                          <Badge tone={statusTone[p.status]}>{t(`students.attempt.${p.status}`)}</Badge>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </HorizontalScroll>
              <Pager
                label={t('students.participants.pages')}
                page={page}
                limit={ADMIN_PAGE_SIZE}
                total={data.total}
                onPage={setPage}
              />
            </>
          )}
        </ListState>
      </div>
    </section>
  );
}
