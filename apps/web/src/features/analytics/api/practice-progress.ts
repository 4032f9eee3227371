import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, apiUrl } from '@quizcast/contract/routes';
// Read-only like the rest of the progress page: the server serialises with the contract's schema.
import type { PracticeProgressResponse } from '@quizcast/contract/schemas/practice';
import { apiRequest } from '../../../lib/api-client';

/** The progress page's practice part (issue 27): practice apart from contest attempts. */
export async function getPracticeProgress(signal?: AbortSignal): Promise<PracticeProgressResponse> {
  const { data } = await apiRequest<PracticeProgressResponse>(apiUrl(API_PATHS.practiceProgress), { signal });
  return data;
}

export function practiceProgressQueryOptions() {
  return queryOptions({
    queryKey: ['analytics', 'practice'],
    queryFn: ({ signal }) => getPracticeProgress(signal),
  });
}

export function usePracticeProgress() {
  return useQuery(practiceProgressQueryOptions());
}
