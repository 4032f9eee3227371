/**
 * Question recordings of the cards kept for offline review (ADR 011): stored in Cache Storage when
 * the deck is fetched, handed to the player as object URLs, so a recording plays with no network
 * and without a service worker. Recordings no longer in the deck are dropped.
 */

export const AUDIO_CACHE = 'quizcast-review-audio';

export interface AudioStore {
  caches: Pick<CacheStorage, 'open'> | undefined;
  fetch(url: string): Promise<Response>;
  toObjectUrl(blob: Blob): string;
}

export const browserAudioStore = (): AudioStore => ({
  caches: typeof caches === 'undefined' ? undefined : caches,
  fetch: (url) => fetch(url),
  toObjectUrl: (blob) => URL.createObjectURL(blob),
});

const pathOf = (url: string) => new URL(url, 'http://device.local').pathname;

/** Keeps these recordings (fetching the missing ones) and drops the others; never throws. */
export async function keepAudio(urls: string[], store: AudioStore): Promise<void> {
  if (!store.caches) return;
  try {
    const cache = await store.caches.open(AUDIO_CACHE);
    const wanted = new Set(urls.map(pathOf));
    for (const request of await cache.keys()) {
      if (!wanted.has(pathOf(request.url))) await cache.delete(request);
    }
    for (const url of new Set(urls)) {
      if (await cache.match(url)) continue;
      const response = await store.fetch(url).catch(() => null);
      if (response?.ok) await cache.put(url, response);
    }
  } catch {
    /* storage full or unavailable: recordings then need the network */
  }
}

/** Object URLs for the recordings held on the device (keyed by their original URL). */
export async function storedAudioUrls(urls: string[], store: AudioStore): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (!store.caches) return found;
  try {
    const cache = await store.caches.open(AUDIO_CACHE);
    for (const url of new Set(urls)) {
      const response = await cache.match(url);
      if (response) found.set(url, store.toObjectUrl(await response.blob()));
    }
  } catch {
    /* fall back to the network URLs */
  }
  return found;
}
