import { lazy, type ReactNode, startTransition, Suspense, useEffect } from 'react';
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
 * links work before any script runs (the landing boot script starts this code after the first
 * paint); this makes it interactive. In Hindi, or from the service
 * worker's shell (no prerendered HTML), it renders instead.
 */
rememberScreen('/');

/**
 * The prerendered page carries only the CSS rules its own markup uses (scripts/prerender-landing.mjs);
 * the stylesheet with the rest (the podium, toasts, the install button) is added by the landing boot
 * script together with this code, and is far smaller: wait for it before showing anything new.
 */
function stylesheetsLoaded(): Promise<unknown> {
  const pending = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter(
    (link) => !link.sheet,
  );
  return Promise.all(
    pending.map(
      (link) =>
        new Promise((resolve) => {
          link.addEventListener('load', resolve, { once: true });
          link.addEventListener('error', resolve, { once: true });
        }),
    ),
  );
}

/**
 * Marks the root `data-ready` once React has committed the page (hydrated or rendered), the moment its
 * buttons start working. It renders nothing, so the hydrated markup is the prerendered one. The browser
 * tests wait for it instead of guessing from the network (e2e/support/landing.ts).
 */
function MarkReady({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.getElementById('root')?.setAttribute('data-ready', 'true');
  }, []);
  return children;
}

void stylesheetsLoaded().then(() => {
  const root = document.getElementById('root')!;
  const page = (
    <MarkReady>
      <LandingTree />
    </MarkReady>
  );
  if (root.hasChildNodes() && currentLanguage() === 'en') {
    // In a transition, hydration yields to the browser every few milliseconds instead of holding the
    // main thread for the whole page (a phone's tap stays responsive; Lighthouse's blocking time).
    startTransition(() => {
      hydrateRoot(root, page);
    });
  } else {
    root.replaceChildren();
    createRoot(root).render(page);
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
});
