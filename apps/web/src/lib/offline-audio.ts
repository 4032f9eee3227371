const kept = new Set<string>();

/**
 * Downloads a question's recording whole, once, while a service worker controls the page, so the
 * worker's audio cache holds it: a player only ever asks for byte ranges (206), which Workbox does
 * not store. Later plays and seeks are then answered from the cache with the range asked for,
 * offline too (vite.config.ts, `question-audio`).
 */
export function keepAudioForOffline(url: string): void {
  if (kept.has(url) || typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return;
  kept.add(url);
  void fetch(url)
    .then((response) => response.arrayBuffer())
    .catch(() => kept.delete(url));
}
