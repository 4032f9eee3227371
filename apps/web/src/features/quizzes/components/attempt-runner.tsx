import { useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ComponentType,
} from 'react';
import { useBlocker, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paletteCounts } from '@quizcast/contract/domain/answer-merge';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import { QUIZ_MESSAGES } from '@quizcast/contract/messages/quiz';
import type { QuizAttempt } from '@quizcast/contract/schemas/quiz';
import { shownText, spokenText, type TextLang } from '@quizcast/contract/domain/question-text';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { HindiVoiceNotice } from '../../../components/listen/hindi-voice-notice';
import { ListenControls } from '../../../components/listen/listen-controls';
import { useQuestionReader } from '../../../hooks/use-question-reader';
import { useLanguage, useServerMessage, useT } from '../../../i18n/use-t';
import { isApiError, type ApiError } from '../../../lib/api-client';
import {
  lacksHindiVoice,
  optionLetter,
  type ListenableQuestion,
  type QuestionLang,
} from '../../../lib/speech';
import { useQuestionLanguage } from '../../../hooks/use-question-language';
import { attemptCatalog } from '../attempt/messages/catalog';
import { submitQuiz } from '../api/quiz-attempt';
import { quizListBaseKey } from '../api/quiz-list';
import { audioModeAction, useAudioModeSetting, type TimeWarning } from '../hooks/audio-mode';
import type { SyncState } from '../hooks/attempt-session';
import { useAttemptSession } from '../hooks/use-attempt-session';
import { useLeaveWarning } from '../hooks/use-leave-warning';
import { useOnlineStatus } from '../hooks/use-online-status';
import { AttemptActions } from './attempt-actions';
import { AudioModePanel } from './audio-mode-panel';
import { AttemptClock } from './attempt-clock';
import { AttemptQuestion } from './attempt-question';
import { OfflineNotice } from './offline-notice';
import { QuestionPalette } from './question-palette';
import type { AttemptKey } from './palette-labels';
import type { TimeUpOutcome } from './time-up-screen';

/**
 * A part needed only on Submit, Quit or at time-up, kept out of the screen's first bytes (ADR 013
 * budget): its fetch starts as soon as this module runs, alongside the attempt's own request, and
 * the screen never waits for it. A fetch that fails (the connection dropped at that moment, no
 * service worker yet) is tried again when the connection returns or 5 s later, never thrown to the
 * error boundary.
 */
function eager<P extends object>(load: () => Promise<ComponentType<P>>) {
  const attempt = (): Promise<{ default: ComponentType<P> }> =>
    load().then(
      (component) => ({ default: component }),
      () =>
        new Promise((resolve) => {
          const again = () => {
            window.removeEventListener('online', again);
            clearTimeout(timer);
            resolve(attempt());
          };
          const timer = setTimeout(again, 5_000);
          window.addEventListener('online', again);
        }),
    );
  const ready = attempt();
  return lazy(() => ready);
}
const SubmitDialog = eager(() => import('./submit-dialog').then((m) => m.SubmitDialog));
const ConfirmDialog = eager(() =>
  import('../../../components/ui/confirm-dialog').then((m) => m.ConfirmDialog),
);
const TimeUpScreen = eager(() => import('./time-up-screen').then((m) => m.TimeUpScreen));

/** State the submitted page receives. */
export interface QuizSubmittedState {
  quizId: string;
  quizName: string;
  /** When results will be published (the submit response's `resultsAt`). */
  resultsAt?: string;
}

const SYNC_TEXT: Record<SyncState, AttemptKey> = {
  saved: 'attempt.sync.saved',
  saving: 'attempt.sync.saving',
  pending: 'attempt.sync.pending',
  offline: 'attempt.sync.offline',
  error: 'attempt.sync.retrying',
};

function SyncLabel({ sync }: { sync: SyncState }) {
  const t = useT(attemptCatalog);
  return (
    <p className="text-sm text-slate-600" aria-live="polite">
      {t(SYNC_TEXT[sync])}
    </p>
  );
}

/** The attempt's flow: one of these at a time, so "submitting while auto-submitting" cannot happen. */
type Flow = { phase: 'running' } | { phase: 'submitting' } | { phase: 'time-up'; outcome: TimeUpOutcome };
type FlowEvent =
  | { type: 'submit' }
  | { type: 'submit-failed' }
  | { type: 'time-up' }
  | { type: 'time-up-outcome'; outcome: TimeUpOutcome };

