/** On this device: "en" or "hi". */
const QUESTION_LANGUAGE_KEY = 'QUIZCAST_QUESTION_LANGUAGE';
import type { TextLang } from '@quizcast/contract/schemas/question-text';
import { currentLanguage } from '../i18n/i18n';
import { storage } from './storage';

/**
 * The language bilingual questions open in (issue 12): the one last chosen on this device, else the
 * app's language (which follows the learner's preferred language in their profile).
 */
export function defaultQuestionLanguage(): TextLang {
  const stored = storage.get(QUESTION_LANGUAGE_KEY);
  return stored === 'en' || stored === 'hi' ? stored : currentLanguage();
}

export function rememberQuestionLanguage(lang: TextLang): void {
  storage.set(QUESTION_LANGUAGE_KEY, lang);
}
