import { useQueryClient } from '@tanstack/react-query';
import { ListChecks, Menu, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { toast } from 'sonner';
import { LAYOUT } from '@quizcast/contract/constants';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import { Logo } from '../../components/ui/logo';
import { AdminNav } from '../../features/admin/components/admin-nav';
import { onUnauthorized } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { withRedirect } from '../../lib/redirect';
import { UserMenu } from './user-menu';

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
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [loggedOut, setLoggedOut] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  // The phone menu is modal while open: the page behind is inert, focus starts on "Close menu",
  // Escape closes it and focus goes back to "Open menu". Growing to the desktop layout closes it.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (!sidebarOpen) {
      // Back to "Open menu" once the page is no longer inert (unless focus already moved on).
      const focused = document.activeElement;
      const lost =
        !focused || focused === document.body || document.getElementById('sidebar')?.contains(focused);
      if (wasOpen.current && lost) openButton.current?.focus();
      wasOpen.current = false;
      return;
    }
    wasOpen.current = true;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setSidebarOpen(false);
    };
    const wide = window.matchMedia?.('(min-width: 48rem)');
    const onWide = () => wide?.matches && setSidebarOpen(false);
    window.addEventListener('keydown', onKey);
    wide?.addEventListener('change', onWide);
    return () => {
      window.removeEventListener('keydown', onKey);
      wide?.removeEventListener('change', onWide);
    };
  }, [sidebarOpen]);

  useEffect(
    () =>
      onUnauthorized(() => {
        toast.error('Your session has ended. Please log in again.', { id: 'session-ended' });
        removeUser();
        queryClient.clear();
      }),
    [removeUser, queryClient],
  );

  if (!user) {
    if (loggedOut) return <Navigate to={WEB_ROUTES.login} replace />;
    const redirect = `${location.pathname}${location.search}`;
    return <Navigate to={withRedirect(WEB_ROUTES.login, redirect)} replace state={{ redirect }} />;
  }

  const logout = () => {
    setLoggedOut(true);
    removeUser();
    queryClient.clear();
  };

  return (
    <div className="min-h-dvh bg-slate-50">
      <a
        inert={sidebarOpen}
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      {sidebarOpen && (
        <div
          className="fixed inset-0 z-30 bg-slate-900/40 md:hidden"
          aria-hidden="true"
          onClick={() => setSidebarOpen(false)}
        />
      )}
      <aside
        id="sidebar"
        style={{ width: LAYOUT.sidebarWidthPx }}
        className={`fixed inset-y-0 left-0 z-40 flex flex-col border-r border-slate-200 bg-white md:visible md:translate-x-0 ${
          // Visible at once when opening (so focus can move in); hidden only after sliding out.
          sidebarOpen
            ? 'visible translate-x-0 transition-[translate]'
            : 'invisible -translate-x-full transition-[translate,visibility]'
        }`}
        aria-label="Sidebar"
      >
        <div className="flex items-center justify-between px-6" style={{ height: LAYOUT.topBarHeightPx }}>
          <Logo />
          <button
            type="button"
            ref={closeButton}
            className="grid size-11 place-items-center rounded-lg text-slate-600 hover:bg-slate-100 md:hidden"
            onClick={() => setSidebarOpen(false)}
            aria-label="Close menu"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
        <nav className="flex-1 px-4 py-2" aria-label="Main">
          <NavLink
            to={WEB_ROUTES.quizzes}
            onClick={() => setSidebarOpen(false)}
            className={({ isActive }) =>
              `flex min-h-11 items-center gap-3 rounded-xl px-4 text-sm font-semibold ${
                isActive ? 'bg-brand-100 text-brand-900' : 'text-slate-700 hover:bg-slate-100'
              }`
            }
          >
            <ListChecks className="size-5" aria-hidden="true" />
            Quizzes
          </NavLink>
          <AdminNav onNavigate={() => setSidebarOpen(false)} />
        </nav>
      </aside>

      <div className="md:pl-[300px]" inert={sidebarOpen}>
        <header
          className="sticky top-0 z-20 flex items-center justify-between gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur sm:px-6"
          style={{ height: LAYOUT.topBarHeightPx }}
        >
          <div className="flex items-center gap-3">
            <button
              ref={openButton}
              type="button"
              className="grid size-11 place-items-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden"
              onClick={() => setSidebarOpen((open) => !open)}
              aria-label="Open menu"
              aria-expanded={sidebarOpen}
              aria-controls="sidebar"
            >
              <Menu className="size-5" aria-hidden="true" />
            </button>
            <p className="truncate text-lg font-semibold text-slate-900">Hi, {user.name}</p>
          </div>
          <UserMenu user={user} onLogout={logout} />
        </header>
        <main id="main" className="mx-auto max-w-5xl px-4 py-6 sm:px-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
