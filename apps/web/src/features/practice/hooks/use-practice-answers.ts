import { useCallback, useEffect, useRef, useState } from 'react';
import type { PracticeAttempt, PracticeFeedback } from '@quizcast/contract/schemas/practice';
import { isApiError } from '../../../lib/api-client';
import { savePracticeAnswers } from '../api/practice';
import {
  clearPracticeCopy,
  keyedFeedback,
  readPracticeCopy,
  resumePractice,
  unsentAnswers,
  writePracticeCopy,
  type PracticeDeviceCopy,
} from '../lib/practice-device-copy';

/** Why the last save did not go through: no connection, or the server refused it (its message). */
export type SyncProblem = { kind: 'offline' } | { kind: 'refused'; message: string } | null;

function onlineNow() {
  return typeof navigator === 'undefined' || navigator.onLine;
}

/**
 * A practice's answers (issue 27): kept on the device at every change, sent to the server at once
 * when there is a connection and again when it returns, merged per question by seq (the server
 * ignores an older save). Feedback only ever comes from the server's replies.
 */
export function usePracticeAnswers(
  attempt: PracticeAttempt,
  userId: string,
  /** Called with the server's feedback as it arrives (audio mode speaks it). */
  onFeedback?: (feedback: PracticeFeedback[]) => void,
) {
  const onFeedbackRef = useRef(onFeedback);
  useEffect(() => {
    onFeedbackRef.current = onFeedback;
  });
  const [copy, setCopy] = useState(() => resumePractice(attempt, readPracticeCopy(userId, attempt._id)));
  const copyRef = useRef(copy);
  const [problem, setProblem] = useState<SyncProblem>(() => (onlineNow() ? null : { kind: 'offline' }));
  const sending = useRef(false);
  // The attempt as last rendered, for the sync's feedback filter: the sync itself (and the listeners
  // that call it) stays the same for the attempt's life, as a refetched attempt is a new object.
  const attemptRef = useRef(attempt);
  useEffect(() => {
    attemptRef.current = attempt;
  });

  const update = useCallback(
    (change: (c: PracticeDeviceCopy) => PracticeDeviceCopy) => {
      const next = change(copyRef.current);
      copyRef.current = next;
      setCopy(next);
      writePracticeCopy(userId, next);
    },
    [userId],
  );

  const sync = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    try {
      // Until nothing is left: answers given while a save was on its way go next.
      for (;;) {
        const unsent = unsentAnswers(copyRef.current);
        if (!unsent.length) return;
        try {
          const saved = await savePracticeAnswers(attempt._id, unsent);
          update((c) => {
            const acked = { ...c.acked };
            for (const a of unsent) acked[a.qnId] = Math.max(acked[a.qnId] ?? 0, a.seq);
            const known = new Set(c.feedback.map((f) => f.qnId));
            const fresh = saved.feedback.filter((f) => !known.has(f.qnId));
            return { ...c, acked, feedback: [...c.feedback, ...fresh] };
          });
          setProblem(null);
          // Feedback the device gave from the daily five's key was heard when the answer was given.
          const key = attemptRef.current.offlineKey;
          const unheard = saved.feedback.filter((f) => !key?.some((k) => k.qnId === f.qnId));
          if (unheard.length) onFeedbackRef.current?.(unheard);
        } catch (err) {
          setProblem(
            isApiError(err) && err.status !== 0
              ? { kind: 'refused', message: err.message }
              : { kind: 'offline' },
          );
          return;
        }
      }
    } finally {
      sending.current = false;
    }
  }, [attempt._id, update]);

  // The copy as loaded (so a reload without network reopens it), then anything not yet sent.
  useEffect(() => {
    writePracticeCopy(userId, copyRef.current);
    void sync();
    const back = () => void sync();
    const gone = () => setProblem({ kind: 'offline' });
    window.addEventListener('online', back);
    window.addEventListener('offline', gone);
    return () => {
      window.removeEventListener('online', back);
      window.removeEventListener('offline', gone);
    };
  }, [userId, sync]);

  const answer = (qnId: string, selectedOption: string) => {
    update((c) => ({
      ...c,
      seq: c.seq + 1,
      answers: { ...c.answers, [qnId]: { selectedOption, seq: c.seq + 1 } },
    }));
    const local = keyedFeedback(attempt, qnId, selectedOption);
    if (local) onFeedbackRef.current?.([local]);
    void sync();
  };

  // The server's feedback, and the daily five's own (from its key) for answers not yet acknowledged.
  const feedback = new Map<string, PracticeFeedback>(copy.feedback.map((f) => [f.qnId, f]));
  for (const [qnId, a] of Object.entries(copy.answers)) {
    const local = feedback.has(qnId) ? null : keyedFeedback(attempt, qnId, a.selectedOption);
    if (local) feedback.set(qnId, local);
  }
  return {
    index: copy.index,
    setIndex: (index: number) => update((c) => ({ ...c, index })),
    chosen: (qnId: string) => copy.answers[qnId]?.selectedOption ?? null,
    feedback,
    /** True when this answer is kept on the device but not yet acknowledged by the server. */
    unsent: (qnId: string) => (copy.answers[qnId]?.seq ?? 0) > (copy.acked[qnId] ?? 0),
    unsentCount: unsentAnswers(copy).length,
    problem,
    answer,
    /** Every answer with its seq: what a submission sends (the server merges them by seq). */
    allAnswers: () =>
      Object.entries(copyRef.current.answers).map(([qnId, a]) => ({
        qnId,
        selectedOption: a.selectedOption,
        seq: a.seq,
      })),
    forget: () => clearPracticeCopy(userId, attempt._id),
  };
}
