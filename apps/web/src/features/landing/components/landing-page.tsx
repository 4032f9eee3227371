import { About } from './about';
import { Hero } from './hero';
import { LandingFooter } from './landing-footer';
import { LandingHeader } from './landing-header';

/** Public landing page: header, hero, Latest Result podium, About, footer (spec section 2). */
export function LandingPage() {
  return (
    <div className="min-h-dvh bg-white">
      <LandingHeader />
      <main>
        <Hero />
        {/* The Latest Result podium renders here once results are published (results issue). */}
        <About />
      </main>
      <LandingFooter />
    </div>
  );
}
