import { CloudOff } from 'lucide-react';
import { useServerMessage, useT } from '../../../i18n/use-t';
import type { SyncProblem } from '../hooks/use-practice-answers';
import { practiceCatalog } from '../messages/catalog';

/** Offline, or a save the server refused: said once above the question (a status, or an alert). */
export function PracticeSyncNotice({ problem, unsentCount }: { problem: SyncProblem; unsentCount: number }) {
  const t = useT(practiceCatalog);
  const localise = useServerMessage();
  if (problem?.kind === 'refused')
    return (
      <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200">
        {localise(problem.message)}
      </p>
    );
  return (
    <div role="status" aria-live="polite">
      {problem?.kind === 'offline' && (
        <p className="flex items-start gap-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300">
          <CloudOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            {t('practice.offline.banner')}{' '}
            {unsentCount > 0 && t('practice.offline.waiting', { count: unsentCount })}
          </span>
        </p>
      )}
    </div>
  );
}
