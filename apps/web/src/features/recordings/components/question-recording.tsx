import { Mic, Square } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { QUESTION_AUDIO_MAX_BYTES, QUESTION_AUDIO_MESSAGES } from '@quizcast/contract/schemas/question-audio';
import { Button } from '../../../components/ui/button';
import { useServerMessage, useT, type LocaliseMessage, type Translate } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/api-client';
import { recordingsCatalog, type RecordingsKey } from '../messages/catalog';
import { useAttachQuestionAudio, useRemoveQuestionAudio } from '../api/question-audio';
import { useMicrophoneRecorder } from '../hooks/use-microphone-recorder';
import type { RecorderState } from '../lib/microphone-recorder';
import {
  RECORDING_MAX_MS,
  RECORDING_MESSAGES,
  formatElapsed,
  recordingExtension,
  recordingSupport,
} from '../lib/recording';

/**
 * A saved question's recording: played to participants instead of speech. Admins record it here with
 * the microphone or upload a file; either goes straight to the server (not part of "Save quiz"). A
 * question that is not saved yet has none.
 */
export function QuestionRecording({
  quizId,
  questionId,
  number,
  audioUrl,
  onChange,
}: {
  quizId?: string;
  questionId?: string;
  number: number;
  audioUrl?: string | null;
  onChange(audioUrl: string | null): void;
}) {
  const id = useId();
  const attach = useAttachQuestionAudio();
  const remove = useRemoveQuestionAudio();
  const [problem, setProblem] = useState<string | null>(null);
  const [recording, recorder] = useMicrophoneRecorder();
  const t = useT(recordingsCatalog);
  const m = useServerMessage();

  if (!quizId || !questionId) {
    return <p className="text-xs text-slate-600">{t('recordings.recording.saveFirst', { number })}</p>;
  }

  /** Sends a file (chosen or recorded); true once it is the question's recording. */
  const upload = async (file: File | undefined): Promise<boolean> => {
    setProblem(null);
    if (!file) return false;
    if (file.size > QUESTION_AUDIO_MAX_BYTES) {
      setProblem(QUESTION_AUDIO_MESSAGES.tooLarge);
      return false;
    }
    try {
      const result = await attach.mutateAsync({ quizId, questionId, file });
      onChange(result.audioUrl);
      toast.success(t('recordings.recording.attached', { number }));
      return true;
    } catch (err) {
      setProblem(errorMessage(err, t('recordings.recording.uploadFailed')));
      return false;
    }
  };

  const keepTake = async () => {
    const take = recording.take;
    if (!take) return;
    const file = new File([take.blob], `question-${number}.${recordingExtension(take.mimeType)}`, {
      type: take.mimeType,
    });
    if (await upload(file)) recorder.discard();
  };

  const detach = async () => {
    setProblem(null);
    try {
      await remove.mutateAsync({ quizId, questionId });
      onChange(null);
      toast.success(t('recordings.recording.removed', { number }));
    } catch (err) {
      setProblem(errorMessage(err, t('recordings.recording.removeFailed')));
    }
  };

  const microphoneBusy = recording.status !== 'idle' && recording.status !== 'recorded';

  return (
    <div className="rounded-xl bg-slate-50 p-3">
      <p className="text-sm font-medium text-slate-800">{t('recordings.recording.title')}</p>
      {audioUrl ? (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <audio
            controls
            preload="none"
            src={audioUrl}
            aria-label={t('recordings.recording.of', { number })}
          />
          <Button
            variant="secondary"
            loading={remove.isPending}
            disabled={microphoneBusy}
            onClick={() => void detach()}
          >
            {t('recordings.recording.remove')}
          </Button>
        </div>
      ) : (
        <p className="mt-1 text-xs text-slate-600">{t('recordings.recording.none')}</p>
      )}

      <RecorderControls
        number={number}
        state={recording}
        uploading={attach.isPending}
        onStart={() => {
          setProblem(null);
          void recorder.start();
        }}
        onStop={() => recorder.stop()}
        onUse={() => void keepTake()}
        onDiscard={() => {
          setProblem(null);
          recorder.discard();
        }}
      />

      <label htmlFor={id} className="mt-3 block text-sm text-slate-800">
        {t(audioUrl ? 'recordings.recording.replace' : 'recordings.recording.upload', { number })}
      </label>
      <input
        id={id}
        type="file"
        accept="audio/mpeg,audio/mp4,audio/ogg,audio/webm,.mp3,.m4a,.ogg,.webm"
        disabled={attach.isPending || microphoneBusy}
        onChange={(e) => {
          void upload(e.target.files?.[0]);
          e.target.value = '';
        }}
        className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-xl file:border-0 file:bg-brand-100 file:px-4 file:font-semibold file:text-brand-900"
      />
      {attach.isPending && (
        <p className="mt-1 text-xs text-slate-600">{t('recordings.recording.uploading')}</p>
      )}
      {problem && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {recordingMessage(problem, t, m)}
        </p>
      )}
    </div>
  );
}

