import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';

// Service worker registration and its update prompt load after the first paint.
const UpdatePrompt = lazy(() =>
  import('../components/pwa/update-prompt').then((m) => ({ default: m.UpdatePrompt })),
);

/** The root of every screen: the screen, plus the app-wide update prompt. */
export function AppShell() {
  const { pathname } = useLocation();
  return (
    <>
      <Outlet />
      <Suspense fallback={null}>
        <UpdatePrompt pathname={pathname} />
      </Suspense>
    </>
  );
}
