import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@quizcast/contract/constants';
import { apiRequest, onUnauthorized, REQUEST_TIMEOUT_MESSAGE } from './api-client';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  window.localStorage.clear();
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch that never answers, failing only when its signal aborts (a request lost on 3G). */
function hangingFetch(_url: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  return new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });
}

describe('apiRequest timeouts', () => {
  it('gives up on a request that never answers, as a network failure with a plain message', async () => {
    fetchMock.mockImplementation(hangingFetch);
    await expect(apiRequest('/quizzes/participant', { timeoutMs: 5 })).rejects.toEqual({
      status: 0,
      message: REQUEST_TIMEOUT_MESSAGE,
    });
  });

  it('gives every request a timeout by default, and sends keepalive when asked', async () => {
    fetchMock.mockResolvedValueOnce(json(200, {}));
    await apiRequest('/x', { method: 'PUT', body: {}, keepalive: true });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.signal).toBeInstanceOf(AbortSignal);
    expect(init.keepalive).toBe(true);
  });

  it("still lets the caller's own signal cancel (an AbortError, not a timeout)", async () => {
    fetchMock.mockImplementation(hangingFetch);
    const controller = new AbortController();
    const pending = apiRequest('/x', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('apiRequest', () => {
  it('sends JSON with credentials and returns { data, status } for any 2xx', async () => {
    fetchMock.mockResolvedValueOnce(json(201, { message: 'ok' }));
    const res = await apiRequest('/quizzes/participant/submit', { method: 'POST', body: { quizId: 'q1' } });
    expect(res).toEqual({ data: { message: 'ok' }, status: 201 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/quizzes/participant/submit');
    expect(init?.credentials).toBe('include');
    expect((init?.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(init?.body).toBe('{"quizId":"q1"}');
    expect((init?.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('adds the Bearer header when a token is stored, and builds the query string', async () => {
    window.localStorage.setItem(STORAGE_KEYS.accessToken, 'tok123');
    fetchMock.mockResolvedValueOnce(json(200, { quizzes: [], total: 0 }));
    await apiRequest('/quizzes/participant', { query: { page: 1, limit: 10, searchTerm: '' } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/quizzes/participant?page=1&limit=10');
    expect((init?.headers as Record<string, string>).authorization).toBe('Bearer tok123');
  });

  it('throws { status, message, error } with an array of messages joined by ", "', async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, {
        statusCode: 400,
        message: ['Name is required', 'Place is required'],
        error: 'Bad Request',
      }),
    );
    await expect(apiRequest('/students/signup', { method: 'POST', body: {} })).rejects.toEqual({
      status: 400,
      message: 'Name is required, Place is required',
      error: 'Bad Request',
      messages: ['Name is required', 'Place is required'],
    });
  });

  it('logs a 401 as a possibly expired token and tells listeners', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const listener = vi.fn();
    const off = onUnauthorized(listener);
    fetchMock.mockResolvedValueOnce(
      json(401, { statusCode: 401, message: 'Invalid or expired token', error: 'Unauthorized' }),
    );
    await expect(apiRequest('/students/me')).rejects.toMatchObject({ status: 401 });
    expect(warn).toHaveBeenCalledWith('Unauthorized access - possibly expired token');
    expect(listener).toHaveBeenCalledOnce();
    off();
  });

  it('reports status 0 "No response received from server" when the network fails', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiRequest('/health')).rejects.toEqual({
      status: 0,
      message: 'No response received from server',
    });
  });

  it('reports status 0 with the error’s own message for other failures', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>not json', { status: 200 }));
    await expect(apiRequest('/health')).rejects.toMatchObject({
      status: 0,
      message: expect.stringMatching(/JSON/),
    });
  });
});
