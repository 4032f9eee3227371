import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, apiUrl } from '@quizcast/contract/routes';
import { quizIntroSchema, type QuizIntro } from '@quizcast/contract/schemas/quiz';
import { apiRequest } from '../../../lib/api-client';

export async function fetchQuizIntro(quizId: string, signal?: AbortSignal): Promise<QuizIntro> {
  const { data } = await apiRequest(apiUrl(API_PATHS.quizIntro, { quizId }), {
    schema: quizIntroSchema,
    signal,
  });
  return data;
}

export function quizIntroQueryOptions(quizId: string) {
  return queryOptions({
    queryKey: ['quizzes', 'participant', 'intro', quizId],
    queryFn: ({ signal }) => fetchQuizIntro(quizId, signal),
    // Unlock state and the window change underneath: always ask again when the page opens.
    staleTime: 0,
  });
}

export function useQuizIntro(quizId: string) {
  return useQuery(quizIntroQueryOptions(quizId));
}
