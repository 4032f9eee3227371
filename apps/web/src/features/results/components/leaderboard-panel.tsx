import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { formatElapsed } from '@quizcast/contract/domain/time-format';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { HorizontalScroll } from '../../../components/ui/horizontal-scroll';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useLeaderboard } from '../api/leaderboard';
import { formatNumber } from '../../../i18n/format';
import { useLanguage, useServerMessage, useT } from '../../../i18n/use-t';
import { resultsCatalog } from '../messages/catalog';

/** Leaderboard tab: ranked names with score and time, a page at a time. */
export function LeaderboardPanel({ quizId }: { quizId: string }) {
  const [page, setPage] = useState(1);
  const t = useT(resultsCatalog);
  const localise = useServerMessage();
  const language = useLanguage();
  const { data, isPending, isError, error, refetch, isPlaceholderData } = useLeaderboard(quizId, page);

  if (isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label={t('results.leaderboard.loading')} />
      </div>
    );
  }
  if (isError) {
    return (
      <ErrorState
        title={t('results.leaderboard.failed')}
        message={localise(errorMessage(error, t('results.tryAgain')))}
        onRetry={() => void refetch()}
      />
    );
  }
  const pages = Math.max(1, Math.ceil(data.total / data.limit));
  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <HorizontalScroll>
        <table className="w-full text-left text-sm" aria-busy={isPlaceholderData || undefined}>
          <caption className="sr-only">{t('results.leaderboard.caption')}</caption>
          <thead className="border-b border-slate-200 text-sm text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-3 sm:px-4">
                {t('results.leaderboard.rank')}
              </th>
              <th scope="col" className="px-3 py-3 sm:px-4">
                {t('results.leaderboard.name')}
              </th>
              <th scope="col" className="px-3 py-3 sm:px-4 text-right">
                {t('results.leaderboard.score')}
              </th>
              <th scope="col" className="px-3 py-3 sm:px-4 text-right">
                {t('results.leaderboard.time')}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.results.map((row) => (
              <tr
                key={row._id}
                aria-current={row.isMe ? 'true' : undefined}
                className={`border-b border-slate-100 last:border-0 ${row.isMe ? 'bg-brand-50 font-semibold' : ''}`}
              >
                <td className="px-3 py-3 sm:px-4 tabular-nums">
                  {t('results.rankValue', { rank: row.rank })}
                </td>
                <td className="px-3 py-3 sm:px-4">
                  <span className="inline-flex flex-wrap items-center gap-2">
                    {row.userId.name}
                    {row.isMe && <Badge tone="brand">{t('results.leaderboard.you')}</Badge>}
                    {row.withCompensatoryTime && <Badge>{t('results.withCompensatoryTime')}</Badge>}
                  </span>
                </td>
                <td className="px-3 py-3 sm:px-4 text-right tabular-nums">
                  {formatNumber(row.score, language)}
                </td>
                <td className="px-3 py-3 sm:px-4 text-right tabular-nums">
                  {formatElapsed(row.elapsedTime)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </HorizontalScroll>
      {pages > 1 && (
        <nav
          className="flex items-center justify-between gap-2 border-t border-slate-200 p-3"
          aria-label={t('results.leaderboard.pages')}
        >
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            <ChevronLeft className="size-4" aria-hidden="true" /> {t('results.leaderboard.previous')}
          </Button>
          <span className="text-sm text-slate-600">{t('results.leaderboard.page', { page, pages })}</span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {t('results.leaderboard.next')} <ChevronRight className="size-4" aria-hidden="true" />
          </Button>
        </nav>
      )}
    </div>
  );
}
