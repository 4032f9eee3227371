import { CloudOff, HardDriveDownload } from 'lucide-react';
import { useT } from '../../../i18n/use-t';
import { attemptCatalog } from '../attempt/messages/catalog';

/**
 * The connection and storage notices, at the end of the attempt screen in the page's flow, so
 * appearing or clearing never moves the choices under the learner's thumb. Not fixed: fixed to the
 * bottom of the screen they covered "Save & Next" on a phone (issue 30, defect 8), and nothing
 * fixed may cover an action.
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
    <div data-testid="attempt-notices" className="flex flex-col gap-2">
      {offline && (
        <p
          role="status"
          className="flex items-start gap-2 rounded-xl bg-amber-100 px-4 py-3 text-sm font-medium text-amber-950 ring-1 ring-amber-300"
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
          className="flex items-start gap-2 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-900 ring-1 ring-red-300"
        >
          <HardDriveDownload className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <span>{t('attempt.offline.storage')}</span>
        </p>
      )}
    </div>
  );
}
