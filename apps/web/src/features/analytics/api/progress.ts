import { queryOptions, useQuery } from '@tanstack/react-query';
import { ANALYTICS_PATHS } from '@quizcast/contract/analytics-paths';
// No zod on the progress page (a read-only screen, issue 17): the server serialises the reply with
// the contract's schema, so the type describes what arrives.
import type { ProgressResponse } from '@quizcast/contract/schemas/analytics';
import { apiRequest } from '../../../lib/api-client';

export async function getProgress(signal?: AbortSignal): Promise<ProgressResponse> {
  const { data } = await apiRequest<ProgressResponse>(ANALYTICS_PATHS.me, { signal });
  return data;
}

export function progressQueryOptions() {
  return queryOptions({
    queryKey: ['analytics', 'me'],
    queryFn: ({ signal }) => getProgress(signal),
    staleTime: 60_000,
  });
}

export function useProgress() {
  return useQuery(progressQueryOptions());
}
