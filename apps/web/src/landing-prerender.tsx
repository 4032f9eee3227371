import { renderToString } from 'react-dom/server';
import { LandingTree } from './landing-tree';

/** The landing page's HTML in English, for dist/landing.html (scripts/prerender-landing.mjs). */
export function renderLanding(): string {
  return renderToString(<LandingTree />);
}
