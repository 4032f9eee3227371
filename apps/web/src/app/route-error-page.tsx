import { AlertTriangle } from 'lucide-react';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import { Button } from '../components/ui/button';
import { commonCatalog } from '../i18n/messages/catalog';
import { useTOrEnglish } from '../i18n/use-t';

/** A lazy screen's code could not be downloaded (offline, or a new release replaced it). */
function isLoadFailure(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Failed to fetch|ChunkLoadError|Importing a module script failed/i.test(
    text,
  );
}

/**
 * Every route's error boundary: a plain message with Reload and Back to Quizzes, never a stack trace or
 * the router's developer page. Answers of a running attempt are on the device, so a reload loses nothing.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  // Never waits for the Hindi: this screen may show because the network is gone.
  const t = useTOrEnglish(commonCatalog);
  useEffect(() => {
    console.error('Screen failed', error);
  }, [error]);
  const message = isLoadFailure(error)
    ? t('common.routeError.loadFailed')
    : isRouteErrorResponse(error) && error.status === 404
      ? t('common.routeError.notFound')
      : t('common.routeError.crashed');
  return (
    <main className="grid min-h-[60dvh] place-items-center px-4 py-10">
      <section role="alert" className="max-w-md rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
        <AlertTriangle className="mx-auto size-8 text-red-600" aria-hidden="true" />
        <h1 className="mt-3 text-lg font-bold text-red-900">{t('common.routeError.title')}</h1>
        <p className="mt-1 text-sm text-red-800">{message}</p>
        <div className="mt-5 flex flex-col gap-2 sm:flex-row sm:justify-center">
          <Button onClick={() => window.location.reload()}>{t('common.routeError.reload')}</Button>
          <a
            href={WEB_ROUTES.quizzes}
            className="inline-flex min-h-11 items-center justify-center rounded-xl px-5 py-2.5 text-sm font-semibold text-brand-800 ring-1 ring-slate-300 hover:bg-white"
          >
            {t('common.routeError.back')}
          </a>
        </div>
      </section>
    </main>
  );
}
