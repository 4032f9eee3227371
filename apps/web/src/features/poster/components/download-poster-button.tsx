import { CheckCircle2, Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useAuth } from '../../../lib/auth';
import { usePoster } from '../hooks/use-poster';
import { useLanguage, useT } from '../../../i18n/use-t';
import { posterCatalog } from '../messages/catalog';

/**
 * "Download poster": draws the participation poster (template, picture circle, name) on a canvas and
 * saves it as quiz-poster.png. Failures show a box headed "Error" with Dismiss.
 */
export function DownloadPosterButton({
  variant = 'accent',
}: {
  variant?: 'accent' | 'primary' | 'secondary';
}) {
  const { user } = useAuth();
  const t = useT(posterCatalog);
  const language = useLanguage();
  const { state, generate, dismiss } = usePoster({
    name: user?.name,
    pictureUrl: user?.profilePicUrl,
    fallbackName: t('poster.fallbackName'),
  });
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant={variant} loading={state.status === 'generating'} onClick={() => void generate()}>
          {state.status !== 'generating' && <Download className="size-4" aria-hidden="true" />}
          {t('poster.download')}
        </Button>
        <span role="status" className="text-sm font-medium">
          {state.status === 'generating' && t('poster.generating')}
          {state.status === 'done' && (
            <span className="inline-flex items-center gap-1.5">
              <CheckCircle2 className="size-4" aria-hidden="true" /> {t('poster.downloaded')}
            </span>
          )}
        </span>
      </div>
      {state.status === 'error' && (
        <div
          role="alert"
          aria-labelledby="poster-error-heading"
          className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900"
        >
          <h2 id="poster-error-heading" className="font-bold">
            {t('poster.error')}
          </h2>
          <p className="mt-1 text-sm">{(language === 'en' && state.message) || t('poster.failed')}</p>
          <Button variant="secondary" className="mt-3" onClick={dismiss}>
            {t('poster.dismiss')}
          </Button>
        </div>
      )}
    </div>
  );
}
