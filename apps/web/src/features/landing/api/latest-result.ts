import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, apiUrl } from '@quizcast/contract/routes';
import {
  LATEST_RESULT_CACHE_SECONDS,
  latestResultResponseSchema,
  type LatestResultResponse,
} from '@quizcast/contract/schemas/result';
import { apiRequest } from '../../../lib/api-client';

export async function getLatestResult(signal?: AbortSignal): Promise<LatestResultResponse> {
  const { data } = await apiRequest(apiUrl(API_PATHS.resultLatest), {
    schema: latestResultResponseSchema,
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
