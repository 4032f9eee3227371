import { CloudOff, HardDriveDownload } from 'lucide-react';
import { useT } from '../../../i18n/use-t';
import { attemptCatalog } from '../attempt/messages/catalog';

/**
 * The connection and storage notices. Fixed at the bottom of the screen, so appearing or clearing
 * never moves the choices under the learner's thumb.
 */
export function OfflineNotice({
  offline,
  waiting,
  storageProblem,
}: {
  offline: boolean;
  waiting: number;
  storageProblem: boolean;
}) {
  const t = useT(attemptCatalog);
  if (!offline && !storageProblem) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-40 flex flex-col items-center gap-2 px-3 pb-3">
      {offline && (
        <p
          role="status"
          className="pointer-events-auto flex max-w-lg items-start gap-2 rounded-xl bg-amber-100 px-4 py-3 text-sm font-medium text-amber-950 shadow-lg ring-1 ring-amber-300"
        >
          <CloudOff className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <span>
            {t('attempt.offline.notice')} {t('attempt.offline.waiting', { count: waiting })}
          </span>
        </p>
      )}
      {storageProblem && (
        <p
          role="alert"
          className="pointer-events-auto flex max-w-lg items-start gap-2 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-900 shadow-lg ring-1 ring-red-300"
        >
          <HardDriveDownload className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <span>{t('attempt.offline.storage')}</span>
        </p>
      )}
    </div>
  );
}
