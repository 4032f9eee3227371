import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, apiUrl } from '@quizcast/contract/routes';
import {
  quizAttemptSchema,
  saveAnswersResponseSchema,
  submitQuizResponseSchema,
  type Answer,
  type QuizAttempt,
  type SaveAnswersResponse,
  type SubmitQuizBody,
  type SubmitQuizResponse,
} from '@quizcast/contract/schemas/quiz';
import { apiRequest } from '../../../lib/api-client';
import { quizListBaseKey } from './quiz-list';

/** The attempt plus how far the device clock is from the server's (serverNow − local time on arrival). */
export interface LoadedAttempt {
  attempt: QuizAttempt;
  clockOffsetMs: number;
}

/** Starts the attempt on first call, resumes it afterwards (same startedAt and deadline). */
export async function fetchQuizAttempt(quizId: string, signal?: AbortSignal): Promise<LoadedAttempt> {
  const { data } = await apiRequest(apiUrl(API_PATHS.quizAttend, { quizId }), {
    schema: quizAttemptSchema,
    signal,
  });
  return { attempt: data, clockOffsetMs: new Date(data.serverNow).getTime() - Date.now() };
}

export function attemptQueryKey(quizId: string) {
  return ['quizzes', 'participant', 'attempt', quizId] as const;
}

/** Autosave the full set of answers (the server keeps the last one). */
export async function saveAttemptAnswers(quizId: string, answers: Answer[]): Promise<SaveAnswersResponse> {
  const { data } = await apiRequest(apiUrl(API_PATHS.quizAttendAnswers, { quizId }), {
    method: 'PUT',
    body: { answers },
    schema: saveAnswersResponseSchema,
  });
  return data;
}

export async function submitQuiz(body: SubmitQuizBody): Promise<SubmitQuizResponse> {
  const { data } = await apiRequest(apiUrl(API_PATHS.quizSubmit), {
    method: 'POST',
    body,
    schema: submitQuizResponseSchema,
  });
  return data;
}

/** Submit once; the list then shows the quiz as attended. */
export function useSubmitQuiz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitQuiz,
    onSettled: () => queryClient.invalidateQueries({ queryKey: quizListBaseKey }),
  });
}
