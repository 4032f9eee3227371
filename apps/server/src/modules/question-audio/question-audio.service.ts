import { randomUUID } from 'node:crypto';
import {
  QUESTION_AUDIO_MAX_BYTES,
  QUESTION_AUDIO_MESSAGES,
  questionAudioUrl,
  type QuestionAudioFormat,
} from '@quizcast/contract/schemas/question-audio';
import { badRequest, notFound, payloadTooLarge } from '../../lib/http-error';
import type { FileStorage } from '../../providers/storage/storage';
import { detectAudioFormat } from './audio-format';
import type { QuestionAudioRepository } from './question-audio.repository';

export const AUDIO_PREFIX = 'audio/';

const CONTENT_TYPES: Record<QuestionAudioFormat, string> = {
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  webm: 'audio/webm',
};

/** Attach, replace and remove a question's recording. A replaced or removed file is deleted. */
export class QuestionAudioService {
  constructor(
    private readonly repository: QuestionAudioRepository,
    private readonly storage: FileStorage,
  ) {}

  async attach(quizId: string, questionId: string, data: Buffer | null) {
    if (!data || data.length === 0) throw badRequest(QUESTION_AUDIO_MESSAGES.required);
    if (data.length > QUESTION_AUDIO_MAX_BYTES) throw payloadTooLarge(QUESTION_AUDIO_MESSAGES.tooLarge);
    const previous = await this.repository.audioKey(quizId, questionId);
    if (previous === undefined) throw notFound(QUESTION_AUDIO_MESSAGES.questionNotFound);
    const format = detectAudioFormat(data);
    if (!format) throw badRequest(QUESTION_AUDIO_MESSAGES.notAudio);

    const key = `${AUDIO_PREFIX}${randomUUID()}.${format}`;
    await this.storage.put(key, data, CONTENT_TYPES[format]);
    const updated = await this.repository.setAudioKey(quizId, questionId, key);
    if (!updated) {
      await this.storage.delete(key);
      throw notFound(QUESTION_AUDIO_MESSAGES.questionNotFound);
    }
    if (previous) await this.storage.delete(previous);
    return { questionId, audioUrl: questionAudioUrl(key) };
  }

  async remove(quizId: string, questionId: string) {
    const previous = await this.repository.audioKey(quizId, questionId);
    if (previous === undefined) throw notFound(QUESTION_AUDIO_MESSAGES.questionNotFound);
    await this.repository.setAudioKey(quizId, questionId, null);
    if (previous) await this.storage.delete(previous);
    return { questionId, message: QUESTION_AUDIO_MESSAGES.removed };
  }
}
