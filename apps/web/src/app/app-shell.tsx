import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { rememberScreen } from '../components/pwa/visited-screens';
import { useToastsFollowScreen } from '../components/ui/toasts-follow-screen';

// Service worker registration and its update prompt load after the first paint.
const UpdatePrompt = lazy(() =>
  import('../components/pwa/update-prompt').then((m) => ({ default: m.UpdatePrompt })),
);

/** The root of every screen: the screen, plus the app-wide update prompt. */
export function AppShell() {
  const { pathname } = useLocation();
  // Opens offline from now on (a screen never opened here gets the plain offline page instead).
  useEffect(() => rememberScreen(pathname), [pathname]);
  useToastsFollowScreen(pathname);
  return (
    <>
      <Outlet />
      <Suspense fallback={null}>
        <UpdatePrompt pathname={pathname} />
      </Suspense>
    </>
  );
}
