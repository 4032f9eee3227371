import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, apiUrl } from '@quizcast/contract/routes';
// No zod here: the streak sits on the quiz list, whose first load has a size budget (ADR 013) that
// zod alone would break. The server serialises the reply with the contract's schema.
import type { StreakResponse } from '@quizcast/contract/schemas/streak';
import { apiRequest } from '../../../lib/api-client';

export async function getStreak(signal?: AbortSignal): Promise<StreakResponse> {
  return (await apiRequest<StreakResponse>(apiUrl(API_PATHS.streak), { signal })).data;
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
