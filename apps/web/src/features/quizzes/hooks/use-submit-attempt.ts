import type { QueryClient } from '@tanstack/react-query';
import { useCallback, type Dispatch } from 'react';
import { toast } from 'sonner';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import { QUIZ_MESSAGES } from '@quizcast/contract/messages/quiz';
import type { QuizAttempt } from '@quizcast/contract/schemas/quiz';
import { announceOn } from '../../../components/ui/screen-notice';
import { useServerMessage, useT } from '../../../i18n/use-t';
import { isApiError } from '../../../lib/api-client';
import { attemptCatalog } from '../attempt/messages/catalog';
import { submitQuiz } from '../api/quiz-attempt';
import { quizListBaseKey } from '../api/quiz-list';
import type { FlowEvent, FlowPhase } from './attempt-flow';
import type { AttemptSession } from './attempt-session';

/** State the submitted page receives. */
export interface QuizSubmittedState {
  quizId: string;
  quizName: string;
  /** When results will be published (the submit response's `resultsAt`). */
  resultsAt?: string;
}

/** Send the attempt's answers, stamped with the server's time (the API call retries a dropped connection). */
export function useSendAttempt(attempt: QuizAttempt, clockOffsetMs: number, session: AttemptSession) {
  return useCallback(() => {
    const { answers, submissionId } = session.submission();
    return submitQuiz({
      quizId: attempt._id,
      startedAt: attempt.startedAt,
      submittedAt: new Date(Date.now() + clockOffsetMs).toISOString(),
      answers,
      submissionId,
    });
  }, [attempt._id, attempt.startedAt, clockOffsetMs, session]);
}

/**
 * Submit confirmed: on to the submitted page; already submitted elsewhere: back to the list; any other
 * failure: the attempt runs again (or, past the deadline, time-up submits it).
 */
export function useSubmitAttempt({
  attempt,
  clockOffsetMs,
  deadlineMs,
  session,
  send,
  dispatch,
  notePhase,
  autoSubmit,
  leaveTo,
  queryClient,
}: {
  attempt: QuizAttempt;
  clockOffsetMs: number;
  deadlineMs: number;
  session: AttemptSession;
  send: ReturnType<typeof useSendAttempt>;
  dispatch: Dispatch<FlowEvent>;
  notePhase(phase: FlowPhase): void;
  autoSubmit(): Promise<void>;
  leaveTo(to: string, state?: unknown): void;
  queryClient: QueryClient;
}) {
  const t = useT(attemptCatalog);
  const serverMessage = useServerMessage();
  return async () => {
    session.stop();
    notePhase('submitting');
    dispatch({ type: 'submit' });
    try {
      const result = await send();
      session.finish();
      void queryClient.invalidateQueries({ queryKey: quizListBaseKey });
      leaveTo(WEB_ROUTES.quizSubmitted, {
        quizId: attempt._id,
        quizName: attempt.name,
        resultsAt: result.resultsAt,
      } satisfies QuizSubmittedState);
    } catch (err) {
      if (isApiError(err) && err.status === 409) {
        session.finish();
        void queryClient.invalidateQueries({ queryKey: quizListBaseKey });
        announceOn(WEB_ROUTES.quizzes, serverMessage(QUIZ_MESSAGES.alreadySubmitted), 'error');
        leaveTo(WEB_ROUTES.quizzes);
        return;
      }
      toast.error(t('attempt.submitFailed'));
      notePhase('running');
      dispatch({ type: 'submit-failed' });
      if (Date.now() + clockOffsetMs >= deadlineMs) void autoSubmit();
      else session.resume();
    }
  };
}
