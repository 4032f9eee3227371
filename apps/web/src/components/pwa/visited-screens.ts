/**
 * The screens opened on this device (ADR 013). The service worker answers a navigation with no
 * network from this cache (with the precached app shell) when the screen was opened here before,
 * and with the plain offline page otherwise (apps/web/vite.config.ts). It records page loads
 * itself; screens reached inside the app never reach it, so the app records them here.
 */
export const VISITED_SCREENS_CACHE = 'visited-screens';

export function rememberScreen(pathname: string): void {
  if (typeof caches === 'undefined') return;
  caches
    .open(VISITED_SCREENS_CACHE)
    .then((cache) => cache.put(pathname, new Response('', { headers: { 'content-type': 'text/html' } })))
    .catch((err: unknown) => console.warn('Could not remember the screen for offline use', err));
}
