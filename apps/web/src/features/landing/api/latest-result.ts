import { useEffect, useState } from 'react';
import { API_PATHS, apiUrl } from '@quizcast/contract/routes';
import type { LatestResultResponse } from '@quizcast/contract/schemas/result';
import { apiRequest } from '../../../lib/api-client';

export async function getLatestResult(signal?: AbortSignal): Promise<LatestResultResponse> {
  // Read-only screen: no zod here (ADR 013); the server serialises with the contract's schema.
  const { data } = await apiRequest<LatestResultResponse>(apiUrl(API_PATHS.resultLatest), {
    signal,
  });
  return data;
}

export type LatestResultState =
  | { isPending: true; isError: false; data: undefined; error: null }
  | { isPending: false; isError: false; data: LatestResultResponse; error: null }
  | { isPending: false; isError: true; data: undefined; error: unknown };

const PENDING: LatestResultState = { isPending: true, isError: false, data: undefined, error: null };

/**
 * The podium's one request. Not TanStack Query: the landing page boots without the app's query
 * client, router or auth (src/landing-main.tsx, ADR 013), so its first download stays small. The
 * server caches the reply (LATEST_RESULT_CACHE_SECONDS); one fetch per visit is all it needs.
 */
export function useLatestResult(): LatestResultState {
  const [state, setState] = useState<LatestResultState>(PENDING);
  useEffect(() => {
    const controller = new AbortController();
    getLatestResult(controller.signal).then(
      (data) => setState({ isPending: false, isError: false, data, error: null }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ isPending: false, isError: true, data: undefined, error });
      },
    );
    return () => controller.abort();
  }, []);
  return state;
}
