import { API_PATHS, apiUrl } from '@quizcast/contract/routes';
// No zod on the attempt screen (ADR 013, issue 17's budgets): the server serialises every reply
// with the contract's schema, so the types below describe what arrives.
import type {
  Answer,
  QuizAttempt,
  SaveAnswersResponse,
  SubmitQuizBody,
  SubmitQuizResponse,
} from '@quizcast/contract/schemas/quiz';
import { apiRequest, isApiError } from '../../../lib/api-client';

/** The attempt plus how far the device clock is from the server's (serverNow − local time on arrival). */
export interface LoadedAttempt {
  attempt: QuizAttempt;
  clockOffsetMs: number;
}

/** Starts the attempt on first call, resumes it afterwards (same startedAt and deadline). */
export async function fetchQuizAttempt(quizId: string, signal?: AbortSignal): Promise<LoadedAttempt> {
  const { data } = await apiRequest<QuizAttempt>(apiUrl(API_PATHS.quizAttend, { quizId }), { signal });
  return { attempt: data, clockOffsetMs: new Date(data.serverNow).getTime() - Date.now() };
}

export function attemptQueryKey(quizId: string) {
  return ['quizzes', 'participant', 'attempt', quizId] as const;
}

/** Autosave entries the server has not acknowledged; it merges them per question by seq (ADR 016). */
export async function saveAttemptAnswers(
  quizId: string,
  answers: Answer[],
  options: { keepalive?: boolean } = {},
): Promise<SaveAnswersResponse> {
  const { data } = await apiRequest<SaveAnswersResponse>(apiUrl(API_PATHS.quizAttendAnswers, { quizId }), {
    method: 'PUT',
    body: { answers },
    timeoutMs: SAVE_TIMEOUT_MS,
    keepalive: options.keepalive,
  });
  return data;
}

const SAVE_TIMEOUT_MS = 15_000;
/** A submission whose answer is lost (no response, timeout) is tried again this many times in all. */
export const SUBMIT_TRIES = 3;
const SUBMIT_RETRY_MS = [1_000, 3_000];

/**
 * Submit, retrying a lost answer (status 0) with the same body, so the same `submissionId`: the server
 * answers a retry of a submission that went through as it answered the first (ADR 016).
 */
export async function submitQuiz(
  body: SubmitQuizBody,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<SubmitQuizResponse> {
  for (let attempt = 1; ; attempt++) {
    try {
      const { data } = await apiRequest<SubmitQuizResponse>(apiUrl(API_PATHS.quizSubmit), {
        method: 'POST',
        body,
      });
      return data;
    } catch (err) {
      if (!isApiError(err) || err.status !== 0 || attempt >= SUBMIT_TRIES) throw err;
      await wait(SUBMIT_RETRY_MS[attempt - 1] ?? 3_000);
    }
  }
}

/**
 * Close the open section of a locked quiz early (issue 26, ADR 022): the server answers with the
 * attempt as it is now, every section's window re-planned from this moment.
 */
export async function closeAttemptSection(quizId: string, section: number): Promise<QuizAttempt> {
  const { data } = await apiRequest<QuizAttempt>(apiUrl(API_PATHS.quizCloseSection, { quizId }), {
    method: 'POST',
    body: { section },
  });
  return data;
}
