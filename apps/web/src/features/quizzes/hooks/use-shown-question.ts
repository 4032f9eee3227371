import type { Language } from '@quizcast/contract/i18n/languages';
import type { AttemptQuestion } from '@quizcast/contract/schemas/quiz';
import { shownText, spokenText, type TextLang } from '@quizcast/contract/domain/question-text';
import type { QuestionReaderState } from '../../../hooks/use-question-reader';
import { useQuestionLanguage } from '../../../hooks/use-question-language';
import type { ListenableQuestion } from '../../../lib/speech';
import type { AttemptT } from '../components/palette-labels';

/**
 * The language of bilingual questions (issue 12): each question keeps the language it was switched
 * to; the last choice is remembered as the default for the next questions and attempts. Answers stay
 * the question's own choice texts. Also what Listen and audio mode read: the shown language, formulas
 * in words.
 */
export function useShownQuestion(
  question: AttemptQuestion | undefined,
  reader: QuestionReaderState,
  language: Language,
  t: AttemptT,
) {
  const questionLanguage = useQuestionLanguage();
  const shownLang = questionLanguage.langOf(question?._id ?? '');
  const shown = question ? shownText(question, shownLang) : null;
  const changeLang = (next: TextLang) => {
    if (!question) return;
    reader.stop();
    questionLanguage.setLang(question._id, next);
  };
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
  return { shownLang, shown, changeLang, listenable };
}
