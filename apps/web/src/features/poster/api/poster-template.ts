import { API_PATHS, apiUrl } from '@quizcast/contract/routes';

/** The spec's storage messages (section 8) for a template that cannot be read. */
export function storageErrorMessage(failure: {
  status?: number;
  aborted?: boolean;
  message?: string;
}): string {
  if (failure.aborted) return 'Request canceled';
  if (failure.status === 404) return 'File not found in storage';
  if (failure.status === 401 || failure.status === 403) return 'Unauthorized access to file';
  return `Storage error: ${failure.message || 'Unknown error'}`;
}

/** Downloads the poster template image served by the app (through its storage interface). */
export async function fetchPosterTemplate(signal?: AbortSignal): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(apiUrl(API_PATHS.posterTemplate), { signal, credentials: 'same-origin' });
  } catch (err) {
    const aborted = err instanceof DOMException && err.name === 'AbortError';
    throw new Error(
      storageErrorMessage({ aborted, message: err instanceof Error ? err.message : String(err) }),
      { cause: err },
    );
  }
  if (!response.ok) {
    let message = response.statusText;
    try {
      const body = (await response.json()) as { message?: string | string[] };
      if (body.message) message = Array.isArray(body.message) ? body.message.join(', ') : body.message;
    } catch {
      /* not JSON: keep the status text */
    }
    throw new Error(storageErrorMessage({ status: response.status, message }));
  }
  return response.blob();
}