/** A recorder or upload message (English, from `RECORDING_MESSAGES` or the contract) in the language on screen. */
function recordingMessage(english: string, t: Translate<RecordingsKey>, m: LocaliseMessage): string {
  const known = (Object.keys(RECORDING_MESSAGES) as (keyof typeof RECORDING_MESSAGES)[]).find(
    (name) => RECORDING_MESSAGES[name] === english,
  );
  if (known) return t(`recordings.recording.msg.${known}`);
  // "Recording failed: <the browser's own detail>".
  if (english.startsWith(`${RECORDING_MESSAGES.failed}: `))
    return `${t('recordings.recording.msg.failed')}${english.slice(RECORDING_MESSAGES.failed.length)}`;
  return m(english);
}

/** What the polite live region says at each step (once per step: the running time is a separate timer). */
function statusText(state: RecorderState, t: Translate<RecordingsKey>, m: LocaliseMessage): string {
  switch (state.status) {
    case 'requesting':
      return t('recordings.recording.requesting');
    case 'recording':
      return t('recordings.recording.recording');
    case 'stopping':
      return t('recordings.recording.stopping');
    case 'recorded':
      return [
        state.notice && recordingMessage(state.notice, t, m),
        t('recordings.recording.ready', { elapsed: formatElapsed(state.elapsedMs) }),
      ]
        .filter(Boolean)
        .join(' ');
    default:
      return '';
  }
}

/** Record, Stop, then preview with "Use this recording" or "Discard"; focus follows each step. */
function RecorderControls({
  number,
  state,
  uploading,
  onStart,
  onStop,
  onUse,
  onDiscard,
}: {
  number: number;
  state: RecorderState;
  uploading: boolean;
  onStart(): void;
  onStop(): void;
  onUse(): void;
  onDiscard(): void;
}) {
  const [support] = useState(recordingSupport);
  const t = useT(recordingsCatalog);
  const m = useServerMessage();
  const container = useRef<HTMLDivElement>(null);
  const recordButton = useRef<HTMLButtonElement>(null);
  const stopButton = useRef<HTMLButtonElement>(null);
  const useButton = useRef<HTMLButtonElement>(null);
  const previousStatus = useRef(state.status);

  // The button that was pressed goes away at each step: move focus to the next one (unless the
  // admin has already moved elsewhere), so keyboard and screen-reader users keep their place.
  useEffect(() => {
    if (previousStatus.current === state.status) return;
    previousStatus.current = state.status;
    const focused = document.activeElement;
    const lost = !focused || focused === document.body || container.current?.contains(focused);
    if (!lost) return;
    if (state.status === 'recording') stopButton.current?.focus();
    else if (state.status === 'recorded') useButton.current?.focus();
    else if (state.status === 'idle') recordButton.current?.focus();
  }, [state.status]);

  if (support !== 'supported') {
    return <p className="mt-3 text-sm text-slate-700">{t(`recordings.recording.msg.${support}`)}</p>;
  }

  const recording = state.status === 'recording' || state.status === 'stopping';
  return (
    <div ref={container} className="mt-3 space-y-2">
      <p
        role="status"
        aria-live="polite"
        aria-atomic="true"
        className="flex items-center gap-2 text-sm text-slate-800"
      >
        {recording && <span aria-hidden="true" className="size-3 animate-pulse rounded-full bg-red-600" />}
        {statusText(state, t, m)}
      </p>
      {state.status === 'recording' && (
        // role="timer" is not announced on every tick; a screen reader reads it when asked.
        <p
          role="timer"
          aria-label={t('recordings.recording.time')}
          className="font-mono text-sm text-slate-800 tabular-nums"
        >
          {formatElapsed(state.elapsedMs)}
        </p>
      )}
      {state.status === 'recorded' && state.take ? (
        <>
          <audio
            controls
            src={state.take.url}
            aria-label={t('recordings.recording.newOf', { number })}
            className="w-full max-w-sm"
          />
          <div className="flex flex-wrap gap-2">
            <Button ref={useButton} loading={uploading} onClick={onUse}>
              {t('recordings.recording.use')}
              <span className="sr-only">{t('recordings.recording.useFor', { number })}</span>
            </Button>
            <Button variant="secondary" disabled={uploading} onClick={onDiscard}>
              {t('recordings.recording.discard')}
              <span className="sr-only">{t('recordings.recording.discardOf', { number })}</span>
            </Button>
          </div>
        </>
      ) : recording ? (
        <div className="flex flex-wrap items-center gap-2">
          <Button ref={stopButton} variant="danger" loading={state.status === 'stopping'} onClick={onStop}>
            <Square aria-hidden="true" className="size-4" />
            {t('recordings.recording.stop')}
            <span className="sr-only">{t('recordings.recording.stopOf', { number })}</span>
          </Button>
          <span className="text-xs text-slate-600">
            {t('recordings.recording.stopsAt', { limit: formatElapsed(RECORDING_MAX_MS) })}
          </span>
        </div>
      ) : (
        <Button
          ref={recordButton}
          variant="secondary"
          loading={state.status === 'requesting'}
          onClick={onStart}
        >
          <Mic aria-hidden="true" className="size-4" />
          {t('recordings.recording.record')}
          <span className="sr-only">{t('recordings.recording.recordOf', { number })}</span>
        </Button>
      )}
      {state.error && (
        <p role="alert" className="text-sm text-red-700">
          {recordingMessage(state.error, t, m)}
        </p>
      )}
    </div>
  );
}
