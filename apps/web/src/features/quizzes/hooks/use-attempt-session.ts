import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Answer, QuizAttempt } from '@quizcast/contract/schemas/quiz';
import type { ApiError } from '../../../lib/api-client';
import { saveAttemptAnswers } from '../api/quiz-attempt';
import { AttemptSession, type SessionView } from './attempt-session';

const transport = {
  save: (quizId: string, answers: Answer[], options: { keepalive: boolean }) =>
    saveAttemptAnswers(quizId, answers, options),
};

/**
 * The running attempt's session (answers, palette, sync) for this screen: created once, attached while
 * the screen is mounted (so leaving it stops every retry), and its view subscribed to.
 */
export function useAttemptSession(options: {
  userId: string;
  attempt: QuizAttempt;
  clockOffsetMs: number;
  serverAnswers: Answer[] | null;
  onRefused(error: ApiError): void;
}): { session: AttemptSession; view: SessionView } {
  const [session] = useState(
    () =>
      new AttemptSession({
        userId: options.userId,
        attempt: options.attempt,
        clockOffsetMs: options.clockOffsetMs,
        serverAnswers: options.serverAnswers,
        transport,
      }),
  );
  const { onRefused } = options;
  useEffect(() => {
    session.setRefusedHandler(onRefused);
  }, [session, onRefused]);
  useEffect(() => {
    session.attach();
    return () => session.detach();
  }, [session]);
  const view = useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
  return { session, view };
}
