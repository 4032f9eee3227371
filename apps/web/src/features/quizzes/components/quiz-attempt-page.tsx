import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CloudOff, Headphones, LogOut, Pause, Play, RotateCcw } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useBlocker, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import { QUIZ_MESSAGES } from '@quizcast/contract/schemas/quiz';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError, type ApiError } from '../../../lib/api-client';
import { ListenControls } from '../../../components/listen/listen-controls';
import { useQuestionReader } from '../../../hooks/use-question-reader';
import { useAuth } from '../../../lib/auth';
import { optionLetter } from '../../../lib/speech';
import { attemptQueryKey, fetchQuizAttempt, submitQuiz, type LoadedAttempt } from '../api/quiz-attempt';
import { quizListBaseKey } from '../api/quiz-list';
import { answersToList, clearDraft, readDraft } from '../hooks/attempt-draft';
import { audioModeAction, timeWarning, useAudioModeSetting } from '../hooks/audio-mode';
import { useAttemptAnswers, type SyncState } from '../hooks/use-attempt-answers';
import { useCountdown } from '../hooks/use-countdown';
import { useLeaveWarning } from '../hooks/use-leave-warning';
import { useOnlineStatus } from '../hooks/use-online-status';
import { AttemptCountdown } from './attempt-countdown';
import { AttemptQuestion } from './attempt-question';
import type { QuizAttendState } from './quiz-intro-page';
import { QuestionPalette } from './question-palette';
import { TimeUpScreen, type TimeUpOutcome } from './time-up-screen';

/** State the submitted page receives. */
export interface QuizSubmittedState {
  quizId: string;
  quizName: string;
}

export const OFFLINE_NOTICE = 'You are offline — answers are saved on this device';

/** Attempt page: the quiz id arrives through navigation state; without it, back to the list. */
export function QuizAttemptPage() {
  const location = useLocation();
  const { user } = useAuth();
  const quizId = (location.state as QuizAttendState | null)?.quizId;
  if (!quizId || !user) return <Navigate to={WEB_ROUTES.quizzes} replace />;
  return <AttemptLoader key={quizId} quizId={quizId} userId={user._id} />;
}

interface Loaded extends LoadedAttempt {
  /** Reopened from the device copy because the server could not be reached. */
  fromDevice: boolean;
}

