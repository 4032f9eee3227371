import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, apiUrl } from '@quizcast/contract/routes';
import {
  LEADERBOARD_PAGE_SIZE,
  leaderboardResponseSchema,
  type LeaderboardResponse,
} from '@quizcast/contract/schemas/result';
import { apiRequest } from '../../../lib/api-client';

export async function getLeaderboard(
  quizId: string,
  page: number,
  signal?: AbortSignal,
): Promise<LeaderboardResponse> {
  const { data } = await apiRequest(apiUrl(API_PATHS.quizLeaderboard, { quizId }), {
    query: { page, limit: LEADERBOARD_PAGE_SIZE },
    schema: leaderboardResponseSchema,
    signal,
  });
  return data;
}

export function leaderboardQueryOptions(quizId: string, page: number) {
  return queryOptions({
    queryKey: ['results', 'leaderboard', quizId, page],
    queryFn: ({ signal }) => getLeaderboard(quizId, page, signal),
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}

export function useLeaderboard(quizId: string, page: number) {
  return useQuery(leaderboardQueryOptions(quizId, page));
}
