import { About } from './about';
import { Hero } from './hero';
import { LandingFooter } from './landing-footer';
import { LandingHeader } from './landing-header';
import { LatestResult } from './latest-result';

/** Public landing page: header, hero, Latest Result podium, About, footer (spec section 2). */
export function LandingPage() {
  return (
    <div className="min-h-dvh bg-white">
      <LandingHeader />
      <main>
        <Hero />
        <LatestResult />
        <About />
      </main>
      <LandingFooter />
    </div>
  );
}
