import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, apiUrl } from '@quizcast/contract/routes';
import type { Answer } from '@quizcast/contract/schemas/quiz';
import {
  practiceAttemptSchema,
  practiceQuizListResponseSchema,
  practiceSaveResponseSchema,
  practiceSubmitResponseSchema,
  practiceTopicsResponseSchema,
  type PracticeMode,
  type PracticeQuizListQuery,
  type PracticeSubmitResponse,
  type StartDrillBody,
} from '@quizcast/contract/schemas/practice';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { readPracticeCopy } from '../lib/practice-device-copy';

/** Practice and drills (issue 27): the list, topics, starting, saving and submitting. */

export function practiceQuizzesQueryOptions(filters: PracticeQuizListQuery) {
  return queryOptions({
    queryKey: ['practice', 'quizzes', filters],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(apiUrl(API_PATHS.practiceQuizzes), {
          query: { ...filters },
          schema: practiceQuizListResponseSchema,
          signal,
        })
      ).data,
  });
}

export function usePracticeQuizzes(filters: PracticeQuizListQuery) {
  return useQuery(practiceQuizzesQueryOptions(filters));
}

export function practiceTopicsQueryOptions(exam: string) {
  return queryOptions({
    queryKey: ['practice', 'topics', exam],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(apiUrl(API_PATHS.practiceTopics), {
          query: { exam },
          schema: practiceTopicsResponseSchema,
          signal,
        })
      ).data,
  });
}

export function usePracticeTopics(exam: string) {
  return useQuery(practiceTopicsQueryOptions(exam));
}

export function practiceAttemptQueryOptions(attemptId: string) {
  return queryOptions({
    queryKey: ['practice', 'attempt', attemptId],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(apiUrl(API_PATHS.practiceAttempt, { attemptId }), {
          schema: practiceAttemptSchema,
          signal,
        })
      ).data,
    staleTime: Infinity,
  });
}

export function usePracticeAttempt(attemptId: string) {
  return useQuery(practiceAttemptQueryOptions(attemptId));
}

/**
 * The attempt for its run screen: from the server, or, when the server cannot be reached (status 0),
 * from the copy kept on this device when it was opened. Runs offline too (networkMode 'always').
 */
export function useRunnablePracticeAttempt(attemptId: string, userId: string) {
  const base = practiceAttemptQueryOptions(attemptId);
  return useQuery({
    ...base,
    queryFn: async (context) => {
      try {
        return await base.queryFn!(context);
      } catch (err) {
        const copy = isApiError(err) && err.status === 0 ? readPracticeCopy(userId, attemptId) : null;
        if (copy) return copy.attempt;
        throw err;
      }
    },
    networkMode: 'always',
    retry: (failures, err) => failures < 1 && !(isApiError(err) && err.status >= 400 && err.status < 500),
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });
}

export function useStartPractice() {
  return useMutation({
    mutationFn: async ({ quizId, mode }: { quizId: string; mode: PracticeMode }) =>
      (
        await apiRequest(apiUrl(API_PATHS.practiceQuizStart, { quizId }), {
          method: 'POST',
          body: mode,
          schema: practiceAttemptSchema,
        })
      ).data,
  });
}

export function useStartDrill() {
  return useMutation({
    mutationFn: async (body: StartDrillBody) =>
      (
        await apiRequest(apiUrl(API_PATHS.practiceDrills), {
          method: 'POST',
          body,
          schema: practiceAttemptSchema,
        })
      ).data,
  });
}

export async function savePracticeAnswers(attemptId: string, answers: Answer[]) {
  return (
    await apiRequest(apiUrl(API_PATHS.practiceAttemptAnswers, { attemptId }), {
      method: 'PUT',
      body: { answers },
      schema: practiceSaveResponseSchema,
    })
  ).data;
}

/**
 * Submits a practice. The response is only the result: it is added to the attempt on screen (whose
 * questions it reviews), which then shows the result screen; without one (never expected) it is read.
 */
export function useSubmitPractice(attemptId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (answers: Answer[]): Promise<PracticeSubmitResponse> =>
      (
        await apiRequest(apiUrl(API_PATHS.practiceAttemptSubmit, { attemptId }), {
          method: 'POST',
          body: { answers },
          schema: practiceSubmitResponseSchema,
        })
      ).data,
    onSuccess: ({ status, result }) => {
      const key = practiceAttemptQueryOptions(attemptId).queryKey;
      if (client.getQueryData(key))
        client.setQueryData(key, (attempt) => attempt && { ...attempt, status, result, feedback: [] });
      else void client.invalidateQueries({ queryKey: key });
      void client.invalidateQueries({ queryKey: ['practice', 'quizzes'] });
      // Finishing practice or the daily five counts the streak day (issue 28); the list's card goes.
      void client.invalidateQueries({ queryKey: ['streak'] });
      void client.invalidateQueries({ queryKey: ['daily-five'] });
    },
  });
}
