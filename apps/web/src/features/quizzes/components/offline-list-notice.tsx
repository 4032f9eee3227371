import { CloudOff } from 'lucide-react';
import { Link } from 'react-router';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import { useT } from '../../../i18n/use-t';
import { quizzesCatalog } from '../messages/catalog';

/**
 * In place of the list when the device is offline and has no copy of it (issue 30, defect 12: an
 * offline reload showed grey skeletons and nothing else): says so, and what is kept on the device.
 */
export function OfflineListNotice() {
  const t = useT(quizzesCatalog);
  return (
    <div role="status" className="flex flex-col items-center gap-3 p-6 text-center">
      <CloudOff className="size-8 text-slate-500" aria-hidden="true" />
      <p className="font-semibold text-slate-900">{t('quizzes.offline.title')}</p>
      <p className="max-w-md text-sm text-slate-700">{t('quizzes.offline.text')}</p>
      <Link
        to={WEB_ROUTES.review}
        className="inline-flex min-h-11 items-center rounded-xl px-4 text-sm font-semibold text-brand-800 underline underline-offset-4"
      >
        {t('quizzes.offline.review')}
      </Link>
    </div>
  );
}
