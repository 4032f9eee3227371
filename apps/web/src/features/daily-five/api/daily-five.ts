import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, apiUrl } from '@quizcast/contract/routes';
// No zod here: the card sits on the quiz list, whose first load has a size budget (ADR 013). The
// server serialises the reply with the contract's schema; the runner parses the attempt itself.
import type { DailyFiveResponse } from '@quizcast/contract/schemas/practice';
import { apiRequest } from '../../../lib/api-client';

/** Today's daily five (issue 28): the server makes it on the day's first read, the same five after. */
export async function getDailyFive(signal?: AbortSignal): Promise<DailyFiveResponse> {
  return (await apiRequest<DailyFiveResponse>(apiUrl(API_PATHS.dailyFive), { signal })).data;
}

export function dailyFiveQueryOptions() {
  return queryOptions({
    queryKey: ['daily-five'],
    queryFn: ({ signal }) => getDailyFive(signal),
    staleTime: 30_000,
  });
}

export function useDailyFive() {
  return useQuery(dailyFiveQueryOptions());
}
