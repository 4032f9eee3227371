import { Mic, Square } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { QUESTION_AUDIO_MAX_BYTES, QUESTION_AUDIO_MESSAGES } from '@quizcast/contract/schemas/question-audio';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
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

  if (!quizId || !questionId) {
    return (
      <p className="text-xs text-slate-600">Save the quiz to attach a recording to question {number}.</p>
    );
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
      toast.success(`Recording attached to question ${number}`);
      return true;
    } catch (err) {
      setProblem(errorMessage(err, 'Could not upload the recording'));
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
      toast.success(`Recording removed from question ${number}`);
    } catch (err) {
      setProblem(errorMessage(err, 'Could not remove the recording'));
    }
  };

  const microphoneBusy = recording.status !== 'idle' && recording.status !== 'recorded';

  return (
    <div className="rounded-xl bg-slate-50 p-3">
      <p className="text-sm font-medium text-slate-800">Recording (optional)</p>
      {audioUrl ? (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <audio controls preload="none" src={audioUrl} aria-label={`Recording of question ${number}`} />
          <Button
            variant="secondary"
            loading={remove.isPending}
            disabled={microphoneBusy}
            onClick={() => void detach()}
          >
            Remove recording
          </Button>
        </div>
      ) : (
        <p className="mt-1 text-xs text-slate-600">None: participants hear the question read aloud.</p>
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
        {audioUrl ? 'Replace' : 'Upload'} the recording of question {number} (mp3, m4a, ogg or webm, up to 5
        MB)
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
      {attach.isPending && <p className="mt-1 text-xs text-slate-600">Uploading…</p>}
      {problem && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}

/** What the polite live region says at each step (once per step: the running time is a separate timer). */
function statusText(state: RecorderState): string {
  switch (state.status) {
    case 'requesting':
      return 'Waiting for the microphone…';
    case 'recording':
      return 'Recording…';
    case 'stopping':
      return 'Finishing the recording…';
    case 'recorded':
      return [
        state.notice,
        `New recording ready (${formatElapsed(state.elapsedMs)}): listen to it, then use it or discard it.`,
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
    return <p className="mt-3 text-sm text-slate-700">{RECORDING_MESSAGES[support]}</p>;
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
        {statusText(state)}
      </p>
      {state.status === 'recording' && (
        // role="timer" is not announced on every tick; a screen reader reads it when asked.
        <p role="timer" aria-label="Recording time" className="font-mono text-sm text-slate-800 tabular-nums">
          {formatElapsed(state.elapsedMs)}
        </p>
      )}
      {state.status === 'recorded' && state.take ? (
        <>
          <audio
            controls
            src={state.take.url}
            aria-label={`New recording of question ${number} (not saved yet)`}
            className="w-full max-w-sm"
          />
          <div className="flex flex-wrap gap-2">
            <Button ref={useButton} loading={uploading} onClick={onUse}>
              Use this recording<span className="sr-only"> for question {number}</span>
            </Button>
            <Button variant="secondary" disabled={uploading} onClick={onDiscard}>
              Discard<span className="sr-only"> the new recording of question {number}</span>
            </Button>
          </div>
        </>
      ) : recording ? (
        <div className="flex flex-wrap items-center gap-2">
          <Button ref={stopButton} variant="danger" loading={state.status === 'stopping'} onClick={onStop}>
            <Square aria-hidden="true" className="size-4" />
            Stop recording<span className="sr-only"> question {number}</span>
          </Button>
          <span className="text-xs text-slate-600">
            Stops by itself at {formatElapsed(RECORDING_MAX_MS)}.
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
          Record<span className="sr-only"> question {number}</span>
        </Button>
      )}
      {state.error && (
        <p role="alert" className="text-sm text-red-700">
          {state.error}
        </p>
      )}
    </div>
  );
}
