import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchPosterTemplate, storageErrorMessage } from './poster-template';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const error = (status: number, message: string) =>
  new Response(JSON.stringify({ statusCode: status, message, error: 'x' }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

describe('poster template', () => {
  it('fetches the template from the app', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('png', { status: 200, headers: { 'content-type': 'image/png' } }),
    );
    const blob = await fetchPosterTemplate();
    expect(blob.size).toBe(3);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/assets/poster-template');
  });

  it.each([
    [404, 'File not found in storage'],
    [401, 'Unauthorized access to file'],
    [403, 'Unauthorized access to file'],
    [500, 'Storage error: Internal server error'],
  ])('maps HTTP %i to the spec message', async (status, expected) => {
    fetchMock.mockResolvedValueOnce(error(status, 'Internal server error'));
    await expect(fetchPosterTemplate()).rejects.toThrow(expected);
  });

  it('reports a cancelled request and network failures', async () => {
    fetchMock.mockRejectedValueOnce(new DOMException('The operation was aborted.', 'AbortError'));
    await expect(fetchPosterTemplate()).rejects.toThrow('Request canceled');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(fetchPosterTemplate()).rejects.toThrow('Storage error: Failed to fetch');
    expect(storageErrorMessage({})).toBe('Storage error: Unknown error');
  });
});
