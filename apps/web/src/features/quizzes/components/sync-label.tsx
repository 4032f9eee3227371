import { useT } from '../../../i18n/use-t';
import { attemptCatalog } from '../attempt/messages/catalog';
import type { SyncState } from '../hooks/attempt-session';
import type { AttemptKey } from './palette-labels';

const SYNC_TEXT: Record<SyncState, AttemptKey> = {
  saved: 'attempt.sync.saved',
  saving: 'attempt.sync.saving',
  pending: 'attempt.sync.pending',
  offline: 'attempt.sync.offline',
  error: 'attempt.sync.retrying',
};

/** Whether the answers have reached the server, announced as it changes. */
export function SyncLabel({ sync }: { sync: SyncState }) {
  const t = useT(attemptCatalog);
  return (
    <p className="text-sm text-slate-600" aria-live="polite">
      {t(SYNC_TEXT[sync])}
    </p>
  );
}
