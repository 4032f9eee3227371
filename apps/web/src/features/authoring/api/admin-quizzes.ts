import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, apiUrl } from '@quizcast/contract/routes';
import {
  adminQuizListResponseSchema,
  adminQuizSchema,
  deleteQuizResponseSchema,
  type AdminQuiz,
} from '@quizcast/contract/schemas/admin-quiz';
import type { QuizInput } from '@quizcast/contract/schemas/quiz-input';
import { ADMIN_QUERY_KEY, adminQuizKey } from '../../../lib/admin-query-keys';
import { apiRequest } from '../../../lib/api-client';
import type { PageParams } from '../../../lib/paging';

export async function fetchAdminQuizzes(params: PageParams, signal?: AbortSignal) {
  const { data } = await apiRequest(apiUrl(API_PATHS.quizzesAdminGetAll), {
    query: { page: params.page, limit: params.limit, searchTerm: params.searchTerm },
    schema: adminQuizListResponseSchema,
    signal,
  });
  return data;
}

export const adminQuizzesQueryOptions = (params: PageParams) =>
  queryOptions({
    queryKey: ['admin', 'quizzes', params],
    queryFn: ({ signal }) => fetchAdminQuizzes(params, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminQuizzes = (params: PageParams) => useQuery(adminQuizzesQueryOptions(params));

export async function fetchAdminQuiz(id: string, signal?: AbortSignal): Promise<AdminQuiz> {
  const { data } = await apiRequest(apiUrl(API_PATHS.quizzesAdminGetOne, { id }), {
    schema: adminQuizSchema,
    signal,
  });
  return data;
}

export const adminQuizQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminQuizKey(id),
    queryFn: ({ signal }) => fetchAdminQuiz(id, signal),
  });

export const useAdminQuiz = (id: string) => useQuery(adminQuizQueryOptions(id));

/** Everything cached about admin quizzes (lists, one quiz, participants) goes stale after a change. */
const adminQuizzesKey = ADMIN_QUERY_KEY;

export function useSaveQuiz(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: QuizInput) => {
      const { data } = await apiRequest(id ? apiUrl(API_PATHS.quizById, { id }) : apiUrl(API_PATHS.quizzes), {
        method: id ? 'PUT' : 'POST',
        body,
        schema: adminQuizSchema,
      });
      return data;
    },
    onSuccess: async (quiz) => {
      queryClient.setQueryData(adminQuizQueryOptions(quiz._id).queryKey, quiz);
      await queryClient.invalidateQueries({ queryKey: adminQuizzesKey, refetchType: 'none' });
    },
  });
}

export function useDeleteQuiz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const { data } = await apiRequest(apiUrl(API_PATHS.quizById, { id }), {
        method: 'DELETE',
        schema: deleteQuizResponseSchema,
      });
      return data;
    },
    onSuccess: async ({ _id }) => {
      queryClient.removeQueries({ queryKey: adminQuizQueryOptions(_id).queryKey });
      await queryClient.invalidateQueries({
        queryKey: adminQuizzesQueryOptions({ page: 1 }).queryKey.slice(0, 2),
      });
    },
  });
}
