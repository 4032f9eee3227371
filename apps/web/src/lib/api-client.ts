import { API_PREFIX } from '@quizcast/contract/routes';
import { joinMessage } from '@quizcast/contract/error-messages';
import type { z } from 'zod';
import { getAccessToken, getLanguage } from './storage';

/** What every call resolves to (spec section 7). */
export interface ApiResponse<T> {
  data: T;
  status: number;
}

/** What every failed call throws (spec section 8). */
export interface ApiError {
  status: number;
  message: string;
  error?: string;
  /** The server's messages one by one when it sent a list (e.g. every bad line of an import). */
  messages?: string[];
}

export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && 'status' in value && 'message' in value;
}

/** The message of any thrown value, or the fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  if (isApiError(err) && err.message) return err.message;
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}

type UnauthorizedListener = (err: ApiError) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Called on every 401 (the auth provider signs the user out cleanly). */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Parse the response with the contract's schema. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  /**
   * Give up after this long (no request hangs forever on patchy data): the call throws status 0
   * with `REQUEST_TIMEOUT_MESSAGE`. Default `DEFAULT_TIMEOUT_MS`; uploads get `UPLOAD_TIMEOUT_MS`.
   */
  timeoutMs?: number;
  /** Let the request outlive the page (sent while the app is being hidden or closed). */
  keepalive?: boolean;
}

export const DEFAULT_TIMEOUT_MS = 20_000;
export const UPLOAD_TIMEOUT_MS = 120_000;
export const REQUEST_TIMEOUT_MESSAGE = 'The server took too long to answer';

function buildUrl(path: string, query?: RequestOptions<unknown>['query']): string {
  const url = path.startsWith(API_PREFIX) ? path : `${API_PREFIX}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

/**
 * The one wrapper every call goes through: JSON (or multipart for FormData), credentials included,
 * Bearer header when a token is stored; resolves `{ data, status }` for any 2xx, throws ApiError otherwise.
 */
export async function apiRequest<T = unknown>(
  path: string,
  options: RequestOptions<T> = {},
): Promise<ApiResponse<T>> {
  // The server answers its error messages in the language on screen (English unless Hindi is chosen).
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': getLanguage() };
  const token = getAccessToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const timeoutMs = options.timeoutMs ?? (body instanceof FormData ? UPLOAD_TIMEOUT_MS : DEFAULT_TIMEOUT_MS);
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const timedOut = () => timeout.aborted && !options.signal?.aborted;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'include',
      signal,
      ...(options.keepalive && { keepalive: true }),
    });
  } catch (err) {
    if (timedOut()) throw { status: 0, message: REQUEST_TIMEOUT_MESSAGE } satisfies ApiError;
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw { status: 0, message: 'No response received from server' } satisfies ApiError;
  }

  try {
    const text = await response.text();
    const payload: unknown = text ? JSON.parse(text) : null;
    if (!response.ok) {
      const parsed = (payload ?? {}) as { message?: string | string[]; error?: string };
      const failure: ApiError = {
        status: response.status,
        message: parsed.message ? joinMessage(parsed.message) : response.statusText || 'Request failed',
        error: parsed.error,
        ...(Array.isArray(parsed.message) ? { messages: parsed.message } : {}),
      };
      if (response.status === 401) {
        console.warn('Unauthorized access - possibly expired token');
        unauthorizedListeners.forEach((listener) => listener(failure));
      }
      throw failure;
    }
    const data = options.schema ? options.schema.parse(payload) : (payload as T);
    return { data, status: response.status };
  } catch (err) {
    if (isApiError(err)) throw err;
    if (timedOut()) throw { status: 0, message: REQUEST_TIMEOUT_MESSAGE } satisfies ApiError;
    throw { status: 0, message: err instanceof Error ? err.message : String(err) } satisfies ApiError;
  }
}
