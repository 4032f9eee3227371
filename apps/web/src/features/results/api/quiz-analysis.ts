import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  analyticsPath,
  quizAnalysisResponseSchema,
  type QuizAnalysisResponse,
} from '@quizcast/contract/schemas/analytics';
import { apiRequest } from '../../../lib/api-client';

export async function getQuizAnalysis(quizId: string, signal?: AbortSignal): Promise<QuizAnalysisResponse> {
  const { data } = await apiRequest(analyticsPath.quiz(quizId), {
    schema: quizAnalysisResponseSchema,
    signal,
  });
  return data;
}

export function quizAnalysisQueryOptions(quizId: string) {
  return queryOptions({
    queryKey: ['results', 'analysis', quizId],
    queryFn: ({ signal }) => getQuizAnalysis(quizId, signal),
    staleTime: 60_000,
  });
}

export function useQuizAnalysis(quizId: string, enabled = true) {
  return useQuery({ ...quizAnalysisQueryOptions(quizId), enabled });
}
