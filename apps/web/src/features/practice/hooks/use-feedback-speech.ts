import { useEffect, useMemo } from 'react';
import {
  browserSpeechEnvironment,
  QuestionReader,
  readListenSettings,
  type QuestionLang,
} from '../../../lib/speech';

/**
 * Speaks feedback through the app's speech layer (`lib/speech.ts`, the same reader Listen and the
 * attempt's audio mode use), with the learner's saved rate and voice. Silent on unmount.
 */
export function useFeedbackSpeech() {
  const reader = useMemo(() => new QuestionReader(browserSpeechEnvironment()), []);
  useEffect(() => () => reader.stop(), [reader]);
  return (text: string, lang: QuestionLang) => reader.say(text, lang, readListenSettings());
}
