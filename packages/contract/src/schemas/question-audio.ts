import { z } from 'zod';

/** Recorded audio of a question (issue "Audio-first"): admins upload, everyone plays it instead of speech. */

export const QUESTION_AUDIO_MAX_BYTES = 5 * 1024 * 1024;
export const QUESTION_AUDIO_FIELD = 'audio';
export const QUESTION_AUDIO_FORMATS = ['mp3', 'm4a', 'ogg', 'webm'] as const;
export type QuestionAudioFormat = (typeof QUESTION_AUDIO_FORMATS)[number];

export const QUESTION_AUDIO_MESSAGES = {
  required: 'An audio file is required',
  notAudio: 'Audio must be an mp3, m4a, ogg or webm file',
  tooLarge: 'Audio must be at most 5 MB',
  questionNotFound: 'Question not found',
  removed: 'Audio removed',
} as const;

export const questionAudioParamsSchema = z.object({
  quizId: z.uuid({ message: 'quizId must be a valid id' }),
  questionId: z.uuid({ message: 'questionId must be a valid id' }),
});
export type QuestionAudioParams = z.infer<typeof questionAudioParamsSchema>;

export const questionAudioResponseSchema = z.object({
  questionId: z.string(),
  /** Same-origin URL that serves the recording with HTTP range requests. */
  audioUrl: z.string(),
});
export type QuestionAudioResponse = z.infer<typeof questionAudioResponseSchema>;

export const questionAudioRemovedSchema = z.object({
  questionId: z.string(),
  message: z.literal(QUESTION_AUDIO_MESSAGES.removed),
});

export const audioFileParamsSchema = z.object({ fileName: z.string() });

/** The public URL of a stored recording key `audio/<uuid>.<ext>`. */
export function questionAudioUrl(audioKey: string): string {
  return `/api/files/${audioKey}`;
}
