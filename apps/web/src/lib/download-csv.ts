import { joinMessage } from '@quizcast/contract/errors';
import type { ApiError } from './api-client';
import { getAccessToken, getLanguage } from './storage';

/**
 * Downloads a CSV from an admin route. The API needs the Bearer token, so the file is fetched and
 * handed to the browser as a blob rather than opened as a plain link. Failures throw an ApiError.
 */
export async function downloadCsv(url: string, fallbackName: string): Promise<void> {
  const token = getAccessToken();
  let response: Response;
  try {
    response = await fetch(url, {
      // The server's refusal arrives in the language on screen (issue 18).
      headers: { 'accept-language': getLanguage(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      credentials: 'include',
    });
  } catch {
    throw { status: 0, message: 'No response received from server' } satisfies ApiError;
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string | string[] };
    throw {
      status: response.status,
      // No message of the server's own: '' lets the caller show its translated fallback.
      message: body.message ? joinMessage(body.message) : '',
    } satisfies ApiError;
  }
  const blob = await response.blob();
  const filename =
    response.headers.get('content-disposition')?.match(/filename="([^"]+)"/)?.[1] ?? fallbackName;
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 0);
}
