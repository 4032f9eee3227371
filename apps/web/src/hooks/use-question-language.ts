import { useState } from 'react';
import type { TextLang } from '@quizcast/contract/schemas/question-text';
import { defaultQuestionLanguage, rememberQuestionLanguage } from '../lib/question-language';

/**
 * The language each bilingual question is shown in on one screen: the learner's default until they
 * switch a question; a switch is remembered as the default for the questions that follow.
 */
export function useQuestionLanguage() {
  const [defaultLang, setDefaultLang] = useState<TextLang>(defaultQuestionLanguage);
  const [byId, setById] = useState<Record<string, TextLang>>({});
  return {
    langOf: (questionId: string): TextLang => byId[questionId] ?? defaultLang,
    setLang: (questionId: string, lang: TextLang) => {
      setById((all) => ({ ...all, [questionId]: lang }));
      setDefaultLang(lang);
      rememberQuestionLanguage(lang);
    },
  };
}
