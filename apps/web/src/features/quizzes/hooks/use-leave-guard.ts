import { useCallback, useRef } from 'react';
import { useBlocker, useNavigate } from 'react-router';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import type { FlowPhase } from './attempt-flow';
import { useLeaveWarning } from './use-leave-warning';

/**
 * Leaving a running attempt: the browser warns on reload or close, an in-app link is held (the screen
 * asks to quit), and the attempt's own ways out (submitted, quit, time-up closed) pass.
 */
export function useLeaveGuard(phase: FlowPhase) {
  const navigate = useNavigate();
  const allowLeave = useRef(false);

  /** The attempt is over: go, replacing the attempt in history. */
  const leaveTo = useCallback(
    (to: string, state?: unknown) => {
      allowLeave.current = true;
      navigate(to, { replace: true, state });
    },
    [navigate],
  );

  useLeaveWarning(phase !== 'time-up');
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !allowLeave.current && phase === 'running' && currentLocation.pathname !== nextLocation.pathname,
  );

  /** Quit confirmed: where the learner was heading, else back, else the quiz list. */
  const quit = () => {
    allowLeave.current = true;
    if (blocker.state === 'blocked') blocker.proceed();
    else if ((window.history.state as { idx?: number } | null)?.idx) navigate(-1);
    else navigate(WEB_ROUTES.quizzes, { replace: true });
  };

  return { leaveTo, blocker, quit };
}
