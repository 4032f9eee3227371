import { describe, expect, it } from 'vitest';
import { keepAudio, storedAudioUrls, type AudioStore } from './offline-audio';

/** An in-memory Cache Storage with one cache, keyed by path. */
function fakeStore(online: { value: boolean }) {
  const entries = new Map<string, Blob>();
  const fetched: string[] = [];
  const cache = {
    keys: async () => [...entries.keys()].map((url) => ({ url: `http://app.local${url}` }) as Request),
    match: async (url: string) => (entries.has(url) ? new Response(entries.get(url)) : undefined),
    put: async (url: string, response: Response) => void entries.set(url, await response.blob()),
    delete: async (request: Request) => entries.delete(new URL(request.url).pathname),
  };
  const store: AudioStore = {
    caches: { open: async () => cache as unknown as Cache },
    fetch: async (url) => {
      fetched.push(url);
      if (!online.value) throw new TypeError('Failed to fetch');
      return new Response(new Blob([`audio of ${url}`]));
    },
    toObjectUrl: (blob) => `blob:${blob.size}`,
  };
  return { store, entries, fetched };
}

describe('offline question audio', () => {
  it('keeps the deck recordings, plays them from the device offline, and drops old ones', async () => {
    const online = { value: true };
    const { store, entries, fetched } = fakeStore(online);
    await keepAudio(['/api/files/audio/a.mp3', '/api/files/audio/b.mp3'], store);
    expect([...entries.keys()].sort()).toEqual(['/api/files/audio/a.mp3', '/api/files/audio/b.mp3']);

    online.value = false;
    const urls = await storedAudioUrls(['/api/files/audio/a.mp3', '/api/files/audio/c.mp3'], store);
    expect([...urls.keys()]).toEqual(['/api/files/audio/a.mp3']);
    expect(urls.get('/api/files/audio/a.mp3')).toMatch(/^blob:\d+$/);

    online.value = true;
    await keepAudio(['/api/files/audio/b.mp3'], store);
    expect([...entries.keys()]).toEqual(['/api/files/audio/b.mp3']);
    expect(fetched.filter((u) => u.endsWith('b.mp3'))).toHaveLength(1); // not fetched twice
  });
});
