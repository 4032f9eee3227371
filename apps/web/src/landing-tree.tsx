import { StrictMode, Suspense } from 'react';
import { FullScreenLoader } from './components/ui/full-screen-loader';
import { LandingPage } from './features/landing/components/landing-page';

/**
 * The landing page as it is rendered at build time (scripts/prerender-landing.mjs writes it into
 * dist/landing.html) and hydrated in the browser (src/landing-main.tsx): one tree for both, so they match.
 */
export function LandingTree() {
  return (
    <StrictMode>
      {/* Hindi chosen on this device: the landing catalogue's Hindi arrives first. */}
      <Suspense fallback={<FullScreenLoader />}>
        <LandingPage />
      </Suspense>
    </StrictMode>
  );
}
