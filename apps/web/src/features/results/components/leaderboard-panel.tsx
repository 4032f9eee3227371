import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { formatElapsed } from '@quizcast/contract/domain/time-format';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useLeaderboard } from '../api/leaderboard';

/** Leaderboard tab: ranked names with score and time, a page at a time. */
export function LeaderboardPanel({ quizId }: { quizId: string }) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error, refetch, isPlaceholderData } = useLeaderboard(quizId, page);

  if (isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Loading leaderboard" />
      </div>
    );
  }
  if (isError) {
    return (
      <ErrorState
        title="Failed to load leaderboard"
        message={errorMessage(error, 'Please try again.')}
        onRetry={() => void refetch()}
      />
    );
  }
  const pages = Math.max(1, Math.ceil(data.total / data.limit));
  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" aria-busy={isPlaceholderData || undefined}>
          <caption className="sr-only">Leaderboard</caption>
          <thead className="border-b border-slate-200 text-sm text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-3 sm:px-4">
                Rank
              </th>
              <th scope="col" className="px-3 py-3 sm:px-4">
                Name
              </th>
              <th scope="col" className="px-3 py-3 sm:px-4 text-right">
                Score
              </th>
              <th scope="col" className="px-3 py-3 sm:px-4 text-right">
                Time
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
                <td className="px-3 py-3 sm:px-4 tabular-nums">#{row.rank}</td>
                <td className="px-3 py-3 sm:px-4">
                  <span className="inline-flex items-center gap-2">
                    {row.userId.name}
                    {row.isMe && <Badge tone="brand">You</Badge>}
                  </span>
                </td>
                <td className="px-3 py-3 sm:px-4 text-right tabular-nums">{row.score}</td>
                <td className="px-3 py-3 sm:px-4 text-right tabular-nums">
                  {formatElapsed(row.elapsedTime)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <nav
          className="flex items-center justify-between gap-2 border-t border-slate-200 p-3"
          aria-label="Leaderboard pages"
        >
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            <ChevronLeft className="size-4" aria-hidden="true" /> Previous
          </Button>
          <span className="text-sm text-slate-600">
            Page {page} of {pages}
          </span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Next <ChevronRight className="size-4" aria-hidden="true" />
          </Button>
        </nav>
      )}
    </div>
  );
}
