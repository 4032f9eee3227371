import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, apiUrl } from '@quizcast/contract/routes';
import { streakResponseSchema, type StreakResponse } from '@quizcast/contract/schemas/streak';
import { apiRequest } from '../../../lib/api-client';

export async function getStreak(signal?: AbortSignal): Promise<StreakResponse> {
  return (await apiRequest(apiUrl(API_PATHS.streak), { schema: streakResponseSchema, signal })).data;
}

export function streakQueryOptions() {
  return queryOptions({
    queryKey: ['streak'],
    queryFn: ({ signal }) => getStreak(signal),
    staleTime: 30_000,
  });
}

export function useStreak() {
  return useQuery(streakQueryOptions());
}
