import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, apiUrl } from '@quizcast/contract/routes';
import { extraTimeListSchema, type ExtraTimeBody } from '@quizcast/contract/schemas/quiz-participants';
import { apiRequest } from '../../../lib/api-client';

/** GET /quizzes/admin-extra-time/:id: learners given extra minutes on the quiz (ADR 023). */
export async function fetchExtraTime(id: string, signal?: AbortSignal) {
  const { data } = await apiRequest(apiUrl(API_PATHS.quizzesAdminExtraTime, { id }), {
    schema: extraTimeListSchema,
    signal,
  });
  return data;
}

export const extraTimeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'quiz', id, 'extra-time'],
    queryFn: ({ signal }) => fetchExtraTime(id, signal),
  });

export const useExtraTime = (id: string) => useQuery(extraTimeQueryOptions(id));

/** PUT /quizzes/admin-extra-time/:id: give one learner extra minutes (0 removes them). */
export async function saveExtraTime(id: string, body: ExtraTimeBody) {
  const { data } = await apiRequest(apiUrl(API_PATHS.quizzesAdminExtraTime, { id }), {
    method: 'PUT',
    body,
    schema: extraTimeListSchema,
  });
  return data;
}

export function useSaveExtraTime(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ExtraTimeBody) => saveExtraTime(id, body),
    onSuccess: (list) => queryClient.setQueryData(extraTimeQueryOptions(id).queryKey, list),
  });
}
