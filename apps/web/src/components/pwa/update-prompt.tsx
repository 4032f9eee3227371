import { useEffect, useSyncExternalStore } from 'react';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import { commonCatalog } from '../../i18n/messages/catalog';
import { useT } from '../../i18n/use-t';
import { applyUpdate, startServiceWorker, subscribeToUpdate, updateWaiting } from './service-worker';

/** Screens a reload would interrupt: the prompt waits until the learner leaves them. */
export function isUninterruptible(pathname: string): boolean {
  return pathname === WEB_ROUTES.quizAttend || pathname === '/review' || pathname.startsWith('/review/');
}

/**
 * Registers the service worker and, when a new version is waiting, offers
 * "A new version is available — Reload". It never reloads by itself; during an attempt or a review
 * it stays hidden until the learner is done (`pathname`: the screen on display; no router here, the
 * landing page has none). Fixed to the bottom, so nothing on the page moves.
 */
export function UpdatePrompt({ pathname }: { pathname: string }) {
  // Registered once the prompt has mounted, never from a render React may throw away.
  useEffect(startServiceWorker, []);
  const needRefresh = useSyncExternalStore(subscribeToUpdate, updateWaiting, () => false);
  if (!needRefresh || isUninterruptible(pathname)) return null;
  return <UpdateOffer onReload={applyUpdate} />;
}

/** "A new version is available — Reload", in the language on screen. */
function UpdateOffer({ onReload }: { onReload(): void }) {
  const t = useT(commonCatalog);
  return (
    <div
      role="status"
      className="fixed inset-x-0 bottom-0 z-50 flex justify-center px-4 pb-[max(1rem,env(safe-area-inset-bottom))]"
    >
      <div className="flex max-w-md flex-1 items-center justify-between gap-3 rounded-2xl bg-slate-900 px-4 py-3 text-base text-white shadow-lg">
        <span>{t('common.update.available')}</span>
        <button
          type="button"
          onClick={onReload}
          className="min-h-11 rounded-xl bg-white px-4 font-semibold text-slate-900 hover:bg-slate-100 active:bg-slate-200"
        >
          {t('common.update.reload')}
        </button>
      </div>
    </div>
  );
}
