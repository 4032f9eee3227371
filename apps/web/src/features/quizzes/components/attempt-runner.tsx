import { useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { Suspense, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { toast } from 'sonner';
import { paletteCounts, unansweredCount } from '@quizcast/contract/domain/answer-merge';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import { QUIZ_MESSAGES } from '@quizcast/contract/messages/quiz';
import type { QuizAttempt } from '@quizcast/contract/schemas/quiz';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { HindiVoiceNotice } from '../../../components/listen/hindi-voice-notice';
import { ListenControls } from '../../../components/listen/listen-controls';
import { useQuestionReader } from '../../../hooks/use-question-reader';
import { useLanguage, useServerMessage, useT } from '../../../i18n/use-t';
import type { ApiError } from '../../../lib/api-client';
import { optionLetter } from '../../../lib/speech';
import { attemptCatalog } from '../attempt/messages/catalog';
import { quizListBaseKey } from '../api/quiz-list';
import { useAudioModeSetting } from '../../../hooks/audio-mode';
import { flowReducer } from '../hooks/attempt-flow';
import { useAttemptSession } from '../hooks/use-attempt-session';
import { useLeaveGuard } from '../hooks/use-leave-guard';
import { useOnlineStatus } from '../hooks/use-online-status';
import { useAttemptAudio } from '../hooks/use-attempt-audio';
import { useAttemptSections, type AttemptSections } from '../hooks/use-attempt-sections';
import { useShownQuestion } from '../hooks/use-shown-question';
import { useSpeechCues } from '../hooks/use-speech-cues';
import { useSendAttempt, useSubmitAttempt } from '../hooks/use-submit-attempt';
import { useTimeUp } from '../hooks/use-time-up';
import { AttemptActions } from './attempt-actions';
import { ConfirmDialog, SubmitDialog, TimeUpScreen } from './attempt-dialogs';
import { AudioModePanel } from './audio-mode-panel';
import { AttemptClock } from './attempt-clock';
import { AttemptQuestion } from './attempt-question';
import { OfflineNotice } from './offline-notice';
import { QuestionPalette } from './question-palette';
import { SectionCloseDialog, SectionHeader } from './section-header';
import { SectionInterstitial } from './section-interstitial';
import { SyncLabel } from './sync-label';

/**
 * The attempt screen's layout and wiring. Its jobs live beside it: the flow (hooks/attempt-flow), submit
 * (use-submit-attempt), time-up (use-time-up), leaving (use-leave-guard), audio mode's reading and keys
 * (use-attempt-audio) and spoken cues (use-speech-cues).
 */
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
  const queryClient = useQueryClient();
  const online = useOnlineStatus();
  const [flow, dispatch] = useReducer(flowReducer, { phase: 'running' });
  const [confirmSubmit, setConfirmSubmit] = useState(false);
  const [confirmQuit, setConfirmQuit] = useState(false);
  /** The section whose "Close … now?" dialog is up (null: none). */
  const [closeAsked, setCloseAsked] = useState<number | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const deadlineMs = new Date(attempt.deadlineAt).getTime();

  const { leaveTo, blocker, quit: leave } = useLeaveGuard(flow.phase);

  const sessionRef = useRef<ReturnType<typeof useAttemptSession>['session'] | null>(null);
  const sectionsRef = useRef<AttemptSections | null>(null);
  const onRefused = useCallback(
    (err: ApiError) => {
      // A locked section closed meanwhile (issue 26): say so and move to the open one; keep saving.
      if (err.message === QUIZ_MESSAGES.sectionClosed || err.message === QUIZ_MESSAGES.sectionNotOpen) {
        void sectionsRef.current?.onSectionRefused(err);
        return;
      }
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

  const send = useSendAttempt(attempt, clockOffsetMs, session);
  const { autoSubmit, onExpire, notePhase } = useTimeUp({
    flow,
    dispatch,
    session,
    send,
    online,
    queryClient,
  });
  const submit = useSubmitAttempt({
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
  });
  const submitNow = () => {
    setConfirmSubmit(false);
    void submit();
  };

  const quit = () => {
    setConfirmQuit(false);
    void session.flush();
    leave();
  };

  const reachableRef = useRef<(index: number) => boolean>(() => true);
  const goTo = useCallback(
    (index: number) => {
      if (!reachableRef.current(index)) return;
      session.goTo(index);
      requestAnimationFrame(() => headingRef.current?.focus());
    },
    [session],
  );

  const reader = useQuestionReader();

  const { shownLang, shown, changeLang, listenable } = useShownQuestion(question, reader, language, t);

  // ── Listening and audio mode ──────────────────────────────────────────────────────────────
  const [audioMode, setAudioMode] = useAudioModeSetting();
  const { spoken, setSpoken, announce, onWarning } = useSpeechCues({
    reader,
    audioMode,
    phase,
    language,
    lang: shown?.lang ?? question?.lang ?? 'en',
    t,
  });

  const sections = useAttemptSections({
    attempt,
    clockOffsetMs,
    session,
    currentIndex,
    language,
    t,
    announce,
    serverMessage,
  });
  useEffect(() => {
    sectionsRef.current = sections;
    reachableRef.current = sections.canReach;
  });
  // A section that closes on time while its "Close … now?" dialog is up takes the dialog with it: its
  // Enter would otherwise close the section that has just opened.
  const confirmClose = closeAsked !== null && closeAsked === sections.open;
  const setConfirmClose = (open: boolean) => setCloseAsked(open ? sections.open : null);
  const isFirst = currentIndex === sections.firstIndex;
  const isLast = currentIndex === sections.lastIndex;

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
    else if (isLast && currentIndex < questions.length - 1) announce(t('attempt.section.lastInSection'));
    else announce(marked ? t('attempt.cue.markedLast') : t('attempt.cue.savedLast'));
  };

  const continueOn = () => {
    sections.continueOn();
    requestAnimationFrame(() => headingRef.current?.focus());
  };
  const audio = useAttemptAudio({
    audioMode,
    keysActive:
      question !== undefined &&
      phase === 'running' &&
      !confirmSubmit &&
      !confirmQuit &&
      !confirmClose &&
      blocker.state !== 'blocked',
    phase,
    choiceCount: question?.choices.length ?? 0,
    currentIndex,
    isFirst,
    isLast,
    listenable,
    shownLang,
    reader,
    sections,
    language,
    t,
    announce,
    setSpoken,
    goTo,
    choose: chooseAt,
    continueOn,
    openClose: () => setConfirmClose(true),
    openSubmit: () => setConfirmSubmit(true),
    unanswered: () => unansweredCount(paletteCounts(questionIds, entries)),
  });

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
            deadlineMs={sections.deadlineMs ?? deadlineMs}
            clockOffsetMs={clockOffsetMs}
            onExpire={onExpire}
            onWarning={onWarning}
          />
        </div>
      </div>

      {attempt.desc && <p className="text-sm text-slate-600">{attempt.desc}</p>}

      {sections.layout && (
        <SectionHeader
          layout={sections.layout}
          current={sections.current}
          currentIndex={currentIndex}
          clockOffsetMs={clockOffsetMs}
          onSectionExpire={sections.refreshOpen}
          onSectionWarning={sections.onSectionWarning}
          onCloseEarly={audio.askToClose}
          onSwitch={(section) => goTo(sections.layout?.sections[section]?.start ?? 0)}
          disabled={phase !== 'running' || sections.closing}
        />
      )}
      <div className="grid gap-4 lg:grid-cols-[1fr_17rem]">
        <div className="space-y-4">
          <AudioModePanel
            on={audioMode}
            onToggle={() => {
              setSpoken('');
              setAudioMode(!audioMode);
            }}
            paused={reader.paused}
            onReplay={audio.replay}
            onTogglePause={reader.togglePause}
            spoken={spoken}
            sectionKeys={audio.sectionKeys}
            notice={language === 'hi' && <HindiVoiceNotice voices={reader.voices} />}
          />
          {sections.layout && sections.interstitial ? (
            <SectionInterstitial
              layout={sections.layout}
              {...sections.interstitial}
              onContinue={continueOn}
            />
          ) : (
            <>
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
                isFirst={isFirst}
                answered={selected !== undefined}
                disabled={phase !== 'running'}
                submitting={phase === 'submitting'}
                onPrevious={() => goTo(currentIndex - 1)}
                onClear={() => session.clear(question._id)}
                onMarkAndNext={() => markAndMove(true)}
                onSaveAndNext={() => markAndMove(false)}
                onSubmit={audio.askToSubmit}
              />
            </>
          )}
        </div>
        <div className={sections.interstitial ? 'hidden' : 'space-y-4'}>
          <QuestionPalette
            questionIds={questionIds}
            entries={entries}
            currentIndex={currentIndex}
            onJump={goTo}
            groups={sections.paletteGroups}
          />
          <Button variant="ghost" className="w-full" onClick={() => setConfirmQuit(true)}>
            <LogOut className="size-4" aria-hidden="true" />
            {t('attempt.quit')}
          </Button>
        </div>
      </div>

      {/* At the end of the page, in its flow: appearing moves nothing above it (the choices stay under
          the thumb) and covers nothing; the header's "Saved on this device" is in view meanwhile. */}
      <OfflineNotice offline={offline} waiting={view.waiting} storageProblem={view.storageProblem} />

      <Suspense fallback={null}>
        <SubmitDialog
          open={confirmSubmit}
          onOpenChange={setConfirmSubmit}
          counts={paletteCounts(questionIds, entries)}
          onConfirm={submitNow}
          // Not before a locked mock's last section: Enter there would end the sections not reached.
          focusConfirm={audioMode && !audio.closable}
        />
      </Suspense>
      <SectionCloseDialog
        open={confirmClose}
        onOpenChange={setConfirmClose}
        sections={sections}
        focusConfirm={audioMode}
      />
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
