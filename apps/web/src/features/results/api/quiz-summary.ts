import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, apiUrl } from '@quizcast/contract/routes';
import { quizSummaryResponseSchema, type QuizSummary } from '@quizcast/contract/schemas/result';
import { apiRequest } from '../../../lib/api-client';

export async function getQuizSummary(quizId: string, signal?: AbortSignal): Promise<QuizSummary> {
  const { data } = await apiRequest(apiUrl(API_PATHS.quizSummary, { quizId }), {
    schema: quizSummaryResponseSchema,
    signal,
  });
  return data.data;
}

export function quizSummaryQueryOptions(quizId: string) {
  return queryOptions({
    queryKey: ['results', 'summary', quizId],
    queryFn: ({ signal }) => getQuizSummary(quizId, signal),
    // Published results never change.
    staleTime: Infinity,
  });
}

export function useQuizSummary(quizId: string) {
  return useQuery(quizSummaryQueryOptions(quizId));
}
