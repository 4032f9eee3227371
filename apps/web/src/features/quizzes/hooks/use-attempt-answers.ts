import { useCallback, useEffect, useRef, useState } from 'react';
import type { QuizAttempt } from '@quizcast/contract/schemas/quiz';
import { isApiError, type ApiError } from '../../../lib/api-client';
import { saveAttemptAnswers } from '../api/quiz-attempt';
import { answersToList, readDraft, resumeState, writeDraft, type AttemptDraft } from './attempt-draft';

/** Wait this long after the last change before sending (a burst of taps is one request). */
export const AUTOSAVE_DEBOUNCE_MS = 800;
/** After a failed send (patchy data), try again this often. */
const RETRY_MS = 10_000;

export type SyncState = 'saved' | 'pending' | 'saving' | 'offline' | 'error';

export interface AttemptAnswers {
  answers: Record<string, string>;
  currentIndex: number;
  setCurrentIndex(index: number): void;
  choose(qnId: string, option: string): void;
  sync: SyncState;
  /** Send unsent answers now (e.g. before leaving). */
  flush(): Promise<void>;
  /** Stop saving (while submitting, after submit or time-up). */
  stop(): void;
  /** Save again after a failed submit. */
  resume(): void;
}

/**
 * Answers of the running attempt: every change is written to the device at once and sent to the
 * server debounced (the full set, last write wins). Failed sends stay on the device and are retried
 * on reconnect; a reload resumes from the server's saved answers plus any unsent local changes.
 */
export function useAttemptAnswers(options: {
  userId: string;
  attempt: QuizAttempt;
  clockOffsetMs: number;
  online: boolean;
  /** The server refused a save (409: submitted or time over). */
  onRefused(error: ApiError): void;
}): AttemptAnswers {
  const { userId, attempt, clockOffsetMs, online } = options;
  const quizId = attempt._id;
  const [initial] = useState(() => resumeState(readDraft(userId, quizId), attempt));
  const [answers, setAnswers] = useState(initial.answers);
  const [currentIndex, setCurrentIndexState] = useState(initial.currentIndex);
  const [sync, setSync] = useState<SyncState>(initial.unsynced ? 'pending' : 'saved');

  const live = useRef({
    answers: initial.answers,
    currentIndex: initial.currentIndex,
    changeVersion: initial.unsynced ? 1 : 0,
    savedVersion: 0,
    inFlight: null as Promise<void> | null,
    timer: 0,
    stopped: false,
  });
  const onRefused = useRef(options.onRefused);
  useEffect(() => {
    onRefused.current = options.onRefused;
  });

  const persist = useCallback(() => {
    const s = live.current;
    const draft: AttemptDraft = {
      version: 1,
      quizId,
      startedAt: attempt.startedAt,
      answers: s.answers,
      currentIndex: s.currentIndex,
      unsynced: s.changeVersion > s.savedVersion,
      attempt,
      clockOffsetMs,
    };
    writeDraft(userId, draft);
  }, [attempt, clockOffsetMs, quizId, userId]);

  const flushRef = useRef<() => Promise<void>>(async () => {});
  const flush = useCallback(async (): Promise<void> => {
    const s = live.current;
    window.clearTimeout(s.timer);
    while (!s.stopped) {
      if (s.inFlight) {
        await s.inFlight;
        continue;
      }
      if (s.changeVersion <= s.savedVersion) return;
      const version = s.changeVersion;
      let sent = false;
      setSync('saving');
      const request = (async () => {
        try {
          await saveAttemptAnswers(quizId, answersToList(attempt.questions, s.answers));
          s.savedVersion = Math.max(s.savedVersion, version);
          sent = true;
          persist();
          setSync(s.changeVersion > s.savedVersion ? 'pending' : 'saved');
        } catch (err) {
          if (isApiError(err) && err.status === 409) {
            s.stopped = true;
            onRefused.current(err);
            return;
          }
          setSync(!isApiError(err) || err.status === 0 ? 'offline' : 'error');
          window.clearTimeout(s.timer);
          s.timer = window.setTimeout(() => void flushRef.current(), RETRY_MS);
        }
      })();
      s.inFlight = request;
      await request;
      s.inFlight = null;
      // Changes made while this was in flight go in the next turn of the loop.
      if (!sent) return;
    }
  }, [attempt.questions, persist, quizId]);
  useEffect(() => {
    flushRef.current = flush;
  }, [flush]);

  // Keep the device copy current from the first render (also records the loaded attempt for offline reloads).
  useEffect(() => {
    persist();
  }, [persist]);

  // Unsent changes from before a reload: send them now.
  useEffect(() => {
    if (initial.unsynced) void flushRef.current();
  }, [initial.unsynced]);

  // Back online: send what waited on the device.
  useEffect(() => {
    if (online && live.current.changeVersion > live.current.savedVersion) void flushRef.current();
  }, [online]);

  useEffect(() => {
    const s = live.current;
    return () => window.clearTimeout(s.timer);
  }, []);

  const choose = useCallback(
    (qnId: string, option: string) => {
      const s = live.current;
      if (s.stopped) return;
      s.answers = { ...s.answers, [qnId]: option };
      s.changeVersion += 1;
      setAnswers(s.answers);
      persist();
      setSync(navigator.onLine ? 'pending' : 'offline');
      window.clearTimeout(s.timer);
      s.timer = window.setTimeout(() => void flushRef.current(), AUTOSAVE_DEBOUNCE_MS);
    },
    [persist],
  );

  const setCurrentIndex = useCallback(
    (index: number) => {
      live.current.currentIndex = index;
      setCurrentIndexState(index);
      persist();
    },
    [persist],
  );

  const stop = useCallback(() => {
    live.current.stopped = true;
    window.clearTimeout(live.current.timer);
  }, []);

  const resume = useCallback(() => {
    live.current.stopped = false;
    void flushRef.current();
  }, []);

  return { answers, currentIndex, setCurrentIndex, choose, sync, flush, stop, resume };
}
