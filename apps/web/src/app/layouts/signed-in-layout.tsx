import { useQueryClient } from '@tanstack/react-query';
import { Menu } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LAYOUT } from '@quizcast/contract/constants';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import { FullScreenLoader } from '../../components/ui/full-screen-loader';
import { Logo } from '../../components/ui/logo';
import { announceOn, ScreenNotice } from '../../components/ui/screen-notice';
import { logoutOnServer } from '../../features/auth/api/logout';
import { onUnauthorized } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { withRedirect } from '../../lib/redirect';
import { useT } from '../../i18n/use-t';
import { appCatalog } from '../messages/catalog';
import { SidebarNav } from './sidebar-nav';
import { UserMenu } from './user-menu';

const PhoneMenu = lazy(() => import('./phone-menu').then((m) => ({ default: m.PhoneMenu })));

/**
 * The signed-in area (spec section 2): 300 px sidebar that collapses behind a menu toggle below md,
 * 80 px top bar greeting the user, user menu, content for the child route. Signed-out visitors go to
 * /login with the current path as the redirect target; so does anyone whose session the server refuses
 * (any 401), after the stored user and token are cleared.
 */
export function SignedInLayout() {
  const { user, removeUser } = useAuth();
  const queryClient = useQueryClient();
  const location = useLocation();
  const t = useT(appCatalog);
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [loggedOut, setLoggedOut] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);
  // The drawer's code (the dialog primitive) arrives on the first tap of "Open menu".
  const [menuLoaded, setMenuLoaded] = useState(false);

  // Growing to the desktop layout closes the phone menu (the sidebar is then always shown).
  useEffect(() => {
    if (!sidebarOpen) return;
    const wide = window.matchMedia?.('(min-width: 48rem)');
    const onWide = () => wide?.matches && setSidebarOpen(false);
    wide?.addEventListener('change', onWide);
    return () => wide?.removeEventListener('change', onWide);
  }, [sidebarOpen]);

  useEffect(
    () =>
      onUnauthorized(() => {
        // Said on the login it goes to, in its flow.
        announceOn(WEB_ROUTES.login, t('app.sessionEnded'), 'error');
        removeUser();
        queryClient.clear();
      }),
    [removeUser, queryClient, t],
  );

  if (!user) {
    if (loggedOut) return <Navigate to={WEB_ROUTES.login} replace />;
    const redirect = `${location.pathname}${location.search}`;
    return <Navigate to={withRedirect(WEB_ROUTES.login, redirect)} replace state={{ redirect }} />;
  }

  const logout = async () => {
    // The screen goes first, so nothing on it asks the server anything with a token being revoked
    // (a card that mounted late asked with it and got 401s); then the server revokes the session
    // (the token stops working everywhere), then this device forgets it.
    setLoggingOut(true);
    await queryClient.cancelQueries();
    await logoutOnServer();
    setLoggedOut(true);
    removeUser();
    queryClient.clear();
  };

  if (loggingOut) return <FullScreenLoader label={t('app.loggingOut')} />;

  return (
    <div className="min-h-dvh bg-slate-50 md:flex">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        {t('app.skipToContent')}
      </a>
      {/* Desktop: the sidebar is always there: a column as tall as the page (a fixed one's background
          ended at the first screen's height on long pages, issue 30, defect 14), its menu kept in view. */}
      <aside
        style={{ width: LAYOUT.sidebarWidthPx }}
        className="z-40 hidden shrink-0 border-r border-slate-200 bg-white md:block"
        aria-label={t('app.sidebar')}
      >
        <div className="sticky top-0 flex max-h-dvh flex-col overflow-y-auto">
          <div className="flex shrink-0 items-center px-6" style={{ height: LAYOUT.topBarHeightPx }}>
            <Logo />
          </div>
          <SidebarNav onNavigate={() => undefined} />
        </div>
      </aside>
      {/* Phone: the same menu in a drawer, loaded on the first tap of "Open menu". */}
      {menuLoaded && (
        <Suspense fallback={null}>
          <PhoneMenu open={sidebarOpen} onOpenChange={setSidebarOpen} openButton={openButton} />
        </Suspense>
      )}

      <div className="min-w-0 flex-1">
        <header
          className="sticky top-0 z-20 flex items-center justify-between gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur sm:px-6"
          style={{ height: LAYOUT.topBarHeightPx }}
        >
          <div className="flex min-w-0 items-center gap-3">
            <button
              ref={openButton}
              type="button"
              className="grid size-11 place-items-center rounded-lg text-slate-700 hover:bg-slate-100 active:bg-slate-200 md:hidden"
              onClick={() => {
                setMenuLoaded(true);
                setSidebarOpen((open) => !open);
              }}
              aria-label={t('app.openMenu')}
              aria-expanded={sidebarOpen}
              aria-controls="sidebar"
            >
              <Menu className="size-5" aria-hidden="true" />
            </button>
            <p className="truncate text-lg font-semibold text-slate-900">
              {t('app.greeting', { name: user.name })}
            </p>
          </div>
          <UserMenu user={user} onLogout={() => void logout()} />
        </header>
        <main id="main" className="mx-auto max-w-5xl px-4 py-6 sm:px-6">
          <ScreenNotice />
          <Outlet />
        </main>
      </div>
    </div>
  );
}