export function flowReducer(flow: Flow, event: FlowEvent): Flow {
  switch (event.type) {
    case 'submit':
      return flow.phase === 'running' ? { phase: 'submitting' } : flow;
    case 'submit-failed':
      return flow.phase === 'submitting' ? { phase: 'running' } : flow;
    case 'time-up':
      return flow.phase === 'running' ? { phase: 'time-up', outcome: { kind: 'submitting' } } : flow;
    case 'time-up-outcome':
      return flow.phase === 'time-up' ? { phase: 'time-up', outcome: event.outcome } : flow;
  }
}

export function AttemptRunner({
  userId,
  attempt,
  clockOffsetMs,
  serverAnswers,
  fromDevice,
}: {
  userId: string;
  attempt: QuizAttempt;
  clockOffsetMs: number;
  /** Null when opened from the device copy. */
  serverAnswers: QuizAttempt['savedAnswers'] | null;
  fromDevice: boolean;
}) {
  const t = useT(attemptCatalog);
  const language = useLanguage();
  const serverMessage = useServerMessage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const online = useOnlineStatus();
  const [flow, dispatch] = useReducer(flowReducer, { phase: 'running' });
  const [confirmSubmit, setConfirmSubmit] = useState(false);
  const [confirmQuit, setConfirmQuit] = useState(false);
  const allowLeave = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const deadlineMs = new Date(attempt.deadlineAt).getTime();

  const leaveTo = useCallback(
    (to: string, state?: unknown) => {
      allowLeave.current = true;
      navigate(to, { replace: true, state });
    },
    [navigate],
  );

  const sessionRef = useRef<ReturnType<typeof useAttemptSession>['session'] | null>(null);
  const onRefused = useCallback(
    (err: ApiError) => {
      // The server stopped taking answers: submitted elsewhere, or the time is over and it auto-submitted.
      sessionRef.current?.finish();
      void queryClient.invalidateQueries({ queryKey: quizListBaseKey });
      if (err.message === QUIZ_MESSAGES.alreadySubmitted) {
        toast.error(serverMessage(QUIZ_MESSAGES.alreadySubmitted));
        leaveTo(WEB_ROUTES.quizzes);
        return;
      }
      dispatch({ type: 'time-up' });
      dispatch({ type: 'time-up-outcome', outcome: { kind: 'already-submitted' } });
    },
    [leaveTo, queryClient, serverMessage],
  );
  const { session, view } = useAttemptSession({ userId, attempt, clockOffsetMs, serverAnswers, onRefused });
  useEffect(() => {
    sessionRef.current = session;
  }, [session]);

  const { entries, currentIndex } = view;
  const questions = attempt.questions;
  const questionIds = useMemo(() => questions.map((q) => q._id), [questions]);
  const question = questions[currentIndex];
  const phase = flow.phase;
  const isLast = currentIndex === questions.length - 1;

  useLeaveWarning(phase !== 'time-up');
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !allowLeave.current && phase === 'running' && currentLocation.pathname !== nextLocation.pathname,
  );

  const send = useCallback(() => {
    const { answers, submissionId } = session.submission();
    return submitQuiz({
      quizId: attempt._id,
      startedAt: attempt.startedAt,
      submittedAt: new Date(Date.now() + clockOffsetMs).toISOString(),
      answers,
      submissionId,
    });
  }, [attempt._id, attempt.startedAt, clockOffsetMs, session]);

  // Time up: submit automatically (once), then the "Time's Up!" screen.
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
  }, [queryClient, send, session]);

  // Time-up submission that failed for lack of a connection: send it when the connection returns.
  const timeUpOffline = flow.phase === 'time-up' && flow.outcome.kind === 'offline';
  useEffect(() => {
    if (timeUpOffline && online) void autoSubmit();
  }, [timeUpOffline, online, autoSubmit]);

  const submitNow = async () => {
    setConfirmSubmit(false);
    session.stop();
    phaseRef.current = 'submitting';
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
        toast.error(serverMessage(QUIZ_MESSAGES.alreadySubmitted));
        leaveTo(WEB_ROUTES.quizzes);
        return;
      }
      toast.error(t('attempt.submitFailed'));
      phaseRef.current = 'running';
      dispatch({ type: 'submit-failed' });
      if (Date.now() + clockOffsetMs >= deadlineMs) void autoSubmit();
      else session.resume();
    }
  };

  const quit = () => {
    setConfirmQuit(false);
    void session.flush();
    allowLeave.current = true;
    if (blocker.state === 'blocked') blocker.proceed();
    else if ((window.history.state as { idx?: number } | null)?.idx) navigate(-1);
    else navigate(WEB_ROUTES.quizzes, { replace: true });
  };

  const goTo = useCallback(
    (index: number) => {
      session.goTo(index);
      requestAnimationFrame(() => headingRef.current?.focus());
    },
    [session],
  );

  const reader = useQuestionReader();

  // ── Language of bilingual questions (issue 12) ───────────────────────────────────────────
  // Each question keeps the language it was switched to; the last choice is remembered as the
  // default for the next questions and attempts. Answers stay the question's own choice texts.
  const questionLanguage = useQuestionLanguage();
  const shownLang = questionLanguage.langOf(question?._id ?? '');
  const shown = question ? shownText(question, shownLang) : null;
  const changeLang = (next: TextLang) => {
    if (!question) return;
    reader.stop();
    questionLanguage.setLang(question._id, next);
  };
  /** What Listen and audio mode read: the shown language, formulas in words. */
  const listenable: ListenableQuestion | null =
    question && shown
      ? {
          ...spokenText(shown),
          lang: shown.lang,
          // A recording is of the question's own language.
          audioUrl: shown.lang === question.lang ? question.audioUrl : null,
          // "विकल्प A: …" for a Hindi question while the app is in Hindi; otherwise "Option A: …".
          optionLine:
            language === 'hi' && shown.lang === 'hi'
              ? (letter, text) => t('attempt.cue.optionLine', { letter, text })
              : undefined,
        }
      : null;

  // ── Listening and audio mode ──────────────────────────────────────────────────────────────
  const [audioMode, setAudioMode] = useAudioModeSetting();
  /** Last thing audio mode said, shown and announced (screen readers, and devices without speech). */
  const [spoken, setSpoken] = useState('');
  const lang = shown?.lang ?? question?.lang ?? 'en';
  // The app's own cues: in Hindi, spoken by a Hindi voice (questions keep their own language); in English,
  // in the question's language as before. A device with no Hindi voice shows Hindi cues without speaking
  // them (HindiVoiceNotice says so once).
  const cueLang: QuestionLang = language === 'hi' ? 'hi' : lang;
  const cuesSpoken = language !== 'hi' || !lacksHindiVoice(reader.voices);

  const announce = (text: string) => {
    setSpoken(text);
    if (audioMode && cuesSpoken) reader.say(text, cueLang);
  };

  const chooseAt = (index: number) => {
    if (!question || phase !== 'running') return;
    const option = question.choices[index];
    if (option === undefined) return;
    session.choose(question._id, option);
    announce(t('attempt.cue.optionSelected', { letter: optionLetter(index) }));
  };

  /** Save & Next: the response stands unmarked; Mark for Review & Next: it is marked. */
  const markAndMove = (marked: boolean) => {
    if (!question || phase !== 'running') return;
    if (Boolean(entries[question._id]?.markedForReview) !== marked) session.mark(question._id, marked);
    if (!isLast) goTo(currentIndex + 1);
    else announce(marked ? t('attempt.cue.markedLast') : t('attempt.cue.savedLast'));
  };

  // Audio mode reads each question on arrival; otherwise moving on stops any reading.
  const { read: readQuestion, stop: stopReading } = reader;
  useEffect(() => {
    if (audioMode && phase === 'running' && listenable) readQuestion(listenable);
    else stopReading();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on arrival at a question or a mode change
  }, [audioMode, currentIndex, phase, shownLang]);

  // Spoken time warnings at 5 minutes, 1 minute and 10 seconds left (from the clock, which re-renders alone).
  const warningState = useRef({ audioMode, phase, cueLang, cuesSpoken, reader, t });
  useEffect(() => {
    warningState.current = { audioMode, phase, cueLang, cuesSpoken, reader, t };
  });
  const onWarning = useCallback((warning: TimeWarning) => {
    const current = warningState.current;
    if (current.audioMode && current.phase === 'running') {
      const text = current.t(
        warning.unit === 'minutes' ? 'attempt.cue.minutesLeft' : 'attempt.cue.secondsLeft',
        { count: warning.count },
      );
      setSpoken(text);
      if (current.cuesSpoken) current.reader.say(text, current.cueLang);
    }
  }, []);
  const onExpire = useCallback(() => void autoSubmit(), [autoSubmit]);

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
        if (isLast) announce(t('attempt.cue.lastPressS'));
        else goTo(currentIndex + 1);
        break;
      case 'previous':
        if (currentIndex === 0) announce(t('attempt.cue.first'));
        else goTo(currentIndex - 1);
        break;
      case 'replay':
        setSpoken('');
        if (listenable) reader.read(listenable);
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

  if (flow.phase === 'time-up') {
    return (
      <Suspense fallback={null}>
        <TimeUpScreen
          quizName={attempt.name}
          outcome={flow.outcome}
          onClose={() => leaveTo(WEB_ROUTES.quizzes)}
        />
      </Suspense>
    );
  }
  if (!question) {
    return <ErrorState title={t('attempt.fetchFailed')} message={t('attempt.noQuestions')} />;
  }

  const offline = !online || view.sync === 'offline' || (fromDevice && view.sync !== 'saved');
  const blocked = blocker.state === 'blocked';
  const selected = entries[question._id]?.selectedOption ?? undefined;

  return (
    <div className="space-y-4 pb-28">
      <div className="sticky top-20 z-10 -mx-4 border-b border-slate-200 bg-slate-50/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="truncate text-lg font-bold text-slate-900">{attempt.name}</h1>
            <SyncLabel sync={view.sync} />
          </div>
          <AttemptClock
            deadlineMs={deadlineMs}
            clockOffsetMs={clockOffsetMs}
            onExpire={onExpire}
            onWarning={onWarning}
          />
        </div>
      </div>

      {attempt.desc && <p className="text-sm text-slate-600">{attempt.desc}</p>}

      <div className="grid gap-4 lg:grid-cols-[1fr_17rem]">
        <div className="space-y-4">
          <AudioModePanel
            on={audioMode}
            onToggle={() => {
              setSpoken('');
              setAudioMode(!audioMode);
            }}
            paused={reader.paused}
            onReplay={() => listenable && reader.read(listenable)}
            onTogglePause={reader.togglePause}
            spoken={spoken}
            notice={language === 'hi' && <HindiVoiceNotice voices={reader.voices} />}
          />
          <AttemptQuestion
            ref={headingRef}
            question={question}
            index={currentIndex}
            total={questions.length}
            selected={selected}
            markedForReview={entries[question._id]?.markedForReview ?? false}
            disabled={phase !== 'running'}
            onChoose={(option) =>
              question.type === 'numeric'
                ? phase === 'running' && session.choose(question._id, option)
                : chooseAt(question.choices.indexOf(option))
            }
            onClear={() => session.clear(question._id)}
            readingPart={reader.part}
            listen={listenable && <ListenControls question={listenable} reader={reader} />}
            shownLang={shownLang}
            onLangChange={changeLang}
          />
          <AttemptActions
            isFirst={currentIndex === 0}
            answered={selected !== undefined}
            disabled={phase !== 'running'}
            submitting={phase === 'submitting'}
            onPrevious={() => goTo(currentIndex - 1)}
            onClear={() => session.clear(question._id)}
            onMarkAndNext={() => markAndMove(true)}
            onSaveAndNext={() => markAndMove(false)}
            onSubmit={() => setConfirmSubmit(true)}
          />
        </div>
        <div className="space-y-4">
          <QuestionPalette
            questionIds={questionIds}
            entries={entries}
            currentIndex={currentIndex}
            onJump={goTo}
          />
          <Button variant="ghost" className="w-full" onClick={() => setConfirmQuit(true)}>
            <LogOut className="size-4" aria-hidden="true" />
            {t('attempt.quit')}
          </Button>
        </div>
      </div>

      <OfflineNotice offline={offline} waiting={view.waiting} storageProblem={view.storageProblem} />

      <Suspense fallback={null}>
        <SubmitDialog
          open={confirmSubmit}
          onOpenChange={setConfirmSubmit}
          counts={paletteCounts(questionIds, entries)}
          onConfirm={() => void submitNow()}
        />
      </Suspense>
      <Suspense fallback={null}>
        <ConfirmDialog
          open={confirmQuit || blocked}
          onOpenChange={(open) => {
            setConfirmQuit(open);
            if (!open && blocker.state === 'blocked') blocker.reset();
          }}
          title={t('attempt.quitTitle')}
          message={t('attempt.quitText')}
          confirmLabel={t('attempt.quit')}
          cancelLabel={t('attempt.keepGoing')}
          destructive
          onConfirm={quit}
        />
      </Suspense>
    </div>
  );
}
