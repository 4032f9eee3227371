import { lazy, Suspense } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { rememberScreen } from './components/pwa/visited-screens';
import { Toaster } from './components/ui/toaster';
import { currentLanguage } from './i18n/i18n';
import { LandingTree } from './landing-tree';

// Service worker registration and its update prompt load after the first paint, as in the app.
const UpdatePrompt = lazy(() =>
  import('./components/pwa/update-prompt').then((m) => ({ default: m.UpdatePrompt })),
);

/*
 * The landing page on its own (ADR 013): no router, query client or auth, so its first download is
 * React and the page. Its links load the next screen as a page (the app's code is precached by the
 * service worker after the first visit). Inside the app, `/` still renders the same page.
 *
 * The server sends `/` prerendered in English (dist/landing.html): the page is on screen and its
 * links work before any script runs; this makes it interactive. In Hindi, or from the service
 * worker's shell (no prerendered HTML), it renders instead.
 */
rememberScreen('/');

const root = document.getElementById('root')!;
if (root.hasChildNodes() && currentLanguage() === 'en') {
  hydrateRoot(root, <LandingTree />);
} else {
  root.replaceChildren();
  createRoot(root).render(<LandingTree />);
}

// The rest lives outside the prerendered markup, in a root of its own.
const extras = document.createElement('div');
document.body.append(extras);
createRoot(extras).render(
  <>
    <Suspense fallback={null}>
      <UpdatePrompt pathname="/" />
    </Suspense>
    <Toaster />
  </>,
);
