import type { QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, type Dispatch } from 'react';
import type { SubmitQuizResponse } from '@quizcast/contract/schemas/quiz';
import { isApiError } from '../../../lib/api-client';
import { quizListBaseKey } from '../api/quiz-list';
import type { Flow, FlowEvent, FlowPhase } from './attempt-flow';
import type { AttemptSession } from './attempt-session';

/**
 * Time up: submit automatically (once), then the "Time's Up!" screen; a submission that failed for lack
 * of a connection is sent again when the connection returns.
 */
export function useTimeUp({
  flow,
  dispatch,
  session,
  send,
  online,
  queryClient,
}: {
  flow: Flow;
  dispatch: Dispatch<FlowEvent>;
  session: AttemptSession;
  send(): Promise<SubmitQuizResponse>;
  online: boolean;
  queryClient: QueryClient;
}) {
  const autoSubmitting = useRef(false);
  const phaseRef = useRef(flow.phase);
  useEffect(() => {
    phaseRef.current = flow.phase;
  });
  const autoSubmit = useCallback(async () => {
    // A manual submission in flight finishes first; if it fails after the deadline, it calls this.
    if (autoSubmitting.current || phaseRef.current === 'submitting') return;
    autoSubmitting.current = true;
    session.stop();
    dispatch({ type: 'time-up' });
    dispatch({ type: 'time-up-outcome', outcome: { kind: 'submitting' } });
    try {
      const result = await send();
      session.finish();
      dispatch({ type: 'time-up-outcome', outcome: { kind: 'submitted', result } });
    } catch (err) {
      if (isApiError(err) && err.status === 409) {
        session.finish();
        dispatch({ type: 'time-up-outcome', outcome: { kind: 'already-submitted' } });
      } else if (isApiError(err) && err.status === 0) {
        dispatch({ type: 'time-up-outcome', outcome: { kind: 'offline' } });
        autoSubmitting.current = false; // try again when back online
      } else {
        dispatch({ type: 'time-up-outcome', outcome: { kind: 'failed' } });
      }
    } finally {
      void queryClient.invalidateQueries({ queryKey: quizListBaseKey });
    }
  }, [dispatch, queryClient, send, session]);

  // Time-up submission that failed for lack of a connection: send it when the connection returns.
  const timeUpOffline = flow.phase === 'time-up' && flow.outcome.kind === 'offline';
  useEffect(() => {
    if (timeUpOffline && online) void autoSubmit();
  }, [timeUpOffline, online, autoSubmit]);

  /** A manual submission tells this hook at once (before React re-renders) that it is in flight, or over. */
  const notePhase = useCallback((phase: FlowPhase) => {
    phaseRef.current = phase;
  }, []);

  const onExpire = useCallback(() => void autoSubmit(), [autoSubmit]);

  return { autoSubmit, onExpire, notePhase };
}
