// First: before any chunk that builds a zod schema loads (lib/zod-jitless.ts).
import './lib/zod-jitless';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import { captureInstallPrompt } from './components/pwa/install-prompt';
import { startLanguage } from './i18n/i18n';
import './index.css';

captureInstallPrompt();
startLanguage();

// Two boots (ADR 013): the landing page without the router, query client and auth (its budget is
// 100 KB gzip), every other screen with them. apps/web/route-preload.ts announces the chosen
// boot's chunks from the page's head, so this import costs no extra round trip.
if (location.pathname === WEB_ROUTES.root) void import('./landing-main');
else void import('./app-main');
