import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { FullScreenLoader } from './components/ui/full-screen-loader';
import { Toaster } from './components/ui/toaster';
import { LandingPage } from './features/landing/components/landing-page';
import { rememberScreen } from './components/pwa/visited-screens';

// Service worker registration and its update prompt load after the first paint, as in the app.
const UpdatePrompt = lazy(() =>
  import('./components/pwa/update-prompt').then((m) => ({ default: m.UpdatePrompt })),
);

/**
 * The landing page on its own (ADR 013): no router, query client or auth, so its first download is
 * React and the page. Its links load the next screen as a page (the app's code is precached by
 * the service worker after the first visit). Inside the app, `/` still renders the same page.
 */
rememberScreen('/');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {/* Hindi chosen on this device: the landing catalogue's Hindi arrives first. */}
    <Suspense fallback={<FullScreenLoader />}>
      <LandingPage />
    </Suspense>
    <Suspense fallback={null}>
      <UpdatePrompt pathname="/" />
    </Suspense>
    <Toaster />
  </StrictMode>,
);
