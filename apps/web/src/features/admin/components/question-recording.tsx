import { useId, useState } from 'react';
import { toast } from 'sonner';
import { QUESTION_AUDIO_MAX_BYTES, QUESTION_AUDIO_MESSAGES } from '@quizcast/contract/schemas/question-audio';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useAttachQuestionAudio, useRemoveQuestionAudio } from '../api/question-audio';

/**
 * A saved question's recording: played to participants instead of speech. Uploads go straight to
 * the server (they are not part of "Save quiz"); a question that is not saved yet has none.
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

  if (!quizId || !questionId) {
    return (
      <p className="text-xs text-slate-600">Save the quiz to attach a recording to question {number}.</p>
    );
  }

  const upload = async (file: File | undefined) => {
    setProblem(null);
    if (!file) return;
    if (file.size > QUESTION_AUDIO_MAX_BYTES) {
      setProblem(QUESTION_AUDIO_MESSAGES.tooLarge);
      return;
    }
    try {
      const result = await attach.mutateAsync({ quizId, questionId, file });
      onChange(result.audioUrl);
      toast.success(`Recording attached to question ${number}`);
    } catch (err) {
      setProblem(errorMessage(err, 'Could not upload the recording'));
    }
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

  return (
    <div className="rounded-xl bg-slate-50 p-3">
      <p className="text-sm font-medium text-slate-800">Recording (optional)</p>
      {audioUrl ? (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <audio controls preload="none" src={audioUrl} aria-label={`Recording of question ${number}`} />
          <Button variant="secondary" loading={remove.isPending} onClick={() => void detach()}>
            Remove recording
          </Button>
        </div>
      ) : (
        <p className="mt-1 text-xs text-slate-600">None: participants hear the question read aloud.</p>
      )}
      <label htmlFor={id} className="mt-2 block text-sm text-slate-800">
        {audioUrl ? 'Replace' : 'Upload'} the recording of question {number} (mp3, m4a, ogg or webm, up to 5
        MB)
      </label>
      <input
        id={id}
        type="file"
        accept="audio/mpeg,audio/mp4,audio/ogg,audio/webm,.mp3,.m4a,.ogg,.webm"
        disabled={attach.isPending}
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
