import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, apiUrl } from '@quizcast/contract/routes';
import { LATEST_RESULT_CACHE_SECONDS } from '@quizcast/contract/constants';
import type { LatestResultResponse } from '@quizcast/contract/schemas/result';
import { apiRequest } from '../../../lib/api-client';

export async function getLatestResult(signal?: AbortSignal): Promise<LatestResultResponse> {
  // Read-only screen: no zod here (ADR 013); the server serialises with the contract's schema.
  const { data } = await apiRequest<LatestResultResponse>(apiUrl(API_PATHS.resultLatest), {
    signal,
  });
  return data;
}

export function latestResultQueryOptions() {
  return queryOptions({
    queryKey: ['results', 'latest'],
    queryFn: ({ signal }) => getLatestResult(signal),
    staleTime: LATEST_RESULT_CACHE_SECONDS * 1000,
  });
}

export function useLatestResult() {
  return useQuery(latestResultQueryOptions());
}