function AttemptLoader({ quizId, userId }: { quizId: string; userId: string }) {
  const query = useQuery({
    queryKey: attemptQueryKey(quizId),
    queryFn: async ({ signal }): Promise<Loaded> => {
      try {
        return { ...(await fetchQuizAttempt(quizId, signal)), fromDevice: false };
      } catch (err) {
        // No connection: reopen the attempt kept on this device (same deadline, same answers).
        const draft = isApiError(err) && err.status === 0 ? readDraft(userId, quizId) : null;
        if (draft) return { attempt: draft.attempt, clockOffsetMs: draft.clockOffsetMs, fromDevice: true };
        throw err;
      }
    },
    staleTime: Infinity,
    gcTime: 0,
    // The server answered (402/404/406/409): asking again will not change that.
    retry: (failures, err) => failures < 1 && !(isApiError(err) && err.status >= 400 && err.status < 500),
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });
  const status = isApiError(query.error) ? query.error.status : undefined;

  useEffect(() => {
    if (!query.error) return;
    if (status === 409) {
      clearDraft(userId, quizId);
      toast.error(QUIZ_MESSAGES.alreadySubmitted);
    } else if (status !== 402 && status !== 406) {
      toast.error('Failed to fetch quiz details');
    }
  }, [query.error, query.errorUpdatedAt, status, userId, quizId]);

  if (query.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading quiz" />
      </div>
    );
  }
  if (query.isError) {
    const back = (
      <Link
        to={WEB_ROUTES.quizzes}
        className="mt-4 inline-flex min-h-11 items-center font-semibold text-brand-800"
      >
        Back to Quizzes
      </Link>
    );
    if (status === 409 || status === 402 || status === 406) {
      const text =
        status === 409
          ? 'You have already submitted this quiz. Results appear once the quiz ends.'
          : status === 402
            ? 'Unlock this quiz to attend.'
            : 'This quiz is not open right now.';
      return (
        <section role="alert" className="rounded-2xl border border-amber-200 bg-amber-50 p-6 text-center">
          <h1 className="text-lg font-bold text-amber-950">
            {status === 409 ? QUIZ_MESSAGES.alreadySubmitted : 'Cannot start this quiz'}
          </h1>
          <p className="mt-2 text-sm text-amber-900">{text}</p>
          {back}
        </section>
      );
    }
    return (
      <ErrorState
        title="Failed to fetch quiz details"
        message="Check your connection and try again."
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <AttemptRunner userId={userId} loaded={query.data} />;
}

function SyncLabel({ sync }: { sync: SyncState }) {
  const text =
    sync === 'saved'
      ? 'All answers saved'
      : sync === 'saving'
        ? 'Saving…'
        : sync === 'pending'
          ? 'Saving soon…'
          : sync === 'offline'
            ? 'Saved on this device'
            : 'Saved on this device; retrying';
  return (
    <p className="text-xs text-slate-600" aria-live="polite">
      {text}
    </p>
  );
}

type Phase = 'running' | 'submitting' | 'time-up';

function AttemptRunner({ userId, loaded }: { userId: string; loaded: Loaded }) {
  const { attempt, clockOffsetMs } = loaded;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const online = useOnlineStatus();
  const [phase, setPhase] = useState<Phase>('running');
  const [outcome, setOutcomeState] = useState<TimeUpOutcome>({ kind: 'submitting' });
  const outcomeRef = useRef(outcome);
  const setOutcome = useCallback((next: TimeUpOutcome) => {
    outcomeRef.current = next;
    setOutcomeState(next);
  }, []);
  const [confirmSubmit, setConfirmSubmit] = useState(false);
  const [confirmQuit, setConfirmQuit] = useState(false);
  const allowLeave = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const leaveTo = useCallback(
    (to: string, state?: unknown) => {
      allowLeave.current = true;
      navigate(to, { replace: true, state });
    },
    [navigate],
  );

  const onRefused = useCallback(
    (err: ApiError) => {
      // The server stopped taking answers: submitted elsewhere, or the time is over and it auto-submitted.
      clearDraft(userId, attempt._id);
      void queryClient.invalidateQueries({ queryKey: quizListBaseKey });
      if (err.message === QUIZ_MESSAGES.alreadySubmitted) {
        toast.error(QUIZ_MESSAGES.alreadySubmitted);
        leaveTo(WEB_ROUTES.quizzes);
        return;
      }
      setOutcome({ kind: 'already-submitted' });
      setPhase('time-up');
    },
    [attempt._id, leaveTo, queryClient, setOutcome, userId],
  );

  const state = useAttemptAnswers({ userId, attempt, clockOffsetMs, online, onRefused });
  const { answers, currentIndex, setCurrentIndex, choose, sync, flush, stop } = state;
  const questions = attempt.questions;
  const question = questions[currentIndex];
  const unanswered = questions.filter((q) => answers[q._id] === undefined).length;
  const isLast = currentIndex === questions.length - 1;

  useLeaveWarning(phase !== 'time-up');
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !allowLeave.current && phase === 'running' && currentLocation.pathname !== nextLocation.pathname,
  );

  const send = useCallback(
    () =>
      submitQuiz({
        quizId: attempt._id,
        startedAt: attempt.startedAt,
        submittedAt: new Date(Date.now() + clockOffsetMs).toISOString(),
        answers: answersToList(questions, state.answers),
      }),
    [attempt._id, attempt.startedAt, clockOffsetMs, questions, state.answers],
  );

  // Time up: submit automatically (once), then the "Time's Up!" screen.
  const autoSubmitting = useRef(false);
  const autoSubmit = useCallback(async () => {
    if (autoSubmitting.current) return;
    autoSubmitting.current = true;
    stop();
    setPhase('time-up');
    setOutcome({ kind: 'submitting' });
    try {
      const result = await send();
      clearDraft(userId, attempt._id);
      setOutcome({ kind: 'submitted', result });
    } catch (err) {
      if (isApiError(err) && err.status === 409) {
        clearDraft(userId, attempt._id);
        setOutcome({ kind: 'already-submitted' });
      } else if (isApiError(err) && err.status === 0) {
        setOutcome({ kind: 'offline' });
        autoSubmitting.current = false; // try again when back online
      } else {
        setOutcome({ kind: 'failed' });
      }
    } finally {
      void queryClient.invalidateQueries({ queryKey: quizListBaseKey });
    }
  }, [attempt._id, queryClient, send, setOutcome, stop, userId]);

  const remaining = useCountdown(
    new Date(attempt.deadlineAt).getTime(),
    clockOffsetMs,
    () => void autoSubmit(),
  );

  // Time-up submission that failed for lack of a connection: send it when the connection returns.
  const retryWhenOnline = useRef(autoSubmit);
  useEffect(() => {
    retryWhenOnline.current = autoSubmit;
  });
  useEffect(() => {
    const onOnline = () => {
      if (outcomeRef.current.kind === 'offline') void retryWhenOnline.current();
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, []);

  const submitNow = async () => {
    setConfirmSubmit(false);
    stop();
    setPhase('submitting');
    try {
      await send();
      clearDraft(userId, attempt._id);
      void queryClient.invalidateQueries({ queryKey: quizListBaseKey });
      leaveTo(WEB_ROUTES.quizSubmitted, {
        quizId: attempt._id,
        quizName: attempt.name,
      } satisfies QuizSubmittedState);
    } catch (err) {
      if (isApiError(err) && err.status === 409) {
        clearDraft(userId, attempt._id);
        void queryClient.invalidateQueries({ queryKey: quizListBaseKey });
        toast.error(QUIZ_MESSAGES.alreadySubmitted);
        leaveTo(WEB_ROUTES.quizzes);
        return;
      }
      toast.error('Failed to submit quiz');
      state.resume();
      setPhase('running');
    }
  };

  const quit = () => {
    setConfirmQuit(false);
    void flush();
    allowLeave.current = true;
    if (blocker.state === 'blocked') blocker.proceed();
    else if ((window.history.state as { idx?: number } | null)?.idx) navigate(-1);
    else navigate(WEB_ROUTES.quizzes, { replace: true });
  };

  const goTo = (index: number) => {
    setCurrentIndex(index);
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  // ── Listening and audio mode ──────────────────────────────────────────────────────────────
  const reader = useQuestionReader();
  const [audioMode, setAudioMode] = useAudioModeSetting();
  /** Last thing audio mode said, shown and announced (screen readers, and devices without speech). */
  const [spoken, setSpoken] = useState('');
  const lang = question?.lang ?? 'en';

  const announce = (text: string) => {
    setSpoken(text);
    if (audioMode) reader.say(text, lang);
  };

  const chooseAt = (index: number) => {
    if (!question || phase !== 'running') return;
    const option = question.choices[index];
    if (option === undefined) return;
    choose(question._id, option);
    announce(`Option ${optionLetter(index)} selected`);
  };

  // Audio mode reads each question on arrival; otherwise moving on stops any reading.
  const { read: readQuestion, stop: stopReading } = reader;
  useEffect(() => {
    if (audioMode && phase === 'running' && question) readQuestion(question);
    else stopReading();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on arrival at a question or a mode change
  }, [audioMode, currentIndex, phase]);

  // Spoken time warnings at 5 minutes, 1 minute and 10 seconds left.
  const previousRemaining = useRef(remaining);
  useEffect(() => {
    const warning = timeWarning(previousRemaining.current, remaining);
    previousRemaining.current = remaining;
    if (warning && audioMode && phase === 'running') {
      setSpoken(warning);
      reader.say(warning, lang);
    }
  }, [remaining, audioMode, phase, reader, lang]);

  const keyHandler = useRef<(event: KeyboardEvent) => void>(() => undefined);
  const onAudioKey = (event: KeyboardEvent) => {
    if (!audioMode || !question || phase !== 'running' || confirmSubmit || confirmQuit) return;
    if (blocker.state === 'blocked') return;
    const action = audioModeAction(event, question.choices.length);
    if (!action) return;
    event.preventDefault();
    switch (action.type) {
      case 'choose':
        chooseAt(action.index);
        break;
      case 'next':
        if (isLast) announce('This is the last question. Press S to submit.');
        else goTo(currentIndex + 1);
        break;
      case 'previous':
        if (currentIndex === 0) announce('This is the first question.');
        else goTo(currentIndex - 1);
        break;
      case 'replay':
        setSpoken('');
        reader.read(question);
        break;
      case 'pause':
        reader.togglePause();
        break;
      case 'submit':
        reader.stop();
        setConfirmSubmit(true);
        break;
    }
  };
  useEffect(() => {
    keyHandler.current = onAudioKey;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => keyHandler.current(event);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (phase === 'time-up') {
    return (
      <TimeUpScreen quizName={attempt.name} outcome={outcome} onClose={() => leaveTo(WEB_ROUTES.quizzes)} />
    );
  }
  if (!question) {
    return <ErrorState title="Failed to fetch quiz details" message="This quiz has no questions." />;
  }

  const showOffline = !online || sync === 'offline' || loaded.fromDevice;
  const blocked = blocker.state === 'blocked';

  return (
    <div className="space-y-4">
      <div className="sticky top-20 z-10 -mx-4 border-b border-slate-200 bg-slate-50/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="truncate text-lg font-bold text-slate-900">{attempt.name}</h1>
            <SyncLabel sync={sync} />
          </div>
          <AttemptCountdown remainingMs={remaining} />
        </div>
      </div>

      {attempt.desc && <p className="text-sm text-slate-600">{attempt.desc}</p>}

      {showOffline && (
        <p
          role="status"
          className="flex items-center gap-2 rounded-xl bg-amber-100 px-4 py-3 text-sm font-medium text-amber-950"
        >
          <CloudOff className="size-5 shrink-0" aria-hidden="true" />
          {OFFLINE_NOTICE}
        </p>
      )}

      <div className="grid gap-4 lg:grid-cols-[1fr_16rem]">
        <div className="space-y-4">
          <div className="rounded-2xl border border-slate-200 bg-white p-3">
            <button
              type="button"
              aria-pressed={audioMode}
              onClick={() => {
                setSpoken('');
                setAudioMode(!audioMode);
              }}
              className={`inline-flex min-h-11 items-center gap-2 rounded-xl px-4 text-sm font-semibold ring-1 ${
                audioMode
                  ? 'bg-brand-700 text-white ring-brand-700 hover:bg-brand-800'
                  : 'bg-white text-brand-900 ring-slate-300 hover:bg-slate-50'
              }`}
            >
              <Headphones className="size-4" aria-hidden="true" />
              Audio mode: {audioMode ? 'On' : 'Off'}
            </button>
            {audioMode && (
              <div className="mt-3 space-y-3">
                <p id="audio-mode-keys" className="text-xs text-slate-600">
                  Keys: 1–6 or A–F choose · N or → next · P or ← previous · R replay · Space pause/resume · S
                  submit
                </p>
                <div className="flex flex-wrap gap-2" role="group" aria-label="Audio controls">
                  <Button variant="secondary" onClick={() => reader.read(question)}>
                    <RotateCcw className="size-4" aria-hidden="true" />
                    Replay
                  </Button>
                  <Button variant="secondary" onClick={reader.togglePause}>
                    {reader.paused ? (
                      <Play className="size-4" aria-hidden="true" />
                    ) : (
                      <Pause className="size-4" aria-hidden="true" />
                    )}
                    {reader.paused ? 'Resume' : 'Pause'}
                  </Button>
                </div>
              </div>
            )}
            <p
              role="status"
              aria-live="polite"
              className={spoken ? 'mt-2 text-sm font-medium text-slate-800' : 'sr-only'}
            >
              {spoken}
            </p>
          </div>
          <AttemptQuestion
            ref={headingRef}
            question={question}
            index={currentIndex}
            total={questions.length}
            selected={answers[question._id]}
            disabled={phase !== 'running'}
            onChoose={(option) => chooseAt(question.choices.indexOf(option))}
            readingPart={reader.part}
            listen={<ListenControls question={question} reader={reader} />}
          />
          <div className="flex items-center justify-between gap-3">
            <Button variant="secondary" onClick={() => goTo(currentIndex - 1)} disabled={currentIndex === 0}>
              Previous
            </Button>
            {isLast ? (
              <Button onClick={() => setConfirmSubmit(true)} loading={phase === 'submitting'}>
                Submit
              </Button>
            ) : (
              <Button onClick={() => goTo(currentIndex + 1)}>Next</Button>
            )}
          </div>
        </div>
        <div className="space-y-4">
          <QuestionPalette
            questionIds={questions.map((q) => q._id)}
            answers={answers}
            currentIndex={currentIndex}
            onJump={goTo}
          />
          <Button variant="ghost" className="w-full" onClick={() => setConfirmQuit(true)}>
            <LogOut className="size-4" aria-hidden="true" />
            Quit
          </Button>
        </div>
      </div>

      <ConfirmDialog
        open={confirmSubmit}
        onOpenChange={setConfirmSubmit}
        title="Submit quiz?"
        message={
          unanswered === 0
            ? 'You have answered every question. You cannot change your answers after submitting.'
            : `You have ${unanswered} unanswered question${unanswered === 1 ? '' : 's'}. You cannot change your answers after submitting.`
        }
        confirmLabel="Submit"
        onConfirm={() => void submitNow()}
      />
      <ConfirmDialog
        open={confirmQuit || blocked}
        onOpenChange={(open) => {
          setConfirmQuit(open);
          if (!open && blocker.state === 'blocked') blocker.reset();
        }}
        title="Quit the quiz?"
        message="The timer keeps running. Your answers are saved, and you can come back to continue before the time is up."
        confirmLabel="Quit"
        cancelLabel="Keep going"
        destructive
        onConfirm={quit}
      />
    </div>
  );
}
